import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The integration tests on PostgreSQL (`npm run test:pg`, docs/decisions/067 step 4): the same files as on SQLite,
 * their test apps each on a clone of a demo template database (tests/fixtures/demo-database.ts). PG_URL names the
 * server (default postgres://postgres@127.0.0.1:5432/postgres), TEST_PG_PREFIX the first part of the databases.
 * Areas join as they pass on PostgreSQL; a file that reads SQLite itself stays out, by name, with its reason.
 */
const AREAS = [
  'lease',
  'lease-billing',
  'lease-changes',
  'quotes',
  'availability',
  'notifications',
  'model',
  'deposits',
  'charges',
  'retention',
  'handover-notes',
  'terms',
  'online-payments',
  'payables',
  'devices',
  'device-detail',
  'warning',
  'customers',
  'work-orders',
  'employees',
  'fences',
  'invoices',
  'analysis',
  'dashboard',
  'device-records',
  'monitor',
  'tracks',
  'faults',
  'feedback',
  'upkeep',
  'maintenance',
  'risk',
  'renewals',
  'approvals',
  'users',
  'access',
  'activities',
  'lease-parties',
  'lease-sublease',
  'drop-requests',
  'expense-ledger',
  'cases',
  'banners',
  'app-releases',
  'processes',
  'products',
  'themes',
  'lessors',
  'live',
  'peripherals',
  'auth',
  'brand',
  'quality',
  'settings',
  'coupons',
  'commands',
  'lease-handover',
  'shop-orders',
  'screens',
  'security',
  'shell',
  'unit-of-work',
  'web',
  'simulator',
];
const TESTS = AREAS.map((area) => `tests/integration/${area}/**/*.test.ts`);

/** Files about SQLite itself, or that read the SQLite connection of a test app: they run on SQLite only. */
const SQLITE_ONLY: Record<string, string> = {
  // Counts the statements the SQLite connection prepares (the rule cache's proof): a SQLite connection's internals.
  'tests/integration/notifications/rule-cache.test.ts': 'spies on dbh.sqlite.prepare',
  // Seeds both engines itself and compares their calendars: already a test of PostgreSQL, on its own databases.
  'tests/integration/availability/postgres.test.ts': 'compares both engines itself',
  // The model-based lease test reads the database synchronously throughout (World.sql, checkInvariants over
  // dbh.sqlite, about 75 reads in its commands and invariants): to move to sql-rows.ts's awaited reads.
  'tests/integration/model/lease-model.test.ts': 'reads dbh.sqlite synchronously (World.sql, invariants)',
  // SQLite's rollup (analysis/rollup.ts runs over dbh.sqlite); PostgreSQL's (rollup-pg.ts) is proven in
  // db-pg/ingest-rollup.test.ts. Both files write and read daily work through the SQLite connection throughout.
  'tests/integration/analysis/rollup.test.ts': "runs SQLite's rollup (rollUpAll over dbh.sqlite)",
  'tests/integration/analysis/seed.test.ts': "reads dbh.sqlite and runs SQLite's rollup over the seed's telemetry",
  // Writes the simulator's reports through dbh.sqlite, picks machines with SQLite's GLOB and strftime, then runs
  // SQLite's rollup: to move to sql-rows.ts and the engine's own rollup.
  'tests/integration/analysis/physical-figures.test.ts': "writes telemetry through dbh.sqlite for SQLite's rollup",
  // The big screens' figures are checked against the SQLite connection's own reads throughout (20-100 statements
  // each): to move to sql-rows.ts.
  'tests/integration/screens/fleet-screen.test.ts': 'checks its figures with reads of dbh.sqlite throughout',
  'tests/integration/screens/lease-screen.test.ts': 'checks its figures with reads of dbh.sqlite throughout',
  'tests/integration/screens/survey-screen.test.ts': 'writes and reads through dbh.sqlite throughout',
  // Prove that a refused call writes nothing by the SQLite connection's change counters (db-snapshot.ts's
  // watchWrites, totalChanges): PostgreSQL has no such counter per connection.
  'tests/integration/security/fuzz.test.ts': "watches writes by SQLite's change counters (watchWrites)",
  'tests/integration/security/role-walk.test.ts': "counts writes by SQLite's total_changes (totalChanges)",
  // The isolation walk picks other companies' records through the SQLite connection (fixtures/isolation-walk.ts,
  // foreign-records.ts): to move to sql-rows.ts with them.
  'tests/integration/security/isolation-matrix/**': 'picks foreign records through dbh.sqlite (isolation-walk.ts)',
};

const EXCLUDE = ['**/node_modules/**', ...Object.keys(SQLITE_ONLY)];

// As in vitest.config.ts: a file that replaces a module runs in a fresh worker, the others share their worker.
const mocking = globSync(TESTS, { exclude: (path) => path.includes('node_modules') }).filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    environment: 'node',
    env: { TEST_ENGINE: 'postgres' },
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30000,
    // The first file of a run may seed the demo template (about 20 s on an idle two-core host, minutes on a busy one).
    hookTimeout: 300000,
    globalSetup: ['tests/fixtures/pg-global-setup.ts'],
    setupFiles: ['tests/fixtures/pg-setup.ts'],
    projects: [
      { extends: true, test: { name: 'pg', include: TESTS, exclude: [...EXCLUDE, ...mocking], isolate: false } },
      ...(mocking.length ? [{ extends: true, test: { name: 'pg-isolated', include: mocking, exclude: EXCLUDE } }] : []),
    ],
  },
});
