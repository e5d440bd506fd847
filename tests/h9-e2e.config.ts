import { join } from 'node:path';
import { tmpdir } from 'node:os';
import base from './playwright.config.ts';
const PORT = 18903;
process.env.E2E_DB_FILE = join(tmpdir(), `h9-e2e-${Date.now()}`, 'console.db');
export default {
  ...base,
  globalTeardown: undefined,
  outputDir: '/tmp/h9/test-results',
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    ...base.webServer,
    url: `http://localhost:${PORT}/api/host/metadata.do`,
    env: { ...(base.webServer as { env: Record<string, string> }).env, DB_FILE: process.env.E2E_DB_FILE, PORT: String(PORT), MQTT_PORT: String(PORT + 1), WEB_DIST: '/tmp/h9/dist' },
  },
};
