import { Worker } from 'node:worker_threads';

/** What the rollup thread is given: the server's database. */
export interface RollupThreadData {
  dbFile: string;
  /** The server clock's shared offset (contract/clock/follow.ts), for the retention job's windows; null: wall clock. */
  clock?: SharedArrayBuffer | null;
  /** How many nice steps below the server the thread runs (BACKGROUND_NICE). */
  nice: number;
}

/**
 * The daily work rollup (rollup.ts) on a thread of its own (rollup-worker.ts), with its own connection to the
 * database. Each minute it folds a minute of every machine's reports, a chunk of 2,000 rows at a time: on the main
 * thread each chunk held the API's requests for its length (the device list's p99 under 5,000 reports a second went
 * from 30 to 82 ms while one ran, decision 017). Its transactions take the write lock as the API's do.
 */
export function startRollupThread(data: RollupThreadData): { stop(): Promise<void> } {
  const worker = new Worker(new URL('./rollup-worker.ts', import.meta.url), { name: 'rollup', workerData: data });
  const stopped = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // A fault of the rollup's thread is the server's fault: it stops, as it would with the job on the main thread.
  worker.on('error', (error) => {
    console.error('the daily work rollup thread failed', error);
    process.exit(1);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      await stopped;
    },
  };
}
