import { connect } from 'mqtt';
import type { DownMessage } from '@console/contract/mqtt/payloads';
import { SERVER_SUBSCRIPTION, topics } from '@console/contract/mqtt/topics';
import type { CommandQueue } from '../commands/queue.ts';
import type { AppDeps } from '../lib/deps.ts';
import type { LiveHub } from '../live/hub.ts';
import { thresholdsFor } from '../lib/alarm-thresholds.ts';
import { INGEST_BATCH_DEFAULT } from '../lib/env.ts';
import type { AlarmRule } from './alarm-rules.ts';
import type { ApplyOptions } from './apply.ts';
import { createFenceWatch } from './fence-watch.ts';
import { createCounters, rateLimited, type IngestStats } from './stats.ts';
import { createStore, type StoreItem, type WriteResult } from './store.ts';
import { validateUplink, type RejectReason } from './validate.ts';
import { isBusy, queueTeller } from './tell-queue.ts';
import { createSilenceFinder } from './watchdog.ts';

export interface IngestOptions {
  /** The broker: the embedded one (mqtt://127.0.0.1:<MQTT_PORT>) or MQTT_URL. */
  url: string;
  clientId: string;
  username?: string;
  password?: string;
  /**
   * Keep the broker session while the server is away (the server does), so acknowledgements sent meanwhile
   * wait for it. Tests use a clean session.
   */
  persistentSession?: boolean;
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
  commands: Pick<CommandQueue, 'attach' | 'onAck' | 'onWritten' | 'onTransportReady'>;
};

export interface Ingest {
  /** Resolves once connected and subscribed (it keeps retrying until then). */
  ready: Promise<void>;
  stats(): IngestStats;
  /** Write what is buffered now. */
  flush(): void;
  /** Mark the machines that fell silent offline now (the watchdog does this every `watchdogMs`). */
  checkSilence(): number;
  /** Disconnect, then write what is buffered. */
  stop(): Promise<void>;
}

/**
 * The server's MQTT client: validates every uplink message, writes the good ones in batched transactions with
 * the machines' latest state and alarms, and publishes live events for what changed. A bad message is counted,
 * logged (rate-limited) and changes nothing; no payload can make it throw. It is also the command queue's way
 * to the machines: it hands the queue acknowledgements and each batch's outcome, and publishes commands.
 */
export function startIngest(deps: IngestDeps, options: IngestOptions): Ingest {
  const thresholds = options.thresholds ?? ((d) => thresholdsFor(deps.dbh.db, d.orgId, d.kind));
  const fences = createFenceWatch(deps);
  const store = createStore(deps.dbh, { thresholds, rules: options.rules, moveRules: [fences.rule] });
  const findSilent = createSilenceFinder(deps.dbh.db);
  const startedAt = deps.now();
  const stats = createCounters();
  const { counters } = stats;
  const warn = rateLimited((level, message) => deps.log(level, message));
  const batchSize = options.batchSize ?? INGEST_BATCH_DEFAULT;
  let buffer: StoreItem[] = [];
  /** The broker's next message, held back while the buffer is full and could not be written. */
  let held: (() => void) | null = null;

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
    if (!held || buffer.length >= batchSize) return;
    const next = held;
    held = null;
    counters.paused = false;
    next();
  }

  function flush(): void {
    if (buffer.length === 0) return release();
    const batch = buffer;
    buffer = [];
    let result: WriteResult;
    try {
      result = store.write(batch);
    } catch (error) {
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
      return release();
    }
    counters.stored += result.stored;
    counters.batches++;
    const committed = deps.now();
    for (const item of batch) if (item.type !== 'silence') stats.lag(committed - item.receivedAt);
    try {
      publishLive(result, committed);
    } catch (error) {
      deps.log('error', 'ingest could not publish live events', error);
    }
    tellQueue('a batch', () => deps.commands.onWritten(result));
    fences.notify(result);
    release();
  }

  function checkSilence(): number {
    // What is buffered may be the very report that shows a machine is alive.
    flush();
    const silent = findSilent(deps.now(), startedAt);
    if (silent.length === 0) return 0;
    buffer.push(...silent);
    flush();
    counters.silenced += silent.length;
    deps.log('info', `watchdog: ${silent.length} silent machines marked offline`);
    return silent.length;
  }

  function onMessage(topic: string, payload: Buffer): void {
    counters.received++;
    const receivedAt = deps.now();
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
        tellQueue('an acknowledgement', () => deps.commands.onAck(device.id, msg));
        return;
      }
      buffer.push(result.item);
      if (buffer.length >= batchSize) flush();
    } catch (error) {
      // Only a fault of ours (or of the database) gets here; the message is dropped, the process goes on.
      deps.log('error', `ingest failed on a message on ${topic.slice(0, 120)}`, error);
    }
  }

  const client = connect(options.url, {
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    clean: !options.persistentSession,
    resubscribe: false,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
  });
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  client.on('connect', (connack) => {
    const subscribed = () => {
      counters.connected = true;
      markReady();
      // After a restart of the server or the broker: what was sent and not acknowledged goes out again.
      tellQueue('a reconnect', () => deps.commands.onTransportReady());
    };
    if (connack.sessionPresent) return subscribed();
    client.subscribe(SERVER_SUBSCRIPTION, { qos: 1 }, (error, granted) => {
      if (error || granted?.[0]?.qos === 128) {
        deps.log('error', `ingest may not subscribe ${SERVER_SUBSCRIPTION}`, error ?? granted);
        return;
      }
      subscribed();
    });
  });
  client.on('close', () => {
    counters.connected = false;
  });
  client.on('error', (error) =>
    warn('broker', `ingest: broker ${options.url.replace(/\/\/[^@]*@/, '//')}: ${error.message}`),
  );
  client.on('message', onMessage);
  // mqtt.js hands over the next message (and acknowledges this one) only once this is called: while the buffer
  // is full and could not be written, the broker's messages wait in the broker (a bounded queue, decision 017).
  client.handleMessage = (_packet, done) => {
    if (buffer.length < batchSize) return done();
    held = () => done();
    counters.paused = true;
  };
  const timer = setInterval(flush, options.flushMs ?? 200);
  timer.unref();
  const watchdog = options.watchdogMs
    ? setInterval(() => {
        try {
          checkSilence();
        } catch (error) {
          deps.log('error', 'watchdog: the silence check failed', error);
        }
      }, options.watchdogMs)
    : null;
  watchdog?.unref();

  deps.commands.attach({
    connected: () => counters.connected && client.connected,
    publish: (sn: string, message: DownMessage) =>
      client.publishAsync(topics.command(sn), JSON.stringify(message), { qos: 1 }).then(() => undefined),
  });

  let stopped: Promise<void> | null = null;
  return {
    ready,
    stats: () => stats.snapshot(buffer.length),
    flush,
    checkSilence,
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        if (watchdog) clearInterval(watchdog);
        deps.commands.attach(null);
        // What was held back is taken now, so the connection can close; it is written below.
        const closing = client.endAsync();
        held?.();
        held = null;
        await closing;
        flush();
      })();
      return stopped;
    },
  };
}
