import { startClockedPasses } from '../lib/clocked-passes.ts';
import type { AppDeps } from '../lib/deps.ts';
import { expireQuotes } from './moves.ts';

/**
 * Quotes past their validity expire on their company's day (decision 069): a pass at start and then every
 * `intervalMs` of the server's clock (looked at every `tickMs`, so a clock skipped forward expires as its days pass).
 */
export async function startQuoteScheduler(deps: AppDeps, intervalMs = 15 * 60_000, tickMs = 10_000) {
  return startClockedPasses(
    deps,
    async (now) => {
      try {
        const n = await expireQuotes(deps.dbh.db, now);
        if (n > 0) deps.log('info', `quotes: ${n} expired`);
      } catch (error) {
        deps.log('error', 'quotes: the expiry pass failed', error);
      }
    },
    intervalMs,
    tickMs,
  );
}
