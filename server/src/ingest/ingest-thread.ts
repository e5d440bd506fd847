import { Worker } from 'node:worker_threads';
import type { LiveEvent } from '@console/contract/http/live';
import type { AckMessage, DownMessage } from '@console/contract/mqtt/payloads';
import type { CommandQueue, WrittenBatch } from '../commands/queue.ts';
import type { Env } from '../lib/env.ts';
import type { Audience, LiveHub } from '../live/hub.ts';
import type { Ingest, IngestOptions } from './ingest.ts';
import { createCounters, type IngestStats } from './stats.ts';
import { consoleLog } from '../lib/deps.ts';
import { queueTeller } from './tell-queue.ts';
// Before the thread starts: it inherits the counters that tell it a save made its caches stale (forget-everywhere.ts).
import '../lib/forget-everywhere.ts';

export interface IngestThreadData {
  dbFile: string;
  env: Env;
  /** The server clock's shared offset (contract/clock/follow.ts); null on the wall clock. */
  clock: SharedArrayBuffer | null;
  options: Omit<IngestOptions, 'thresholds' | 'rules' | 'onReject'>;
}

/** What the ingest thread tells the main thread. */
export type FromIngest =
  | { type: 'ready' }
  | { type: 'stats'; stats: IngestStats }
  | { type: 'live'; events: [LiveEvent, Audience][] }
  | { type: 'transport'; attached: boolean; connected: boolean }
  | { type: 'transportReady' }
  | { type: 'acks'; acks: { deviceId: number; msg: AckMessage }[] }
  | { type: 'written'; devices: WrittenBatch['devices']; connected: number[] }
  | { type: 'published'; id: number; error: string | null }
  | { type: 'stopped'; stats: IngestStats };

/** What the main thread asks of it. */
export type ToIngest = { type: 'publish'; id: number; sn: string; message: DownMessage } | { type: 'stop' };

/**
 * Ingest on a thread of its own (ingest-worker.ts), with its own connection to the database, so that the
 * thousands of reports a second it validates and writes do not hold up the API on the main thread
 * (docs/decisions/017). The command queue and the live hub stay on the main thread: the worker hands them what
 * ingest would (acknowledgements, each batch's outcome, live events), and publishes the queue's commands.
 */
export function startIngestThread(
  deps: { commands: CommandQueue; live: LiveHub },
  data: IngestThreadData,
): Pick<Ingest, 'ready' | 'stats' | 'stop'> {
  const worker = new Worker(new URL('./ingest-worker.ts', import.meta.url), {
    name: 'ingest',
    workerData: data,
    transferList: data.options.feed ? [data.options.feed] : [],
  });
  const send = (message: ToIngest) => worker.postMessage(message);
  const tellQueue = queueTeller(consoleLog);
  let stats: IngestStats = createCounters().snapshot(0);
  let connected = false;
  let nextPublish = 0;
  const publishing = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let markStopped: () => void;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));

  const transport = {
    connected: () => connected,
    publish: (sn: string, message: DownMessage) =>
      new Promise<void>((resolve, reject) => {
        const id = nextPublish++;
        publishing.set(id, { resolve, reject });
        send({ type: 'publish', id, sn, message });
      }),
  };

  worker.on('message', (message: FromIngest) => {
    switch (message.type) {
      case 'ready':
        return markReady();
      case 'stats':
        stats = message.stats;
        return;
      case 'live':
        for (const [event, audience] of message.events) deps.live.publish(event, audience);
        return;
      case 'transport':
        connected = message.connected;
        deps.commands.attach(message.attached ? transport : null);
        return;
      case 'transportReady':
        return tellQueue('a reconnection', () => deps.commands.onTransportReady());
      case 'acks':
        return tellQueue('acknowledgements', () => deps.commands.onAcks(message.acks));
      case 'written': {
        const batch = { devices: message.devices, connected: new Set(message.connected) };
        return tellQueue('a batch', () => deps.commands.onWritten(batch));
      }
      case 'published': {
        const waiting = publishing.get(message.id);
        publishing.delete(message.id);
        if (message.error === null) waiting?.resolve();
        else waiting?.reject(new Error(message.error));
        return;
      }
      case 'stopped':
        stats = message.stats;
        return markStopped();
    }
  });
  // A fault of the ingest thread is the server's fault: it stops, as it would with ingest on its own thread.
  worker.on('error', (error) => {
    console.error('the ingest thread failed', error);
    process.exit(1);
  });

  return {
    ready,
    // As the thread last reported them (twice a second).
    stats: () => stats,
    async stop() {
      send({ type: 'stop' });
      await stopped;
      await worker.terminate();
    },
  };
}
