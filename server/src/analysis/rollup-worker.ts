import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, serverHandle } from '@console/db/client';
import { clockOf } from '@console/contract/clock/follow';
import { consoleLog } from '../lib/deps.ts';
import { standBehindRequests } from '../lib/background-thread.ts';
import { startRetentionJob } from '../retention/job.ts';
import { startVacuumJob, UPKEEP_PG_SETTINGS } from '../retention/vacuum.ts';
import { CHECKPOINT_PAGES } from '../ingest/store.ts';
import { startRollupJob } from './rollup.ts';
import type { RollupThreadData } from './rollup-thread.ts';

/** The rollup thread (rollup-thread.ts starts it): the daily work job on its own connection to the database. */
const data = workerData as RollupThreadData;
standBehindRequests(consoleLog, 'rollup', data.nice);
// The server's engine (DATABASE_URL, as the main thread's): a connection for each job (the upkeep has two lanes), its
// vacuums paced.
const opened = await openDatabase(data.dbFile, { migrate: false, max: 4, pgSettings: UPKEEP_PG_SETTINGS });
const dbh = serverHandle(opened);
// As the main thread's connection (main.ts): copying the WAL into the database stays ingest's work.
dbh.sqlite?.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES * 2}`);
const job = startRollupJob({ dbh, log: consoleLog });
// Telemetry kept within bounds (decision 075): 5-minute buckets and pruning, on this thread, on the server's clock.
const retention = startRetentionJob({ db: dbh.db, now: clockOf(data.clock ?? null), log: consoleLog });
// PostgreSQL's tables vacuumed as rewrites leave dead rows, whether its autovacuum runs or not (retention/vacuum.ts).
const upkeep = opened.engine === 'postgres' ? startVacuumJob({ db: dbh.db, log: consoleLog }) : null;

parentPort!.once('message', () => {
  void Promise.all([job.stop(), retention.stop(), upkeep?.stop()])
    .then(() => dbh.close())
    .then(() => parentPort!.close());
});
