import type { MessagePort } from 'node:worker_threads';
import type { DownMessage } from '@console/contract/mqtt/payloads';
import { topics } from '@console/contract/mqtt/topics';
import type { CommandQueue } from '../commands/queue.ts';
import type { AppDeps } from '../lib/deps.ts';
import type { LiveHub } from '../live/hub.ts';
import { loadThresholds, thresholdsFor } from '../lib/alarm-thresholds.ts';
import { parseUplinkTopic } from '@console/contract/mqtt/topics';
import { INGEST_BATCH_DEFAULT } from '../lib/env.ts';
import type { AlarmRule } from './alarm-rules.ts';
import type { ApplyOptions } from './apply.ts';
import { createFenceWatch } from './fence-watch.ts';
import { createCounters, rateLimited, type IngestStats } from './stats.ts';
import { createStore, type StoreItem, type WriteResult } from './store.ts';
import { createPgStore } from './store-pg.ts';
import { validateUplink, type RejectReason } from './validate.ts';
import { isBusy, queueTeller } from './tell-queue.ts';
import { createSilenceFinder } from './watchdog.ts';
import { feedUplink } from './broker-feed.ts';
import { mqttUplink, type MqttUplinkOptions, type UplinkHandlers } from './uplink.ts';

export interface IngestOptions extends Partial<MqttUplinkOptions> {
  /**
   * The embedded broker's feed (broker-feed.ts), the server's way when it runs the broker itself; without it
   * ingest connects to the broker at `url` (MQTT_URL) as an MQTT client.
   */
  feed?: MessagePort;
  /**
   * Write at most this many messages per transaction; it is also the bound of what waits to be written: a full
   * batch is written at once, and while it cannot be (the database is busy) ingest takes nothing more from the
   * broker, which then takes nothing more from the machines (decision 017, "Overload").
   */
  batchSize?: number;
  /** ... and at least this often (ms). */
  flushMs?: number;
  /** The thresholds of a machine; by default its owner's alarm rule for its kind (alarm-thresholds.ts). */
  thresholds?: ApplyOptions['thresholds'];
  rules?: readonly AlarmRule[];
  /** How often the silence watchdog looks for machines that stopped reporting (ms); 0 or absent: never. */
  watchdogMs?: number;
  /** Told of every refusal (besides the counters and the log). */
  onReject?: (topic: string, reason: RejectReason, detail: string) => void;
}

/** What ingest needs of the server: on the ingest thread, the queue and the live hub are the main thread's. */
export type IngestDeps = Pick<AppDeps, 'dbh' | 'env' | 'now' | 'log'> & {
  live: Pick<LiveHub, 'publish'>;
  /** The queue's moves, answered now (the ingest thread's messenger) or later (the queue's own database work). */
  commands: {
    [K in 'attach' | 'onAck' | 'onWritten' | 'onTransportReady']: (
      ...args: Parameters<CommandQueue[K]>
    ) => ReturnType<CommandQueue[K]> | void;
  };
};

export interface Ingest {
  /** Resolves once connected and subscribed (it keeps retrying until then). */
  ready: Promise<void>;
  stats(): IngestStats;
  /**
   * Write what is buffered now, and the machines' rows as last reported. On SQLite it is written when this returns;
   * on PostgreSQL when the promise resolves.
   */
  flush(): Promise<void>;
  /** Mark the machines that fell silent offline now (the watchdog does this every `watchdogMs`); as flush. */
  checkSilence(): Promise<number>;
  /** Disconnect, then write what is buffered. */
  stop(): Promise<void>;
}

function uplinkFor(options: IngestOptions, handlers: UplinkHandlers) {
  if (options.feed) return feedUplink(options.feed, handlers);
  const { url, clientId } = options;
  if (!url || !clientId) throw new Error("ingest needs the embedded broker's feed, or a broker's URL and a client id");
  return mqttUplink({ ...options, url, clientId }, handlers);
}

/**
 * The server's side of the machines' messages (from the embedded broker's feed, or as an MQTT client of another
 * broker): validates every uplink message, writes the good ones in batched transactions with the machines' latest
 * state and alarms, and publishes live events for what changed. A bad message is counted, logged (rate-limited)
 * and changes nothing; no payload can make it throw. It is also the command queue's way to the machines: it hands
 * the queue acknowledgements and each batch's outcome, and publishes commands.
 */
