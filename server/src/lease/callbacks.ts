import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { contracts } from '@console/db/schema/lease';
import { signingCallbacks, signingFlows, type SigningState } from '@console/db/schema/lease-esign';
import { statusAllows, type LeaseAction } from '@console/contract/codes/lease-flow';
import {
  APP_ID_HEADER,
  callbackBody,
  checkSignature,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type CallbackBody,
} from '@console/contract/lease/esign-protocol';
import { unitOfWork } from '../lib/unit-of-work.ts';
import type { EsignSettings } from './esign-client.ts';
import { applyMove } from './moves.ts';

export type Verified = { ok: true; body: CallbackBody } | { ok: false; http: 400 | 401; reason: string };

/**
 * Check a callback before anything reads it: it must come from our app (its id), carry the app secret's signature
 * over exactly this body, be recent, and fit the protocol. A forged, altered or replayed-late callback stops here.
 */
export function verifyCallback(
  settings: EsignSettings,
  headers: (name: string) => string | null | undefined,
  rawBody: string,
  now: number,
): Verified {
  if (!settings.secret) return { ok: false, http: 401, reason: 'e-signature is not configured' };
  if (headers(APP_ID_HEADER) !== settings.appId) return { ok: false, http: 401, reason: 'unknown app' };
  const check = checkSignature(
    settings.secret,
    { timestamp: headers(TIMESTAMP_HEADER), signature: headers(SIGNATURE_HEADER) },
    rawBody,
    now,
  );
  if (check !== 'ok') return { ok: false, http: 401, reason: `signature ${check}` };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, http: 400, reason: 'not JSON' };
  }
  const parsed = callbackBody.safeParse(json);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, http: 400, reason: 'outside the protocol' };
}

/**
 * What a callback did: `applied` moved the contract; `repeated` was seen before (same event id); `ignored` came for a
 * flow that has moved on (recorded, so the provider stops sending it); `early` comes before its turn (a lessor's
 * signature before the lessee's): nothing is recorded and the provider is asked (409) to send it again later;
 * `unknown` names no flow of ours.
 */
export type CallbackOutcome = 'applied' | 'repeated' | 'ignored' | 'early' | 'unknown';
export const CALLBACK_HTTP: Record<CallbackOutcome, 200 | 404 | 409> = {
  applied: 200,
  repeated: 200,
  ignored: 200,
  early: 409,
  unknown: 404,
};

/** Each event type: the flow state it needs, the state it leaves, and the contract's move. */
const EVENTS: Record<CallbackBody['type'], { from: SigningState[]; to: SigningState; action: LeaseAction }> = {
  lesseeSigned: { from: ['lesseePending'], to: 'lessorPending', action: 'lesseeSigned' },
  lessorSigned: { from: ['lessorPending'], to: 'completed', action: 'lessorSigned' },
  refused: { from: ['lesseePending', 'lessorPending'], to: 'refused', action: 'cancelSigning' },
  failed: { from: ['lesseePending', 'lessorPending'], to: 'failed', action: 'cancelSigning' },
};

/** Apply a verified callback: statuses 5 and 6 follow the provider, and nothing else moves them. */
export async function applyCallback(db: Db, event: CallbackBody, now: number): Promise<CallbackOutcome> {
  return unitOfWork(db, async (tx) => {
    if (await tx.select().from(signingCallbacks).where(eq(signingCallbacks.eventId, event.eventId)).get())
      return 'repeated';
    const flow = await tx.select().from(signingFlows).where(eq(signingFlows.providerFlowId, event.flowId)).get();
    if (!flow || String(flow.contractId) !== event.reference) return 'unknown';
    const contract = (await tx.select().from(contracts).where(eq(contracts.id, flow.contractId)).get())!;
    const rule = EVENTS[event.type];
    const record = (outcome: 'applied' | 'ignored') =>
      tx
        .insert(signingCallbacks)
        .values({ eventId: event.eventId, flowId: flow.id, type: event.type, outcome, receivedAt: new Date(now) })
        .run();
    if (!rule.from.includes(flow.state)) {
      // The lessor's signature while the lessee's is awaited: its turn will come.
      if (event.type === 'lessorSigned' && flow.state === 'lesseePending') return 'early';
      await record('ignored');
      return 'ignored';
    }
    if (!statusAllows(rule.action, contract.status)) {
      await record('ignored');
      return 'ignored';
    }
    const signedAt = new Date(event.at);
    const at = new Date(now);
    await tx
      .update(signingFlows)
      .set({
        state: rule.to,
        updatedAt: at,
        ...(event.type === 'lesseeSigned' ? { lesseeSigner: event.signer, lesseeSignedAt: signedAt } : {}),
        ...(event.type === 'lessorSigned' ? { lessorSigner: event.signer, lessorSignedAt: signedAt } : {}),
      })
      .where(eq(signingFlows.id, flow.id))
      .run();
    const reason = event.type === 'refused' || event.type === 'failed' ? event.reason || event.type : '';
    await applyMove(
      tx,
      { kind: 'provider' },
      contract,
      rule.action,
      { reason, details: { flowId: event.flowId, eventId: event.eventId, type: event.type, signer: event.signer } },
      now,
    );
    await record('applied');
    return 'applied';
  });
}
