import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { LOCK_LEVELS } from '../mqtt/payloads.ts';
import { defineEndpoint, noInput } from './endpoint.ts';

/**
 * The fleet manifest: the machines a simulator process should be (docs/decisions/008-simulator.md). Only a
 * caller holding FLEET_SECRET may read it, and it proves so without sending the secret: the header carries a
 * time and an HMAC of it. The signed text contains a colon, which no serial number may, so a proof can never
 * be mistaken for a machine's MQTT secret (contract/mqtt/credentials.ts).
 */
export const FLEET_PROOF_HEADER = 'x-fleet-proof';
/** A proof is accepted this long either side of the server's clock. */
export const FLEET_PROOF_WINDOW_MS = 5 * 60 * 1000;

function sign(fleetSecret: string, at: number): string {
  return createHmac('sha256', fleetSecret).update(`fleet-manifest:${at}`).digest('base64url');
}

/** The header value: `<ms since the epoch>.<HMAC-SHA256(fleetSecret, "fleet-manifest:<ms>")>`. */
export function fleetProof(fleetSecret: string, at: number = Date.now()): string {
  return `${at}.${sign(fleetSecret, at)}`;
}

export function fleetProofValid(fleetSecret: string, proof: string | undefined, now: number): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(proof ?? '');
  if (!match) return false;
  const at = Number(match[1]);
  if (Math.abs(now - at) > FLEET_PROOF_WINDOW_MS) return false;
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(sign(fleetSecret, at));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One machine to simulate, as the server knows it. */
export const manifestMachine = z.object({
  serial: z.string(),
  kind: z.enum(MACHINE_KINDS),
  /** Its model's registered name ("JCPT1412DC scissor lift"): what the simulated machine reaches is its model's. */
  model: z.string().nullable(),
  /** The last known position (WGS-84); null for a machine that never reported one. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The work site's name. */
  location: z.string(),
  positioning: z.enum(['gps', 'base']),
  leased: z.boolean(),
  reportIntervalS: z.number().int(),
  /** 0: overspeed not monitored. */
  overspeedKmh: z.number(),
  lockLevel: z.enum(LOCK_LEVELS),
  sleeping: z.boolean(),
  workingHours: z.number(),
  /** State of charge (or fuel), percent, of the last report; null for kinds without one or before any report. */
  chargePct: z.number().nullable(),
});
export type ManifestMachine = z.infer<typeof manifestMachine>;

export const fleetManifestEndpoints = {
  manifest: defineEndpoint({
    method: 'GET',
    path: '/fleet/manifest.do',
    summary:
      `The machines whose credentials derive from FLEET_SECRET, for the simulator. Needs the header ` +
      `${FLEET_PROOF_HEADER}: <ms>.<base64url HMAC-SHA256(FLEET_SECRET, "fleet-manifest:<ms>")>, at most five ` +
      `minutes from the server's clock; refused otherwise. shard/shards split the fleet between processes. ` +
      `since: the version of the last answer; while the same machines are listed the answer has changed false ` +
      `and no machines, so a simulator can ask every minute cheaply.`,
    access: 'public',
    scope: 'platform',
    query: z
      .object({
        shard: z.coerce.number().int().min(0).max(63).default(0),
        shards: z.coerce.number().int().min(1).max(64).default(1),
        since: z.string().max(64).optional(),
      })
      .refine((q) => q.shard < q.shards, { error: 'validation.invalid', path: ['shard'] }),
    body: noInput,
    response: z.object({
      total: z.number().int(),
      /**
       * Which machines are listed (their serial numbers), not their state: a machine's position or charge changes
       * with every report, but a running simulator only needs to know who joined and who left.
       */
      version: z.string(),
      /** false: the same machines as `since`, and `machines` is empty. */
      changed: z.boolean(),
      machines: z.array(manifestMachine),
    }),
  }),
} as const;
