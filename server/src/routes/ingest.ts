import { sql } from 'drizzle-orm';
import { COMMAND_STATES, type CommandState } from '@console/contract/http/commands';
import { REJECT_REASONS, ingestEndpoints } from '@console/contract/http/ingest';
import { commands } from '@console/db/schema/devices';
import { forbidden } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { formatInZone } from '../lib/time.ts';

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export const ingestRoutes: RouteDef[] = [
  route(ingestEndpoints.stats, async ({ user, data, deps, timeZone }) => {
    // The data plane spans every organisation: only the operator's own staff watch it.
    if (user.orgKind !== 'operator') throw forbidden();
    const stats = deps.ingest?.stats() ?? null;
    const byState = zeros(COMMAND_STATES);
    const counted = await data
      .unscoped('platform')
      .select({ state: commands.state, n: sql<number>`count(*)` })
      .from(commands)
      .groupBy(commands.state)
      .all();
    for (const { state, n } of counted) byState[state as CommandState] = n;
    const rejected = stats?.rejected ?? zeros(REJECT_REASONS);
    return {
      running: stats !== null,
      connected: stats?.connected ?? false,
      received: stats?.received ?? 0,
      stored: stats?.stored ?? 0,
      acks: stats?.acks ?? 0,
      rejected,
      rejectedTotal: Object.values(rejected).reduce((a, b) => a + b, 0),
      failed: stats?.failed ?? 0,
      retried: stats?.retried ?? 0,
      paused: stats?.paused ?? false,
      batches: stats?.batches ?? 0,
      buffered: stats?.buffered ?? 0,
      silenced: stats?.silenced ?? 0,
      lagMs: stats?.lagMs ?? { last: 0, p50: 0, p99: 0, max: 0 },
      recentRejects: (stats?.recentRejects ?? []).map((r) => ({ ...r, at: formatInZone(r.at, timeZone) })),
      commands: byState,
    };
  }),
];
