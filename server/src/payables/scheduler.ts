import { startClockedPasses } from '../lib/clocked-passes.ts';
import type { AppDeps } from '../lib/deps.ts';
import { issuePayables } from './issue.ts';

/**
 * The sub-lessors' payables of the running server (docs/decisions/079-sublessor-payables.md), issued as bills are: a
 * pass at start (months that ended while the server was down are issued now) and then every `intervalMs` of the
 * server's clock, looked at every `tickMs` (a clock that follows a sped-up simulator issues as its days pass). Each
 * company's months are owed on its own calendar day; issuing is idempotent, so frequent passes issue nothing twice.
 */
export async function startPayableScheduler(
  deps: AppDeps,
  intervalMs = 15 * 60_000,
  tickMs = 10_000,
): Promise<() => void> {
  return startClockedPasses(deps, () => runPayablePass(deps), intervalMs, tickMs);
}

/** One pass at the server's now. */
export async function runPayablePass(deps: AppDeps): Promise<void> {
  try {
    const { payables } = await issuePayables(deps.dbh.db, deps.now());
    if (payables > 0) deps.log('info', `payables: issued ${payables}`);
  } catch (error) {
    deps.log('error', 'payables: the scheduler pass failed', error);
  }
}
