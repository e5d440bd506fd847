import { parentPort, workerData } from 'node:worker_threads';
import { openDb } from '@console/db/client';
import { brokerAccounts } from './broker-access.ts';
import { startEmbeddedBroker } from './broker.ts';
import type { BrokerThreadData, BrokerThreadReply } from './broker-thread.ts';

/**
 * The embedded broker's thread (broker-thread.ts starts it): aedes and its TCP server, checking machines'
 * credentials on a connection of its own to the server's database (WAL lets it read beside the server's writes).
 */
const data = workerData as BrokerThreadData;
const port = parentPort!;
const dbh = openDb(data.dbFile, { migrate: false });
const reply = (message: BrokerThreadReply) => port.postMessage(message);

await startEmbeddedBroker({
  port: data.port,
  host: data.host,
  accounts: brokerAccounts(dbh.sqliteDb, data.serverUser, data.serverPassword),
  feed: data.feed,
}).then(
  (broker) => {
    reply({ type: 'listening', port: broker.port, url: broker.url });
    port.on('message', (message: 'close') => {
      if (message !== 'close') return;
      void broker.close().then(() => {
        dbh.close();
        reply({ type: 'closed' });
      });
    });
  },
  (error: unknown) => {
    dbh.close();
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  },
);
