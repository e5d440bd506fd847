import type { AppDeps } from '../lib/deps.ts';
import { issueBills } from './issue.ts';

/**
 * The billing scheduler of the running server: a pass at start (billing days and returns that passed while the
 * server was down are billed now) and every `intervalMs`. Each pass bills every lessor on its own calendar day
 * (its billing zone), so a bill is issued within the interval after the lessor's midnight; issuing is idempotent,
 * so frequent passes cost a query per lessor and issue nothing twice. The same pass keeps the renters' arrears
 * current as due days pass.
 */
export function startBillingScheduler(deps: AppDeps, intervalMs = 15 * 60_000): () => void {
  const pass = () => {
    try {
      const { bills } = issueBills(deps.dbh.db, deps.now());
      if (bills > 0) deps.log('info', `billing: issued ${bills} bills`);
    } catch (error) {
      deps.log('error', 'billing: the scheduler pass failed', error);
    }
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
