import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Playwright flows against the real server serving the built console (`npm run test:e2e` builds it first),
 * on a fresh database in the temp directory, driven by Debian's chromium. The workers inherit E2E_DB_FILE,
 * so fixtures that create records (tests/fixtures/e2e-db.ts) write to the server's database.
 */
const ROOT = resolve(import.meta.dirname, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18480);
/** The simulated e-signature provider's port: the server's MQTT broker takes E2E_PORT + 1. */
export const ESIGN_PORT = E2E_PORT + 2;
/** The simulated payment provider's port, the next in the scheme. */
export const PAYGATE_PORT = E2E_PORT + 3;
/**
 * The simulated video platform's port: the control API of the simulator a monitor flow starts
 * (tests/e2e/monitor), which serves the platform under `/video` (docs/decisions/057).
 */
export const VIDEO_PORT = E2E_PORT + 4;
/** The browsers' zone (English) unless a test asks for the one that makes the console Chinese (spec section 9). */
export const E2E_TIME_ZONE = 'Europe/Berlin';
process.env.E2E_DB_FILE ??= join(tmpdir(), `console-e2e-${Date.now()}-${process.pid}`, 'console.db');

export default defineConfig({
  testDir: 'e2e',
  outputDir: join(ROOT, 'test-results'),
  globalTeardown: './fixtures/e2e-teardown.ts',
  fullyParallel: false,
  workers: 2,
  // One retry on CI, where the two cores also run the server: a retried test is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Hosts of this kind differ 3-4x in speed, and Debian's chromium renders without a GPU (SwiftShader): on a slow
  // one a first page can take over 10 s to show, and a flow of 30 s here took 100 s on a host that busy. A waiting
  // assertion still fails when the thing never comes.
  timeout: 150_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    headless: true,
    timezoneId: E2E_TIME_ZONE,
    locale: 'en-GB',
    // A trace's screencast (screenshots on every frame) cost about 40 % of a flow's time on two cores, measured on
    // the auth and devices flows (272 s with it, 162 s without); the trace's DOM snapshots and the failure
    // screenshot still show what went wrong.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // As a user who asks the system for reduced motion: the console opens dialogs and popovers without zooming them
    // (web/src/lib/reduced-motion.ts). A click while one zoomed could press a button and release beside it; and the
    // animation frames cost a core rendered without a GPU.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Two servers: the console's, and the simulated e-signature provider (esign/) that lessees and lessors sign on.
  // The server speaks to the provider only by its ESIGN_URL, as to a real one, and the provider calls the server
  // back on the server's own port (ESIGN_CALLBACK_URL's default), so a contract reaches "in execution" in a flow.
  webServer: [
    {
      command: 'npx tsx esign/src/main.ts',
      cwd: ROOT,
      url: `http://127.0.0.1:${ESIGN_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ESIGN_PORT: String(ESIGN_PORT), ESIGN_HOST: '127.0.0.1' },
    },
    // The simulated payment provider (paygate/): the server opens payments by its PAYGATE_URL, payers pay on its
    // pages, and it notifies the server on the server's own port (PAYGATE_NOTIFY_URL's default).
    {
      command: 'npx tsx paygate/src/main.ts',
      cwd: ROOT,
      url: `http://127.0.0.1:${PAYGATE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PAYGATE_PORT: String(PAYGATE_PORT), PAYGATE_HOST: '127.0.0.1' },
    },
    {
      command: 'npx tsx server/src/main.ts',
      cwd: ROOT,
      url: `http://localhost:${E2E_PORT}/api/host/metadata.do`,
      reuseExistingServer: false,
      // A fresh database is migrated and seeded with the demo business (a fleet with history) on start.
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DB_FILE: process.env.E2E_DB_FILE,
        // Beside the run's database: the theme flow's edits never reach the shipped packs nor a developer's data.
        BRAND_EDITS_DIR: join(dirname(process.env.E2E_DB_FILE), 'brands'),
        PORT: String(E2E_PORT),
        MQTT_PORT: String(E2E_PORT + 1),
        NODE_ENV: 'test',
        TRUST_PROXY: '1',
        // No simulator runs beside the e2e server: the seeded machines must not all go silent and offline mid-run.
        WATCHDOG_S: '0',
        // The console `npm run build` made; E2E_WEB_DIST points at another build (e.g. one no one rebuilds mid-run).
        WEB_DIST: process.env.E2E_WEB_DIST ?? 'web/dist',
        ESIGN_URL: `http://127.0.0.1:${ESIGN_PORT}`,
        PAYGATE_URL: `http://127.0.0.1:${PAYGATE_PORT}`,
        VIDEO_URL: `http://127.0.0.1:${VIDEO_PORT}/video`,
        VIDEO_PLAY_ORIGIN: `http://localhost:${VIDEO_PORT}`,
      },
    },
  ],
});
