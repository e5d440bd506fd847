import { startClockedPasses } from '../lib/clocked-passes.ts';
import type { AppDeps } from '../lib/deps.ts';
import { raiseOverdueBills } from '../notify/business.ts';
import { issueBills } from './issue.ts';

/**
 * The billing scheduler of the running server: a pass at start (billing days and returns that passed while the
 * server was down are billed now) and then every `intervalMs` of the server's clock. Each pass bills every lessor on
 * its own calendar day (its billing zone), so a bill is issued within the interval after the lessor's midnight;
 * issuing is idempotent, so frequent passes cost a query per lessor and issue nothing twice. The same pass keeps the
 * renters' arrears current as due days pass, and tells the notification rules of the bills that passed their due
 * day. The interval is measured on the server's clock, looked at every `tickMs`, so a clock that follows a simulator
 * sped up or skipped forward (contract/clock/follow.ts) bills as its days pass.
 */
export async function startBillingScheduler(
  deps: AppDeps,
  intervalMs = 15 * 60_000,
  tickMs = 10_000,
): Promise<() => void> {
  return startClockedPasses(deps, () => runBillingPass(deps), intervalMs, tickMs);
}

/** One pass of the billing scheduler at the server's now: bills issued, then the bills past due told of. */
export async function runBillingPass(deps: AppDeps): Promise<void> {
  try {
    const { bills } = await issueBills(deps.dbh.db, deps.now());
    if (bills > 0) deps.log('info', `billing: issued ${bills} bills`);
  } catch (error) {
    deps.log('error', 'billing: the scheduler pass failed', error);
  }
  try {
    // Bills that passed their due day since the last pass: the notification rules hear of each once (decision 071).
    await raiseOverdueBills(deps);
  } catch (error) {
    deps.log('error', 'billing: raising the overdue bills failed', error);
  }
}
