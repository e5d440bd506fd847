import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, serverHandle } from '@console/db/client';
import { brokerAccounts } from './broker-access.ts';
import { startEmbeddedBroker } from './broker.ts';
import { consoleLog } from '../lib/deps.ts';
import { standBehindRequests } from '../lib/background-thread.ts';
import type { BrokerThreadData, BrokerThreadReply } from './broker-thread.ts';

/**
 * The embedded broker's thread (broker-thread.ts starts it): aedes and its TCP server, checking machines'
 * credentials on a connection of its own to the server's database (WAL lets it read beside the server's writes).
 */
const data = workerData as BrokerThreadData;
const port = parentPort!;
standBehindRequests(consoleLog, 'broker', data.nice);
// The server's engine (DATABASE_URL, as the main thread's).
const dbh = serverHandle(await openDatabase(data.dbFile, { migrate: false, max: 2 }));
const reply = (message: BrokerThreadReply) => port.postMessage(message);

await startEmbeddedBroker({
  port: data.port,
  host: data.host,
  accounts: brokerAccounts(dbh.sqliteDb ?? dbh.db, data.serverUser, data.serverPassword),
  feed: data.feed,
}).then(
  (broker) => {
    reply({ type: 'listening', port: broker.port, url: broker.url });
    port.on('message', (message: 'close') => {
      if (message !== 'close') return;
      void broker
        .close()
        .then(() => dbh.close())
        .then(() => reply({ type: 'closed' }));
    });
  },
  (error: unknown) => {
    void dbh.close();
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  },
);