export function startIngest(deps: IngestDeps, options: IngestOptions): Ingest {
  const fences = createFenceWatch(deps);
  const { store, findSilent } = storeOf(deps, options, fences);
  const startedAt = deps.now();
  const stats = createCounters();
  const { counters } = stats;
  const warn = rateLimited((level, message) => deps.log(level, message));
  const batchSize = options.batchSize ?? INGEST_BATCH_DEFAULT;
  let buffer: StoreItem[] = [];
  /** The broker's next message, held back while the buffer is full and could not be written. */
  let held: (() => void) | null = null;
  /**
   * PostgreSQL: the messages taken while their machine is looked up (`lookingUp` below). They take room as the buffer
   * does, so that a burst of machines unknown yet (all of them after a start) is not taken past INGEST_BATCH_SIZE.
   */
  let awaitingLookUp = 0;

  /** The queue's work must never stop ingest. */
  const tellQueue = queueTeller(deps.log);

  function publishLive(result: WriteResult, at: number): void {
    const orgs = new Map(result.devices.map((d) => [d.id, [d.orgId, d.customerOrgId, d.distributorOrgId]]));
    for (const d of result.devices) {
      const { id: deviceId, status, online, lat, lng, speed, lockLevel } = d;
      const event = { type: 'device', deviceId, status, online, lat, lng, speed, lockLevel, at } as const;
      deps.live.publish(event, { orgIds: orgs.get(d.id)! });
    }
    for (const a of result.alarms) {
      const event = { type: 'alarm', wid: a.id, deviceId: a.deviceId, state: a.state, at: a.at } as const;
      deps.live.publish(event, { orgIds: orgs.get(a.deviceId) ?? [] });
    }
  }

  /** Take the broker's next message again once there is room. */
  function release(): void {
    if (!held || buffer.length + awaitingLookUp >= batchSize) return;
    const next = held;
    held = null;
    counters.paused = false;
    next();
  }

  /** PostgreSQL: the batch being written; the next waits for it (what arrives meanwhile fills the buffer). */
  let writing: Promise<void> | null = null;

  function flush(): void {
    if (writing) return;
    if (buffer.length === 0) return release();
    const batch = buffer;
    buffer = [];
    let result: WriteResult | Promise<WriteResult>;
    try {
      result = store.write(batch);
    } catch (error) {
      return failed(batch, error);
    }
    if (!(result instanceof Promise)) return written(batch, result);
    writing = result
      .then(
        (done) => written(batch, done),
        (error: unknown) => failed(batch, error),
      )
      .finally(() => {
        writing = null;
        if (buffer.length >= batchSize) flush();
        else release();
      });
  }

  function failed(batch: StoreItem[], error: unknown): void {
    if (isBusy(error)) {
      // Another writer holds the database longer than busy_timeout: the batch waits for the next attempt
      // (the flush timer), and while it does no more is taken from the broker. Nothing is dropped.
      buffer = batch.concat(buffer);
      counters.retried++;
      warn('busy', `ingest: the database is busy; ${batch.length} messages wait for the next attempt`);
      return;
    }
    counters.failed += batch.length;
    deps.log('error', `ingest could not write a batch of ${batch.length}`, error);
    release();
  }

  /** Flush until nothing is buffered or being written (PostgreSQL); SQLite's flush has written it already. */
  async function drain(): Promise<void> {
    flush();
    while (writing) {
      await writing;
      flush();
    }
  }

  function written(batch: StoreItem[], result: WriteResult): void {
    counters.stored += result.stored;
    counters.batches++;
    const committed = deps.now();
    for (const item of batch) if (item.type !== 'silence') stats.lag(committed - item.receivedAt);
    try {
      publishLive(result, committed);
    } catch (error) {
      deps.log('error', 'ingest could not publish live events', error);
    }
    tellQueue('a batch', async () => deps.commands.onWritten(result));
    fences.notify(result);
    release();
  }

  /**
   * Write the machines' own state that waits (store.ts, STATE_WRITE_MS): what is due now, or all of it. A busy
   * database leaves it waiting for the next tick.
   */
  function writeWaiting(all: boolean): Promise<void> {
    const failedToWrite = (error: unknown) => {
      if (!isBusy(error)) deps.log('error', "ingest could not write the machines' state", error);
    };
    try {
      return store.writeWaiting(all ? null : deps.now())?.catch(failedToWrite) ?? Promise.resolve();
    } catch (error) {
      failedToWrite(error);
      return Promise.resolve();
    }
  }

  function markSilent(silent: StoreItem[]): number {
    if (silent.length === 0) return 0;
    buffer.push(...silent);
    flush();
    counters.silenced += silent.length;
    deps.log('info', `watchdog: ${silent.length} silent machines marked offline`);
    return silent.length;
  }

  function checkSilence(): Promise<number> {
    // What is buffered may be the very report that shows a machine is alive.
    flush();
    if (!writing) {
      const silent = findSilent(deps.now(), startedAt);
      // SQLite: found and written before this returns.
      if (Array.isArray(silent)) return Promise.resolve(markSilent(silent));
    }
    return (async () => {
      await drain();
      const count = markSilent(await findSilent(deps.now(), startedAt));
      await drain();
      return count;
    })();
  }

  /** PostgreSQL: the messages of serials being looked up, in their order, validated once the look-up is done. */
  const lookingUp = new Map<string, [topic: string, payload: Buffer, receivedAt: number][]>();

  function onMessage(topic: string, payload: Buffer): void {
    counters.received++;
    const receivedAt = deps.now();
    const sn = 'lookUp' in store ? parseUplinkTopic(topic)?.sn : undefined;
    if (sn !== undefined && 'lookUp' in store) {
      const waiting = lookingUp.get(sn);
      if (waiting) {
        awaitingLookUp++;
        return void waiting.push([topic, payload, receivedAt]);
      }
      if (!store.knows(sn)) {
        const queued: [string, Buffer, number][] = [[topic, payload, receivedAt]];
        awaitingLookUp++;
        lookingUp.set(sn, queued);
        const validateQueued = () => {
          lookingUp.delete(sn);
          awaitingLookUp -= queued.length;
          for (const [t, p, at] of queued) accept(t, p, at);
          // What was refused or is an acknowledgement left room.
          release();
        };
        store.lookUp(sn).then(validateQueued, (error: unknown) => {
          deps.log('error', `ingest could not look up machine ${sn}`, error);
          validateQueued();
        });
        return;
      }
    }
    accept(topic, payload, receivedAt);
  }

  function accept(topic: string, payload: Buffer, receivedAt: number): void {
    try {
      const result = validateUplink(topic, payload, receivedAt, store.findDevice);
      if (!result.ok) {
        stats.reject(receivedAt, topic, result.reason, result.detail);
        options.onReject?.(topic, result.reason, result.detail);
        warn(result.reason, `ingest refused a message on ${topic.slice(0, 120)}: ${result.reason} ${result.detail}`);
        return;
      }
      if (result.item.type === 'ack') {
        counters.acks++;
        const { device, msg } = result.item;
        // Acknowledgements are rare and each may finish a command a user waits for: handled at once.
        tellQueue('an acknowledgement', async () => deps.commands.onAck(device.id, msg));
        return;
      }
      buffer.push(result.item);
      if (buffer.length >= batchSize) flush();
    } catch (error) {
      // Only a fault of ours (or of the database) gets here; the message is dropped, the process goes on.
      deps.log('error', `ingest failed on a message on ${topic.slice(0, 120)}`, error);
    }
  }

  const handlers: UplinkHandlers = {
    message: onMessage,
    // While the buffer is full and could not be written, nothing more is taken (decision 017, "Overload").
    admit(next) {
      if (buffer.length + awaitingLookUp < batchSize) return next();
      held = next;
      counters.paused = true;
    },
    opened() {
      counters.connected = true;
      markReady();
      // After a restart of the server or the broker: what was sent and not acknowledged goes out again.
      tellQueue('a reconnect', async () => deps.commands.onTransportReady());
    },
    closed() {
      counters.connected = false;
    },
    error: (error) =>
      warn('broker', `ingest: broker ${(options.url ?? '').replace(/\/\/[^@]*@/, '//')}: ${error.message}`),
    refused: (message) => deps.log('error', message),
  };
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const uplink = uplinkFor(options, handlers);
  const timer = setInterval(() => {
    flush();
    void writeWaiting(false);
  }, options.flushMs ?? 200);
  timer.unref();
  const watchdog = options.watchdogMs
    ? setInterval(() => {
        try {
          checkSilence().catch((error: unknown) => deps.log('error', 'watchdog: the silence check failed', error));
        } catch (error) {
          deps.log('error', 'watchdog: the silence check failed', error);
        }
      }, options.watchdogMs)
    : null;
  watchdog?.unref();

  deps.commands.attach({
    connected: () => counters.connected && uplink.connected(),
    publish: (sn: string, message: DownMessage) => uplink.publish(topics.command(sn), JSON.stringify(message)),
  });

  let stopped: Promise<void> | null = null;
  return {
    ready,
    stats: () => stats.snapshot(buffer.length),
    flush() {
      flush();
      // SQLite: written now (nothing is being written meanwhile).
      if (!writing) return writeWaiting(true);
      return drain().then(() => writeWaiting(true));
    },
    checkSilence,
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        if (watchdog) clearInterval(watchdog);
        deps.commands.attach(null);
        // What was held back is taken now, so the connection can close; it is written below.
        const ending = uplink.end();
        held?.();
        held = null;
        await ending;
        await drain();
        await writeWaiting(true);
      })();
      return stopped;
    },
  };
}

/**
 * The store of the engine the server runs on, and the watchdog's finder: SQLite's store on its synchronous connection
 * (store.ts), else PostgreSQL's batched one (store-pg.ts), whose rules read what they hold in memory before a batch.
 */
function storeOf(deps: IngestDeps, options: IngestOptions, fences: ReturnType<typeof createFenceWatch>) {
  const { dbh } = deps;
  const rules = { rules: options.rules, moveRules: [fences.rule] };
  if (dbh.sqliteDb) {
    const sync = dbh.sqliteDb;
    const thresholds = options.thresholds ?? ((d) => thresholdsFor(sync, d.orgId, d.kind));
    return { store: createStore(dbh, { thresholds, ...rules }), findSilent: createSilenceFinder(sync) };
  }
  let held: Awaited<ReturnType<typeof loadThresholds>> | null = null;
  const thresholds: ApplyOptions['thresholds'] = options.thresholds ?? ((d) => held!(d.orgId, d.kind));
  const prepare = async () => {
    if (!options.thresholds) held = await loadThresholds(dbh.db);
    await fences.prepare();
  };
  return {
    store: createPgStore(dbh.db, { thresholds, prepare, ...rules }),
    findSilent: createSilenceFinder(dbh.db),
  };
}
