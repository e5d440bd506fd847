import { createServer, type Server } from 'node:net';
import type { MessagePort } from 'node:worker_threads';
import { Aedes } from 'aedes';
import Denque from 'denque';
import mqemitter from 'mqemitter';
import { brokerAccessHooks, type BrokerAccounts } from './broker-access.ts';
import { serveFeed } from './broker-feed.ts';
import { machineSocketBudget } from './connection-limit.ts';
import { indexedMemoryPersistence } from './retained-index.ts';

export interface EmbeddedBroker {
  port: number;
  /** The URL a client on this host connects to. */
  url: string;
  /** Hand the server's messages to the ingest at the other end of `port` (broker-feed.ts). */
  attachIngest(port: MessagePort): void;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  accounts: BrokerAccounts;
  /** The broker's end of the feed to ingest (broker-feed.ts), when ingest runs beside it (the server's threads). */
  feed?: MessagePort;
  /** Connections held at most; beyond, a new one is closed at once. By default the process's open-files budget. */
  maxConnections?: number | null;
}

/**
 * Messages aedes delivers at once (its default is 100): with the feed (broker-feed.ts), those handed to ingest's
 * thread and not yet taken. Each turn of the broker's event loop hands over at most this many, and while a fleet
 * of thousands reports, a turn reads every machine's socket and takes long (the more so as the thread runs
 * behind requests, decision 081): at 5,000 the broker acknowledged 11,000 reports a second but handed ingest
 * about 4,300 while ingest waited half its time; at 20,000 it handed over 5,300 (decision 017's addendum on the
 * window, which says why not more). The fleet's reports are a few hundred bytes: 20,000 in flight are some
 * megabytes.
 */
const DELIVERY_CONCURRENCY = 20_000;

/**
 * aedes' message emitter, with its waiting line made a deque. mqemitter keeps the messages beyond `concurrency`
 * in two arrays and takes each from the front with shift(), which costs more the longer they are: once a broker
 * falls behind (a fleet of thousands connecting at once does that) it spends its time shifting (80 % of its
 * thread at 12,000 reports a second) and never catches up, while ingest waits idle. A deque takes from the front
 * at a constant cost. The two fields are mqemitter's own (7.1); the test beside this file checks they still are.
 */
export function deliveryEmitter(concurrency: number) {
  const mq = mqemitter({ concurrency, matchEmptyLevels: true });
  const internals = mq as unknown as { _messageQueue: unknown[]; _messageCallbacks: unknown[] };
  if (!Array.isArray(internals._messageQueue) || !Array.isArray(internals._messageCallbacks)) {
    throw new Error('mqemitter changed: its waiting line is not where the broker expects it');
  }
  internals._messageQueue = new Denque() as unknown as unknown[];
  internals._messageCallbacks = new Denque() as unknown as unknown[];
  return mq;
}

/**
 * The MQTT broker that runs inside the server unless MQTT_URL names an external one. It enforces the access
 * rule of docs/decisions/007. Sessions, queued QoS 1 messages and retained status live in aedes' in-memory
 * persistence: they survive a machine's reconnect but not a server restart; what must survive one (commands)
 * is kept in the database.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const host = options.host ?? '0.0.0.0';
  const aedes = await Aedes.createBroker({
    ...brokerAccessHooks(options.accounts),
    concurrency: DELIVERY_CONCURRENCY,
    mq: deliveryEmitter(DELIVERY_CONCURRENCY),
    persistence: indexedMemoryPersistence(),
  });
  const server: Server = createServer(aedes.handle);
  // A fleet bigger than the process's open-files limit would take every descriptor: each accept, the API's too,
  // would fail (EMFILE) and the console would be unreachable while the server stays up. Beyond the budget a
  // machine's connection is closed at once, and it tries again later (decision 017).
  const limit = options.maxConnections === undefined ? machineSocketBudget() : options.maxConnections;
  if (limit !== null) server.maxConnections = limit;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const feed = serveFeed(aedes);
  if (options.feed) feed.attach(options.feed);
  return {
    port,
    url: `mqtt://${local}:${port}`,
    attachIngest: (port) => feed.attach(port),
    close: () =>
      new Promise<void>((resolve) => {
        feed.close();
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
