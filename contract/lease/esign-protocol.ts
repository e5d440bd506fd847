import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The e-signature provider's HTTP interface, as the server uses it and the simulated provider (esign/) serves it
 * (docs/decisions/030-e-signature-provider.md). It is shaped like the open APIs of the providers in this market: an
 * app id and secret, flows created with the document and the signers, signing pages the provider serves, and
 * callbacks signed with the app secret. A real provider gets an adapter of its own beside this one.
 */

/** Headers of every signed message, both ways. */
export const APP_ID_HEADER = 'x-esign-app-id';
export const TIMESTAMP_HEADER = 'x-esign-timestamp';
export const SIGNATURE_HEADER = 'x-esign-signature';
/** A signed message older or newer than this is refused (a captured callback cannot be replayed later). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** HMAC-SHA256 over `<timestamp>.<raw body>` with the app secret, hex. */
export function signPayload(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export type SignatureCheck = 'ok' | 'missing' | 'badSignature' | 'stale';

/** Whether a message carries the app's signature over exactly this body, made within the allowed skew. */
export function checkSignature(
  secret: string,
  headers: { timestamp?: string | null; signature?: string | null },
  body: string,
  now: number,
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{10,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return 'badSignature';
  const expected = Buffer.from(signPayload(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'badSignature';
  if (Math.abs(now - Number(timestamp)) > MAX_CLOCK_SKEW_MS) return 'stale';
  return 'ok';
}

export const SIGNER_ROLES = ['lessee', 'lessor'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

/** POST /v1/flows: a flow for one document; the lessee signs first, then the lessor (with its seal). */
export const createFlowRequest = z.object({
  /** The caller's own reference (the contract's id), echoed in every callback. */
  reference: z.string().min(1).max(64),
  title: z.string().min(1).max(200),
  /** The document to sign, base64. */
  document: z.string().min(1),
  signers: z
    .array(
      z.object({
        role: z.enum(SIGNER_ROLES),
        name: z.string().min(1).max(100),
        mobile: z.string().max(20).default(''),
        /** The lessor's seal, drawn by the provider when the lessor signs. */
        sealText: z.string().max(100).default(''),
      }),
    )
    .length(2),
  callbackUrl: z.url({ protocol: /^https?$/ }),
});
export type CreateFlowRequest = z.infer<typeof createFlowRequest>;

export const FLOW_STATES = ['lesseePending', 'lessorPending', 'completed', 'refused', 'failed', 'cancelled'] as const;
export type FlowState = (typeof FLOW_STATES)[number];

/** An account's standing at the provider: a company's authorisation, a person's e-signature verification. */
export const ACCOUNT_STATES = ['none', 'pending', 'verified', 'expired'] as const;
export const accountView = z.object({
  accountId: z.string(),
  state: z.enum(ACCOUNT_STATES),
  expiresOn: z.string().nullable(),
});
export type AccountView = z.infer<typeof accountView>;

export const CALLBACK_TYPES = ['lesseeSigned', 'lessorSigned', 'refused', 'failed'] as const;
export type CallbackType = (typeof CALLBACK_TYPES)[number];

/** What the provider POSTs to the callback URL, signed (SIGNATURE_HEADER). */
export const callbackBody = z.object({
  /** Unique per event: a repeated delivery carries the same id. */
  eventId: z.string().min(8).max(64),
  flowId: z.string().min(1).max(64),
  reference: z.string().min(1).max(64),
  type: z.enum(CALLBACK_TYPES),
  /** The signer's name (signed events) or the reason (refused, failed). */
  signer: z.string().max(100).default(''),
  reason: z.string().max(200).default(''),
  /** When it happened at the provider, ms since the epoch. */
  at: z.number().int().positive(),
});
export type CallbackBody = z.infer<typeof callbackBody>;

export const flowView = z.object({
  flowId: z.string(),
  reference: z.string(),
  state: z.enum(FLOW_STATES),
  /** The pages where each party signs (served by the provider). */
  lesseeUrl: z.string(),
  lessorUrl: z.string(),
  /**
   * What happened in the flow so far, in order: the events its callbacks carry, so a server that missed a callback
   * (lost on the way, refused while its clock disagreed) learns them by asking (a real provider's flow query).
   */
  events: z.array(callbackBody).default([]),
});
export type FlowView = z.infer<typeof flowView>;

/** The provider's paths. */
export const PROVIDER_PATHS = {
  flows: '/v1/flows',
  flow: (id: string) => `/v1/flows/${encodeURIComponent(id)}`,
  cancel: (id: string) => `/v1/flows/${encodeURIComponent(id)}/cancel`,
  account: (kind: 'org' | 'user', ref: string) => `/v1/accounts/${kind}/${encodeURIComponent(ref)}`,
} as const;

/**
 * The development app credentials: the simulated provider issues these unless told otherwise, and a server outside
 * production uses them when ESIGN_APP_SECRET is unset. Public, so a production server never accepts them.
 */
export const DEV_ESIGN_APP_ID = 'console-dev';
/**
 * The simulated provider's port unless ESIGN_PORT says otherwise; a server without ESIGN_URL calls 127.0.0.1 on the
 * same ESIGN_PORT (server/src/lib/env.ts), so a second stack on one machine talks to its own provider.
 */
export const DEV_ESIGN_PORT = 8095;
export const DEV_ESIGN_APP_SECRET = 'dev-esign-app-secret-not-for-production';
