import { z } from 'zod';
import { ROLE } from '../codes/roles.ts';
import { acrossFields } from './fields.ts';
import { defineEndpoint, noInput } from './endpoint.ts';

/**
 * How long telemetry is kept (docs/decisions/075-telemetry-retention.md): the server-wide raw days and bucket days,
 * read and changed by the operator's administrator on the system settings; what the tables hold now beside them.
 */
export const RETENTION_ADMINS = [ROLE.companyAdmin] as const;

/** The bounds a setting may take: at least a day raw; buckets at least a month and never shorter than raw rows. */
export const RETENTION_BOUNDS = {
  rawDays: { min: 1, max: 366 },
  bucketDays: { min: 30, max: 3660 },
} as const;

// A JSON number, not coerced: coercing an arbitrary body value (an object with its own toString) can throw.
const days = (bounds: { min: number; max: number }, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(bounds.min, { error: message })
    .max(bounds.max, { error: message });

export const retentionForm = z
  .object({
    rawDays: days(RETENTION_BOUNDS.rawDays, 'retention.rawDaysRange'),
    bucketDays: days(RETENTION_BOUNDS.bucketDays, 'retention.bucketDaysRange'),
  })
  // Checked across fields even when one of them is malformed (acrossFields): compare numbers only.
  .refine((v) => typeof v.bucketDays !== 'number' || typeof v.rawDays !== 'number' || v.bucketDays >= v.rawDays, {
    path: ['bucketDays'],
    error: 'retention.bucketsShorterThanRaw',
    ...acrossFields,
  });
export type RetentionForm = z.input<typeof retentionForm>;

/** One table's size now: rows counted, and bytes with its indexes when the engine can tell (null otherwise). */
const tableSize = z.object({
  table: z.enum(['telemetry', 'telemetry_buckets']),
  rows: z.number().int(),
  bytes: z.number().int().nullable(),
});

export const retentionView = z.object({
  rawDays: z.number().int(),
  bucketDays: z.number().int(),
  /** False while no server-wide row was saved: the defaults hold. */
  saved: z.boolean(),
  defaults: z.object({ rawDays: z.number().int(), bucketDays: z.number().int() }),
  bounds: z.object({
    rawDays: z.object({ min: z.number().int(), max: z.number().int() }),
    bucketDays: z.object({ min: z.number().int(), max: z.number().int() }),
  }),
  /** When the server-wide setting was last changed, in the viewer's zone ('' while the defaults hold). */
  updatedAt: z.string(),
  /** Organisations with a setting of their own (their machines follow it instead). */
  ownSettings: z.number().int(),
  /** Where raw rows start now (the server-wide horizon of the last pruning pass), '' before any pass. */
  horizon: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  tables: z.array(tableSize),
});
export type RetentionView = z.infer<typeof retentionView>;

export const retentionEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/system/retention.do',
    summary:
      'How long telemetry is kept server-wide (raw days, 5-minute bucket days) and what the telemetry tables hold now',
    access: { roles: RETENTION_ADMINS },
    scope: 'platform',
    query: noInput,
    body: noInput,
    response: retentionView,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/system/retention/update.do',
    summary: 'Change how long telemetry is kept server-wide; the next retention pass applies it',
    access: { roles: RETENTION_ADMINS },
    scope: 'platform',
    query: noInput,
    body: retentionForm,
    response: retentionView,
  }),
} as const;
