import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signingFlows } from '@console/db/schema/lease-esign';
import { ROLE } from '@console/contract/codes/roles';
import {
  APP_ID_HEADER,
  signPayload,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type CallbackBody,
} from '@console/contract/lease/esign-protocol';
import { asActor } from '@console/server/src/lease/access';
import { ESIGN_CALLBACK_PATH, esignSettings } from '@console/server/src/lease/esign-client';
import { applyMove } from '@console/server/src/lease/moves';
import { approve, submit } from '@console/server/src/lease/review';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { withoutSeededBilling, leaseTwoMachines } from '../lease-billing/helpers.ts';
import { contractRow, demoUser } from '../lease/helpers.ts';
import { changeOf, periodsOf, statusOf } from './helpers.ts';

/** A change the provider signs is announced to the open pages of the change and of the contract it rewrites. */
describe('a change coming into force, live', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    withoutSeededBilling(t);
  });
  afterAll(() => t?.dbh.close());

  /** Deliver a provider event through the callback route, signed as the provider signs. */
  const post = (body: CallbackBody) => {
    const settings = esignSettings(t.deps.env);
    const raw = JSON.stringify(body);
    const timestamp = String(t.deps.now());
    return t.app.request(ESIGN_CALLBACK_PATH, {
      method: 'POST',
      headers: {
        [APP_ID_HEADER]: settings.appId,
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signPayload(settings.secret!, timestamp, raw),
      },
      body: raw,
    });
  };

  it("tells the contract's open pages when the lessor's signature puts its change in force", async () => {
    const lease = leaseTwoMachines(t);
    const line = periodsOf(t, lease.contractId)[0]!.lineId;
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: '2026-04-11',
      lines: [{ op: 'reprice', lineId: line, businessModel: 23, dayCents: 20_000 }],
    });
    const admin = demoUser(t, ROLE.lessorAdmin);
    submit(t.dbh.db, admin, id, t.deps.now());
    if (statusOf(t, id) === 1) approve(t.dbh.db, admin, id, t.deps.now());
    const flowId = `F-live-${id}`;
    t.dbh.db.transaction((tx) => {
      tx.insert(signingFlows).values({ contractId: id, providerFlowId: flowId, startedBy: admin.id }).run();
      applyMove(tx, asActor(admin), contractRow(t, id), 'startSigning', {}, t.deps.now());
    });
    const event = (type: CallbackBody['type']): CallbackBody => ({
      ...{ eventId: `E-live-${id}-${type}`, flowId, reference: String(id), type },
      ...{ signer: '张三', reason: '', at: t.deps.now() },
    });
    expect((await post(event('lesseeSigned'))).status).toBe(200);
    const published = vi.spyOn(t.deps.live, 'publish');
    expect((await post(event('lessorSigned'))).status).toBe(200);
    expect(statusOf(t, id)).toBe(7);
    const contract = contractRow(t, lease.contractId);
    const parties = { orgIds: [contract.lessorOrgId, contract.renterOrgId] };
    expect(published.mock.calls).toEqual([
      [{ type: 'contract', id, status: 7, at: expect.any(Number) }, parties],
      [{ type: 'contract', id: lease.contractId, status: contract.status, at: expect.any(Number) }, parties],
    ]);
    published.mockRestore();
  });
});
