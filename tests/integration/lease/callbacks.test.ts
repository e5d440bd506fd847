import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contracts } from '@console/db/schema/lease';
import { signingCallbacks, signingFlows } from '@console/db/schema/lease-esign';
import {
  APP_ID_HEADER,
  signPayload,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type CallbackBody,
} from '@console/contract/lease/esign-protocol';
import { applyCallback, verifyCallback } from '@console/server/src/lease/callbacks';
import { ESIGN_CALLBACK_PATH, esignSettings } from '@console/server/src/lease/esign-client';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { contractRow, inSigning, lessorIds, seededIn, timeline } from './helpers.ts';

/** Callbacks as the provider sends them, signed with the app secret, and as a forger would. */
describe('e-signature callbacks', () => {
  let t: TestApp;
  let huadong: number;
  const settings = () => esignSettings(t.deps.env);
  const now = () => t.deps.now();
  let n = 0;
  const event = (flowId: string, contractId: number, type: CallbackBody['type'], more: Partial<CallbackBody> = {}) => ({
    eventId: `E-test-${++n}-${Date.now()}`,
    flowId,
    reference: String(contractId),
    type,
    signer: '王建国',
    reason: '',
    at: now(),
    ...more,
  });
  /** The headers a genuine delivery carries. */
  const signed = (body: string, at = now(), secret = settings().secret!, appId = settings().appId) => {
    const timestamp = String(at);
    const headers: Record<string, string> = {
      [APP_ID_HEADER]: appId,
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signPayload(secret, timestamp, body),
    };
    return (name: string) => headers[name];
  };
  /** Deliver as the route will: verify, then apply. */
  const deliver = async (body: CallbackBody, headers?: (name: string) => string | undefined) => {
    const raw = JSON.stringify(body);
    const verified = verifyCallback(settings(), headers ?? signed(raw), raw, now());
    return verified.ok ? await applyCallback(t.dbh.db, verified.body, now()) : `refused ${verified.http}`;
  };
  const flowOf = async (contractId: number) =>
    (await t.dbh.db.select().from(signingFlows).where(eq(signingFlows.contractId, contractId)).get())!;

  beforeAll(async () => {
    t = await createTestApp();
    [huadong] = (await lessorIds(t)) as [number];
  });
  afterAll(() => t?.dbh.close());

  it('moves 5 to 6 to 7 as the lessee and then the lessor sign, recording who signed', async () => {
    const { contract: c, flowId } = await inSigning(t, huadong);
    const flow = { providerFlowId: flowId };
    expect(await deliver(event(flow.providerFlowId, c.id, 'lesseeSigned'))).toBe('applied');
    expect((await contractRow(t, c.id)).status).toBe(6);
    expect(await deliver(event(flow.providerFlowId, c.id, 'lessorSigned', { signer: '李华' }))).toBe('applied');
    expect((await contractRow(t, c.id)).status).toBe(7);
    expect(await flowOf(c.id)).toMatchObject({ state: 'completed', lesseeSigner: '王建国', lessorSigner: '李华' });
    expect((await timeline(t, c.id)).slice(-2).map((e) => [e.action, e.actor, e.userId])).toEqual([
      ['lesseeSigned', 'provider', null],
      ['lessorSigned', 'provider', null],
    ]);
  });

  it('changes nothing for a forged, altered, foreign, stale or unsigned callback', async () => {
    const { contract: c, flowId } = await inSigning(t, huadong);
    const flow = { providerFlowId: flowId };
    const body = event(flow.providerFlowId, c.id, 'lesseeSigned');
    const raw = JSON.stringify(body);
    const altered = { ...body, signer: 'Mallory' };
    const before = (await timeline(t, c.id)).length;
    expect(await deliver(body, signed(raw, now(), 'a-secret-the-forger-guessed'))).toBe('refused 401');
    expect(await deliver(altered, signed(raw))).toBe('refused 401');
    expect(await deliver(body, signed(raw, now(), settings().secret!, 'another-app'))).toBe('refused 401');
    expect(await deliver(body, signed(raw, now() - 10 * 60_000))).toBe('refused 401');
    expect(await deliver(body, () => undefined)).toBe('refused 401');
    expect((await contractRow(t, c.id)).status).toBe(5);
    expect((await timeline(t, c.id)).length).toBe(before);
    expect(
      await t.dbh.db.select().from(signingCallbacks).where(eq(signingCallbacks.eventId, body.eventId)).all(),
    ).toEqual([]);
  });

  it('applies a repeated callback once', async () => {
    const { contract: c, flowId } = await inSigning(t, huadong);
    const flow = { providerFlowId: flowId };
    const body = event(flow.providerFlowId, c.id, 'lesseeSigned');
    expect(await deliver(body)).toBe('applied');
    const after = (await timeline(t, c.id)).length;
    expect(await deliver(body)).toBe('repeated');
    expect(await deliver(body)).toBe('repeated');
    expect((await contractRow(t, c.id)).status).toBe(6);
    expect((await timeline(t, c.id)).length).toBe(after);
  });

  it("keeps a lessor's signature that comes before the lessee's for its turn, and applies it then", async () => {
    const { contract: c, flowId } = await inSigning(t, huadong);
    const flow = { providerFlowId: flowId };
    const early = event(flow.providerFlowId, c.id, 'lessorSigned');
    expect(await deliver(early)).toBe('early');
    expect((await contractRow(t, c.id)).status).toBe(5);
    expect(await deliver(event(flow.providerFlowId, c.id, 'lesseeSigned'))).toBe('applied');
    // The provider sends it again after the 409, as it would.
    expect(await deliver(early)).toBe('applied');
    expect((await contractRow(t, c.id)).status).toBe(7);
  });

  it('sends a refused or failed signing back to wait for a new flow, and ignores what comes for an ended flow', async () => {
    const { contract: refused, flowId } = await inSigning(t, huadong);
    const flow = { providerFlowId: flowId };
    expect(await deliver(event(flow.providerFlowId, refused.id, 'lesseeSigned'))).toBe('applied');
    expect(await deliver(event(flow.providerFlowId, refused.id, 'refused', { reason: '租期需要调整' }))).toBe(
      'applied',
    );
    expect((await contractRow(t, refused.id)).status).toBe(3);
    expect((await timeline(t, refused.id)).at(-1)).toMatchObject({
      action: 'cancelSigning',
      actor: 'provider',
      reason: '租期需要调整',
    });
    expect(await deliver(event(flow.providerFlowId, refused.id, 'lessorSigned'))).toBe('ignored');
    expect((await contractRow(t, refused.id)).status).toBe(3);
    const unknown = event('F-no-such-flow', refused.id, 'lesseeSigned');
    expect(await deliver(unknown)).toBe('unknown');
    // A flow of one contract cannot move another.
    const other = await seededIn(t, huadong, 5);
    expect(await deliver(event((await flowOf(other.id)).providerFlowId, refused.id, 'lesseeSigned'))).toBe('unknown');
    expect((await t.dbh.db.select().from(contracts).where(eq(contracts.id, other.id)).get())!.status).toBe(5);
  });

  it('accepts no callback on a production server without its own app secret', async () => {
    const production = esignSettings({ ...t.deps.env, NODE_ENV: 'production', ESIGN_APP_SECRET: undefined });
    const c = await seededIn(t, huadong, 5);
    const raw = JSON.stringify(event((await flowOf(c.id)).providerFlowId, c.id, 'lesseeSigned'));
    expect(verifyCallback(production, signed(raw), raw, now())).toMatchObject({ ok: false, http: 401 });
  });

  it("tells the parties' open pages when the provider moves a contract, and nobody else", async () => {
    const { contract: c, flowId } = await inSigning(t, huadong);
    const published = vi.spyOn(t.deps.live, 'publish');
    const post = async (body: CallbackBody) => {
      const raw = JSON.stringify(body);
      const headers = signed(raw);
      const names = [APP_ID_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER];
      return t.app.request(ESIGN_CALLBACK_PATH, {
        method: 'POST',
        headers: Object.fromEntries(names.map((name) => [name, headers(name)!])),
        body: raw,
      });
    };
    const lesseeSigned = event(flowId, c.id, 'lesseeSigned');
    expect((await post(lesseeSigned)).status).toBe(200);
    expect(published.mock.calls).toEqual([
      [{ type: 'contract', id: c.id, status: 6, at: expect.any(Number) }, { orgIds: [c.lessorOrgId, c.renterOrgId] }],
    ]);
    // The same delivery again moves nothing, and nothing is announced.
    expect((await post(lesseeSigned)).status).toBe(200);
    expect(published).toHaveBeenCalledTimes(1);
    published.mockRestore();
  });
});
