import { Worker, type MessagePort } from 'node:worker_threads';
import type { EmbeddedBroker } from './broker.ts';

export interface BrokerThreadData {
  port: number;
  host: string;
  /** The server's database, where machines' secrets are. */
  dbFile: string;
  serverUser: string;
  serverPassword: string;
  /** The broker's end of the feed to ingest's thread (broker-feed.ts). */
  feed: MessagePort;
  /** How many nice steps below the server the thread runs (BACKGROUND_NICE). */
  nice: number;
}

export type BrokerThreadReply =
  { type: 'listening'; port: number; url: string } | { type: 'failed'; message: string } | { type: 'closed' };

/**
 * The embedded broker on a thread of its own (broker-worker.ts), so that on a machine with more than one core
 * delivering messages does not take the time of the server's thread, which ingests them and answers the API
 * (docs/decisions/017). It hands the machines' messages to ingest's thread over a MessagePort (broker-feed.ts).
 */
export function startBrokerThread(data: BrokerThreadData): Promise<Omit<EmbeddedBroker, 'attachIngest'>> {
  const worker = new Worker(new URL('./broker-worker.ts', import.meta.url), {
    name: 'broker',
    workerData: data,
    transferList: [data.feed],
  });
  const next = () =>
    new Promise<BrokerThreadReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  return next().then(async (first) => {
    if (first.type !== 'listening') {
      await worker.terminate();
      throw new Error(`embedded MQTT broker: ${first.type === 'failed' ? first.message : first.type}`);
    }
    return {
      port: first.port,
      url: first.url,
      close: async () => {
        const closed = next();
        worker.postMessage('close');
        await closed;
        await worker.terminate();
      },
    };
  });
}
