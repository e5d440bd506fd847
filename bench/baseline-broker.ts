/**
 * The ingest benchmark's baseline, run as a process of its own: the server's embedded broker (the same aedes,
 * with the same access rule and accounts from the database) and, at the other end of the same feed ingest takes
 * the machines' messages from (broker-feed.ts), a subscriber that only counts telemetry. What the server does
 * beyond this (validation, the database) is what the ratio shows.
 *   BENCH_DB=<file> BENCH_MQTT_PORT=<port> npx tsx bench/baseline-broker.ts
 * It prints `telemetry <n>` four times a second and stops on SIGTERM.
 */
import { MessageChannel } from 'node:worker_threads';
import { openDb } from '@console/db/client';
import { startEmbeddedBroker } from '@console/server/src/ingest/broker';
import { brokerAccounts } from '@console/server/src/ingest/broker-access';
import { feedUplink } from '@console/server/src/ingest/broker-feed';
import { readEnv } from '@console/server/src/lib/env';

const env = readEnv();
const dbh = openDb(process.env.BENCH_DB!, { migrate: false });
const accounts = brokerAccounts(dbh.sqliteDb, env.MQTT_SERVER_USER, env.MQTT_SERVER_PASSWORD);
const channel = new MessageChannel();
const broker = await startEmbeddedBroker({
  port: Number(process.env.BENCH_MQTT_PORT),
  host: '127.0.0.1',
  accounts,
  feed: channel.port1,
});
let telemetry = 0;
const counter = feedUplink(channel.port2, {
  message: (topic) => {
    if (topic.endsWith('/telemetry')) telemetry++;
  },
  admit: (next) => next(),
  opened: () => undefined,
  closed: () => undefined,
  error: () => undefined,
  refused: () => undefined,
});
console.log('baseline subscribed');
const ticker = setInterval(() => console.log(`telemetry ${telemetry}`), 250);

process.once('SIGTERM', async () => {
  clearInterval(ticker);
  await counter.end();
  await broker.close();
  dbh.close();
  process.exit(0);
});
