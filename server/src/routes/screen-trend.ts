import { ROLLUP_INTERVAL_MS } from '../analysis/rollup.ts';
import type { ScopedData } from '../lib/data.ts';
import type { AppDeps } from '../lib/deps.ts';
import { workByDay, type DayWork, type Period } from './analysis/index.ts';

interface Kept {
  at: number;
  work: Map<string, DayWork>;
}

/** Per server (a test process runs several), per viewer, organisation and period. */
const keptByServer = new WeakMap<AppDeps, Map<string, Kept>>();

/**
 * A screen's utilisation trend: the daily-work rollup summed per day. The rollup moves it at most once a
 * ROLLUP_INTERVAL_MS, while every open screen asks for its figures every few seconds, and a fleet's fortnight
 * (20,000 machines: 280,000 rows) took over a second of the main thread to sum (a CPU profile of the screens bench,
 * decision 046). So each viewer's trend is summed once per rollup interval.
 */
export async function screenTrend(
  deps: AppDeps,
  data: ScopedData,
  viewer: { id: number },
  period: Period,
  orgId: number | undefined,
): Promise<Map<string, DayWork>> {
  const kept = keptOf(deps);
  const now = deps.now();
  const hit = keptTrend(deps, viewer, period, orgId);
  if (hit) return hit;
  for (const [k, v] of kept) if (now - v.at >= ROLLUP_INTERVAL_MS) kept.delete(k);
  const key = keyOf(viewer, period, orgId);
  const work = await workByDay(data, period, { orgId });
  kept.set(key, { at: now, work });
  return work;
}

function keptOf(deps: AppDeps): Map<string, Kept> {
  let kept = keptByServer.get(deps);
  if (!kept) keptByServer.set(deps, (kept = new Map()));
  return kept;
}

const keyOf = (viewer: { id: number }, period: Period, orgId: number | undefined) =>
  `${viewer.id}|${orgId ?? ''}|${period.from}|${period.to}`;

/** The viewer's trend if it was summed within the rollup interval, else null (a first picture does not wait for it). */
export function keptTrend(
  deps: AppDeps,
  viewer: { id: number },
  period: Period,
  orgId: number | undefined,
): Map<string, DayWork> | null {
  const now = deps.now();
  const hit = keptOf(deps).get(keyOf(viewer, period, orgId));
  return hit && now - hit.at < ROLLUP_INTERVAL_MS && now >= hit.at ? hit.work : null;
}
