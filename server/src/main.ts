import { serve } from '@hono/node-server';
import { openDb } from '@console/db/client';
import { isSeeded, seedDemo } from '@console/db/seed/demo';
import { createApp } from './app.ts';
import { consoleLog, type AppDeps } from './lib/deps.ts';
import { readEnv } from './lib/env.ts';
import { startEmbeddedBroker } from './ingest/broker.ts';

/** Start the server: migrate, seed a fresh development database, serve HTTP and the embedded broker. */
async function main() {
  const env = readEnv();
  const dbh = openDb(env.DB_FILE);
  const deps: AppDeps = { dbh, env, now: Date.now, log: consoleLog };
  // Production starts empty: the first administrator comes from `npm run create-admin`.
  if (env.NODE_ENV !== 'production' && !isSeeded(dbh.db)) {
    consoleLog('info', `seeding demo data into ${env.DB_FILE}`);
    await seedDemo(dbh.db);
  }
  const broker = env.MQTT_URL ? null : await startEmbeddedBroker(env.MQTT_PORT, env.HOST);
  if (broker) consoleLog('info', `embedded MQTT broker on port ${broker.port}`);
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
    consoleLog('info', `console and API on http://localhost:${info.port} (API reference at /api/docs)`),
  );
  const stop = async () => {
    server.close();
    await broker?.close();
    dbh.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  consoleLog('error', 'server failed to start', error);
  process.exit(1);
});
