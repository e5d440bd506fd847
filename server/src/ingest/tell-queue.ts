/** SQLite's "someone else holds the lock" (better-sqlite3's error codes): worth another attempt later. */
export const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? '');

type Log = (level: 'error', message: string, error: unknown) => void;

/**
 * Hands the command queue what the machines said (an acknowledgement, a written batch). The queue writes in a
 * transaction of its own; when ingest's writer holds the database past busy_timeout (a flood of reports on a slow
 * host), that write is tried again a little later instead of being lost, since a lost acknowledgement leaves its
 * command sent until it expires, and instead of taking the server down from the ingest thread's message handler.
 * Any other fault is logged and the server goes on.
 */
export function queueTeller(log: Log, { retryMs = 1000, attempts = 60 } = {}) {
  return function tell(what: string, work: () => void | Promise<void>, attempt = 1): void {
    const failed = (error: unknown) => {
      if (isBusy(error) && attempt < attempts) {
        setTimeout(() => tell(what, work, attempt + 1), retryMs).unref();
        return;
      }
      log('error', `ingest: the command queue failed on ${what}`, error);
    };
    try {
      // The queue's moves are database work: a promise whose failure is caught here like a throw.
      void work()?.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}
