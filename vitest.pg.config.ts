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
  'aemp',
  'ingest',
  'seed',
  'scripts',
];
const TESTS = AREAS.map((area) => `tests/integration/${area}/**/*.test.ts`);

/**
 * Files about SQLite itself, or that read the SQLite connection of a test app, or that open PostgreSQL themselves
 * (the SQLite run has run them already): they run in the SQLite run only.
 */
const SQLITE_ONLY: Record<string, string> = {
  // Counts the statements the SQLite connection prepares (the rule cache's proof): a SQLite connection's internals.
  'tests/integration/notifications/rule-cache.test.ts': 'spies on dbh.sqlite.prepare',
  // Seeds both engines itself and compares their calendars: already a test of PostgreSQL, on its own databases.
  'tests/integration/availability/postgres.test.ts': 'compares both engines itself',
  // SQLite's crash safety: the server killed during ingest, then SQLite's integrity_check of the file. The same kill on
  // PostgreSQL, with its own database, is db-pg/crash.test.ts.
  'tests/integration/ingest/crash.test.ts': "checks SQLite's file after a kill (integrity_check)",
  // SQLite's store (store.ts) and its connection's triggers: a change on a connection that marks nothing stays unseen.
  // PostgreSQL's kept state (its triggers and lock) is proven in db-pg/ingest-rollup.test.ts: a change another
  // connection makes to a kept machine reaches the next batch on both engines.
  'tests/integration/ingest/kept-state.test.ts': "SQLite's ingest connection and its change triggers",
  'tests/integration/retention/engines.test.ts': 'keeps telemetry within bounds on both engines itself',
  'tests/integration/retention/vacuum.test.ts': "PostgreSQL's vacuums, on a database of its own",
  'tests/integration/scripts/backup.test.ts': 'backs up and restores both engines itself',
};

/**
 * Files that never open the test engine's database: their servers run on SQLite files of their own, or they need no
 * database. On PostgreSQL they would run the same thing again (129 s of the workers' time on a two-core host). A file
 * of the PostgreSQL run that opens none fails at its end (tests/fixtures/pg-setup.ts), to be listed here.
 */
const ENGINE_FREE: Record<string, string> = {
  'tests/integration/analysis/background-threads.test.ts':
    "servers on SQLite files of its own: the threads' priorities",
  'tests/integration/analysis/rollup-thread.test.ts': 'a server on a SQLite file of its own',
  'tests/integration/simulator/real-server.test.ts': 'the simulated stack, on a SQLite file of its own',
  'tests/integration/simulator/manifest-refresh.test.ts': 'the simulated stack, on a SQLite file of its own',
  'tests/integration/coupons/race.test.ts': "processes racing on a copy of the demo's SQLite file",
  'tests/integration/brand/brand-command.test.ts': 'the brand command and brand packs, no database',
  'tests/integration/simulator/unit-storage.test.ts': 'the simulator against a broker, no database',
  'tests/integration/simulator/connection-plan.test.ts': 'the simulator against a broker, no database',
  'tests/integration/ingest/mosquitto-acl.test.ts': "Mosquitto's access rules, no database",
  'tests/integration/access/screen-roles.test.ts': "the contract's screens and menus, no database",
  'tests/integration/scripts/provider-ports.test.ts': "the providers' settings, no database",
  'tests/integration/commands/restart.test.ts': "ingest and the broker restarting on the small seed's SQLite copies",
  'tests/integration/warning/rules-ingest-thread.test.ts': "a server on the small seed's SQLite file",
};

const EXCLUDE = ['**/node_modules/**', ...Object.keys(SQLITE_ONLY), ...Object.keys(ENGINE_FREE)];

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
