import { MessageChannel } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { openDatabase, serverHandle } from '@console/db/client';
import { isSeeded } from '@console/db/seed/demo';
import { createApp } from './app.ts';
import { seedFirstStart } from './first-start.ts';
import { createCommandQueue } from './commands/queue.ts';
import { followClock } from '@console/contract/clock/follow';
import { consoleLog, type AppDeps } from './lib/deps.ts';
import { brokerHost, developmentSecretsInUse, readEnv } from './lib/env.ts';
import { startBrokerThread } from './ingest/broker-thread.ts';
import { startIngestThread } from './ingest/ingest-thread.ts';
import { CHECKPOINT_PAGES } from './ingest/store.ts';
import { LiveHub } from './live/hub.ts';
import { startRiskScheduler } from './risk/scheduler.ts';
import { startRollupThread } from './analysis/rollup-thread.ts';
import { startBillingScheduler } from './billing/scheduler.ts';
import { startQuoteScheduler } from './quotes/scheduler.ts';
import { startPayableScheduler } from './payables/scheduler.ts';
import { startPaymentTimeouts } from './shop/check-payment.ts';
import { startBillPaymentTimeouts } from './billing/online-payments.ts';
import { startNotifyScheduler } from './notify/notifier.ts';

/** Start the server: migrate, seed a fresh development database, serve HTTP, the embedded broker and ingest. */
async function main() {
  const env = readEnv();
  const unsafe = developmentSecretsInUse(env);
  if (env.NODE_ENV === 'production' && unsafe.length > 0) {
    throw new Error(`production needs its own ${unsafe.join(' and ')} (the development defaults are public)`);
  }
  if (env.NODE_ENV === 'production' && env.CLOCK_URL)
    throw new Error('CLOCK_URL is for QA: production keeps real time');
  const clock = followClock(env.CLOCK_URL, consoleLog);
  // SQLite's DB_FILE, or PostgreSQL when DATABASE_URL names it (docs/decisions/067); the threads open the same.
  const opened = await openDatabase(env.DB_FILE);
  const dbh = serverHandle(opened);
  const where = opened.engine === 'sqlite' ? env.DB_FILE : 'PostgreSQL (DATABASE_URL)';
  // A commit that finds the WAL past its connection's threshold copies it into the database then and there. Ingest's
  // thread commits many times a second and checkpoints at CHECKPOINT_PAGES; at SQLite's default (1,000 pages) the
  // API's small commits ran those checkpoints of ingest's writes on the main thread instead (the screens bench's
  // profile). The main thread checkpoints only if ingest has not (no machines reporting).
  dbh.sqlite?.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES * 2}`);
  const base = { dbh, env, now: clock.now, log: consoleLog, live: new LiveHub() };
  const deps: AppDeps = { ...base, commands: await createCommandQueue(base), ingest: null };
  // Production starts empty: the first administrator comes from `npm run create-admin`.
  if (env.NODE_ENV !== 'production' && !(await isSeeded(dbh.db))) {
    consoleLog('info', `seeding demo data into ${where}`);
    await seedFirstStart(dbh, { devices: env.SEED_DEVICES, fleetSecret: env.FLEET_SECRET });
  }
  // The embedded broker hands the machines' messages to ingest over this channel (broker-feed.ts).
  const feed = env.MQTT_URL ? null : new MessageChannel();
  const broker = feed
    ? await startBrokerThread({
        port: env.MQTT_PORT,
        host: brokerHost(env),
        dbFile: env.DB_FILE,
        serverUser: env.MQTT_SERVER_USER,
        serverPassword: env.MQTT_SERVER_PASSWORD,
        feed: feed.port1,
        nice: env.BACKGROUND_NICE,
      })
    : null;
  if (broker) consoleLog('info', `embedded MQTT broker on ${broker.url.replace('mqtt://', '')}`);
  const ingest = startIngestThread(deps, {
    dbFile: env.DB_FILE,
    env,
    clock: clock.shared,
    options: {
      // An external broker is reached as its MQTT client, with a session it keeps while the server is away.
      ...(feed
        ? { feed: feed.port2 }
        : {
            url: env.MQTT_URL,
            clientId: env.MQTT_CLIENT_ID,
            username: env.MQTT_SERVER_USER,
            password: env.MQTT_SERVER_PASSWORD,
            persistentSession: true,
          }),
      batchSize: env.INGEST_BATCH_SIZE,
      flushMs: env.INGEST_FLUSH_MS,
      watchdogMs: env.WATCHDOG_S * 1000,
    },
  });
  deps.ingest = ingest;
  // Commands that outlived their time-to-live expire even while nobody looks at them.
  deps.commands.start();
  // Lock tasks that fell due while the server was down run now; then every 10 s (decision 013).
  const stopRiskScheduler = await startRiskScheduler(deps);
  // Daily work: telemetry folded into days beside ingest, never in its hot path (decision 037), on a thread of its own.
  const rollup = startRollupThread({ dbFile: env.DB_FILE, clock: clock.shared, nice: env.BACKGROUND_NICE });
  // Bills of the billing days and returns, on each lessor's calendar day (decision 036).
  const stopBillingScheduler = await startBillingScheduler(deps);
  const stopQuoteScheduler = await startQuoteScheduler(deps);
  // What the company owes its sub-lessors, a payable per sub-lease and month, on its calendar day (decision 079).
  const stopPayableScheduler = await startPayableScheduler(deps);
  // Payments left charging past their time are asked about and closed (decision 050).
  const stopPaymentTimeouts = startPaymentTimeouts(deps);
  const stopBillPaymentTimeouts = startBillPaymentTimeouts(deps);
  // Notification rules: alarms and events to people and systems, escalated on the server's clock (decision 071).
  const stopNotifier = startNotifyScheduler(deps);
  void ingest.ready.then(() => consoleLog('info', 'ingest subscribed to the machines'));
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
    consoleLog('info', `console and API on http://localhost:${info.port} (API reference at /api/docs)`),
  );
  // A client that keeps its connection open (a browser, a proxy, a test's API client) must be the one that closes it
  // when idle: with Node's 5 s default the server could close a socket just as a request was sent on it, and the
  // client saw ECONNRESET. Proxies' idle timeouts are 60 s by default; the server waits longer.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const stop = async () => {
    server.close();
    // Ingest first: it disconnects and writes what it holds before the broker goes.
    deps.commands.stop();
    stopRiskScheduler();
    await rollup.stop();
    stopBillingScheduler();
    stopQuoteScheduler();
    stopPayableScheduler();
    stopPaymentTimeouts();
    stopBillPaymentTimeouts();
    stopNotifier();
    clock.stop();
    await ingest.stop();
    const { stored, rejected } = ingest.stats();
    const refused = Object.values(rejected).reduce((a, b) => a + b, 0);
    consoleLog('info', `stopping: ingest stored ${stored} messages and refused ${refused}`);
    await broker?.close();
    await dbh.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  consoleLog('error', 'server failed to start', error);
  process.exit(1);
});
