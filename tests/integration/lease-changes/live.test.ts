import { CNY } from '@console/contract/codes/money';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import {
  APP_ID_HEADER,
  signPayload,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type CallbackBody,
} from '@console/contract/lease/esign-protocol';
import { ESIGN_CALLBACK_PATH, esignSettings } from '@console/server/src/lease/esign-client';
import { approve, submit } from '@console/server/src/lease/review';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { withoutSeededBilling, leaseTwoMachines } from '../lease-billing/helpers.ts';
import { contractRow, demoUser } from '../lease/helpers.ts';
import { changeOf, signOnPage, startSigning, statusOf } from './helpers.ts';

/** A change the provider signs is announced to the open pages of the change and of the contract it rewrites. */
describe('a change coming into force, live', () => {
  let f: SigningFixture;
  let t: TestApp;
  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
  });
  afterAll(() => f?.close());

  /** Deliver the provider's event through the callback route, signed as the provider signs. */
  const post = async (body: CallbackBody) => {
    const settings = esignSettings(t.deps.env);
    const raw = JSON.stringify(body);
    // Stamped on the clock the server and a simulated provider share (its business clock here).
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
    const lease = await leaseTwoMachines(f);
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: lease.on('04-11'),
      lines: [{ op: 'reprice', lineId: lease.lines.daily, businessModel: 23, dayCents: 20_000 }],
    });
    const admin = await demoUser(t, ROLE.lessorAdmin);
    await submit(t.dbh.db, admin, id, t.deps.now(), CNY);
    if ((await statusOf(t, id)) === 1) await approve(t.dbh.db, admin, id, t.deps.now());
    // The test delivers the provider's events itself, one at a time: the provider holds its own back.
    f.provider.steering.callbackDelayMs = 600_000;
    const signing = await startSigning(t, id);
    expect((await post(await signOnPage(f, signing.lesseeUrl, '王建国', 'lesseeSigned'))).status).toBe(200);
    expect(await statusOf(t, id)).toBe(6);
    const lessorSigned = await signOnPage(f, signing.lessorUrl, '李华', 'lessorSigned');
    const published = vi.spyOn(t.deps.live, 'publish');
    expect((await post(lessorSigned)).status).toBe(200);
    expect(await statusOf(t, id)).toBe(7);
    const contract = await contractRow(t, lease.contractId);
    const parties = { orgIds: [contract.lessorOrgId, contract.renterOrgId] };
    expect(published.mock.calls).toEqual([
      [{ type: 'contract', id, status: 7, at: expect.any(Number) }, parties],
      [{ type: 'contract', id: lease.contractId, status: contract.status, at: expect.any(Number) }, parties],
    ]);
    published.mockRestore();
  });
});
