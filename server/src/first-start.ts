import type { ServerDbHandle } from '@console/db/client';
import { seedDemo, type SeedOptions } from '@console/db/seed/demo';
import { rollUpAllOn } from './analysis/rollup.ts';

/**
 * A development server's first start on an empty database: the demo business seeded, then its machines' seeded
 * telemetry folded into their last days before the server listens. The seed leaves those days to the rollup
 * (db/seed/daily-work.ts), whose job folds a chunk at a time with pauses between: without this, the demo's past
 * figures grew for the first seconds after the console opened (a page and the API read moments apart disagreed).
 */
export async function seedFirstStart(dbh: ServerDbHandle, options: SeedOptions): Promise<void> {
  await seedDemo(dbh.db, options);
  await rollUpAllOn(dbh);
}
