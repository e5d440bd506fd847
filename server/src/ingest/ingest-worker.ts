import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, serverHandle } from '@console/db/client';
import type { LiveEvent } from '@console/contract/http/live';
import type { AckMessage } from '@console/contract/mqtt/payloads';
import type { CommandTransport } from '../commands/queue.ts';
import { clockOf } from '@console/contract/clock/follow';
import { consoleLog } from '../lib/deps.ts';
import { standBehindRequests } from '../lib/background-thread.ts';
import type { Audience } from '../live/hub.ts';
import { startIngest, type IngestDeps } from './ingest.ts';
import type { FromIngest, IngestThreadData, ToIngest } from './ingest-thread.ts';

/**
 * The ingest thread (ingest-thread.ts starts it): ingest on its own connection to the server's database. What
 * ingest hands the command queue and the live hub goes to the main thread, which owns both.
 */
const data = workerData as IngestThreadData;
const port = parentPort!;
standBehindRequests(consoleLog, 'ingest', data.env.BACKGROUND_NICE);
const tell = (message: FromIngest) => port.postMessage(message);
// The server's engine (DATABASE_URL, as the main thread's): SQLite's file, or PostgreSQL's pool of a few connections
// (a batch is one transaction at a time, the look-ups of new serials and the watchdog go beside it).
const dbh = serverHandle(await openDatabase(data.dbFile, { migrate: false, ingest: true, max: 4 }));

// Live events go over in one message per turn of the loop (a batch publishes one per machine it touched).
let liveEvents: [LiveEvent, Audience][] = [];
const live = {
  publish(event: LiveEvent, audience: Audience) {
    if (liveEvents.length === 0) {
      setImmediate(() => {
        tell({ type: 'live', events: liveEvents });
        liveEvents = [];
      });
    }
    liveEvents.push([event, { orgIds: [...audience.orgIds] }]);
  },
};

// The queue asks whether the way to the machines is open before each publish: the main thread keeps a copy of
// the answer, sent whenever it changes and before anything that may make the queue publish.
let transport: CommandTransport | null = null;
let told = { attached: false, connected: false };
function tellTransport() {
  const now = { attached: transport !== null, connected: transport?.connected() ?? false };
  if (now.attached === told.attached && now.connected === told.connected) return;
  told = now;
  tell({ type: 'transport', ...now });
}

// Like live events, the acknowledgements of a turn go over together: the queue writes them in one transaction. They
// go before anything else ingest tells the queue, in the order the machines sent them.
let acks: { deviceId: number; msg: AckMessage }[] = [];
function tellAcks() {
  if (acks.length === 0) return;
  tell({ type: 'acks', acks });
  acks = [];
}
const commands: IngestDeps['commands'] = {
  attach(next) {
    transport = next;
    tellTransport();
  },
  onAck(deviceId, msg) {
    tellTransport();
    if (acks.length === 0) setImmediate(tellAcks);
    acks.push({ deviceId, msg });
  },
  onWritten(batch) {
    tellTransport();
    tellAcks();
    const devices = batch.devices.map(({ id, online, sleeping, lockLevel }) => ({ id, online, sleeping, lockLevel }));
    tell({ type: 'written', devices, connected: [...batch.connected] });
  },
  onTransportReady() {
    tellTransport();
    tellAcks();
    tell({ type: 'transportReady' });
  },
};

const ingest = startIngest(
  { dbh, env: data.env, now: clockOf(data.clock), log: consoleLog, live, commands },
  data.options,
);
void ingest.ready.then(() => tell({ type: 'ready' }));
const timer = setInterval(() => {
  tellTransport();
  tell({ type: 'stats', stats: ingest.stats() });
}, 500);

port.on('message', (message: ToIngest) => {
  if (message.type === 'publish') {
    const { id, sn } = message;
    const published = transport
      ? transport.publish(sn, message.message)
      : Promise.reject(new Error('ingest is not connected'));
    published.then(
      () => tell({ type: 'published', id, error: null }),
      (error: unknown) =>
        tell({ type: 'published', id, error: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  clearInterval(timer);
  void ingest.stop().then(() => {
    tell({ type: 'stopped', stats: ingest.stats() });
    void dbh.close();
  });
});
