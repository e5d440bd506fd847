/**
 * The ingest benchmark's baseline, run as a process of its own: the server's embedded broker (the same aedes,
 * with the same access rule and accounts from the database) and a subscriber on the server's subscription that
 * only counts telemetry. What the server does beyond this (validation, the database) is what the ratio shows.
 *   BENCH_DB=<file> BENCH_MQTT_PORT=<port> npx tsx bench/baseline-broker.ts
 * It prints `telemetry <n>` four times a second and stops on SIGTERM.
 */
import { connectAsync } from 'mqtt';
import { openDb } from '@console/db/client';
import { SERVER_SUBSCRIPTION } from '@console/contract/mqtt/topics';
import { startEmbeddedBroker } from '@console/server/src/ingest/broker';
import { brokerAccounts } from '@console/server/src/ingest/broker-access';
import { readEnv } from '@console/server/src/lib/env';

const env = readEnv();
const dbh = openDb(process.env.BENCH_DB!, { migrate: false });
const accounts = brokerAccounts(dbh.db, env.MQTT_SERVER_USER, env.MQTT_SERVER_PASSWORD);
const broker = await startEmbeddedBroker({ port: Number(process.env.BENCH_MQTT_PORT), host: '127.0.0.1', accounts });
const counter = await connectAsync(broker.url, {
  clientId: 'bench-baseline-counter',
  username: env.MQTT_SERVER_USER,
  password: env.MQTT_SERVER_PASSWORD,
});
let telemetry = 0;
counter.on('message', (topic) => {
  if (topic.endsWith('/telemetry')) telemetry++;
});
await counter.subscribeAsync(SERVER_SUBSCRIPTION, { qos: 1 });
console.log('baseline subscribed');
const ticker = setInterval(() => console.log(`telemetry ${telemetry}`), 250);

process.once('SIGTERM', async () => {
  clearInterval(ticker);
  await counter.endAsync(true);
  await broker.close();
  dbh.close();
  process.exit(0);
});
