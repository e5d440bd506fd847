import { z } from 'zod';
import { COMMAND_STATES } from './commands.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { INGEST_ROLES } from '../access/ingest.ts';

/** Why ingest refuses a message (docs/decisions/007); each is counted. */
export const REJECT_REASONS = ['topic', 'tooLarge', 'json', 'unknownDevice', 'schema', 'kind', 'clockAhead'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

const count = z.number().int();

export const ingestStats = z.object({
  /** Ingest runs in this server process (false in a process without a broker connection). */
  running: z.boolean(),
  /** Connected and subscribed to the broker. */
  connected: z.boolean(),
  /** Messages that arrived on the server's subscription since the server started. */
  received: count,
  /** Telemetry and status messages written to the database. */
  stored: count,
  /** Command acknowledgements handed to the command queue. */
  acks: count,
  rejected: z.record(z.enum(REJECT_REASONS), count),
  rejectedTotal: count,
  /** Accepted messages lost because their batch could not be written. */
  failed: count,
  /** Writes that found the database busy and were kept for another attempt (nothing lost). */
  retried: count,
  /** Taking nothing from the broker while a full buffer waits for the database (the machines wait too). */
  paused: z.boolean(),
  /** Transactions written. */
  batches: count,
  /** Accepted messages waiting for the next transaction. */
  buffered: count,
  /** Machines the silence watchdog marked offline. */
  silenced: count,
  /** Receive to commit, over the last few thousand messages. */
  lagMs: z.object({ last: z.number(), p50: z.number(), p99: z.number(), max: z.number() }),
  /** The latest refusals, newest first. */
  recentRejects: z.array(
    z.object({ at: z.string(), topic: z.string(), reason: z.enum(REJECT_REASONS), detail: z.string() }),
  ),
  /** Commands in each state (all machines). */
  commands: z.record(z.enum(COMMAND_STATES), count),
});
export type IngestStatsView = z.infer<typeof ingestStats>;

export const ingestEndpoints = {
  stats: defineEndpoint({
    method: 'GET',
    path: '/ingest/stats.do',
    summary:
      'The data plane at a glance for the operator: messages received, stored and refused (by reason, with the ' +
      'latest refusals), transactions, write lag, machines marked offline by the watchdog, commands by state',
    access: { roles: INGEST_ROLES },
    scope: 'platform',
    query: noInput,
    body: noInput,
    response: ingestStats,
  }),
} as const;
