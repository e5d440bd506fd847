import { connect } from 'mqtt';
import { SERVER_SUBSCRIPTION } from '@console/contract/mqtt/topics';
import type { AppDeps } from '../lib/deps.ts';
import { DEFAULT_THRESHOLDS, type AlarmRule, type AlarmThresholds } from './alarm-rules.ts';
import { createCounters, rateLimited, type IngestStats } from './stats.ts';
import { createStore, type WriteResult } from './store.ts';
import { validateUplink, type Accepted, type RejectReason } from './validate.ts';

export type AcceptedAck = Extract<Accepted, { type: 'ack' }>;

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
  /** Write at most this many messages per transaction ... */
  batchSize?: number;
  /** ... and at least this often (ms). */
  flushMs?: number;
  thresholds?: AlarmThresholds;
  rules?: readonly AlarmRule[];
  /** Accepted command acknowledgements go here (the command queue). */
  onAck?: (ack: AcceptedAck) => void;
  /** Told of every refusal (besides the counters and the log). */
  onReject?: (topic: string, reason: RejectReason, detail: string) => void;
}

export interface Ingest {
  /** Resolves once connected and subscribed (it keeps retrying until then). */
  ready: Promise<void>;
  stats(): IngestStats;
  /** Write what is buffered now. */
  flush(): void;
  /** Disconnect, then write what is buffered. */
  stop(): Promise<void>;
}

/**
 * The server's MQTT client: validates every uplink message, writes the good ones in batched transactions with
 * the machines' latest state and alarms, and publishes live events for what changed. A bad message is counted,
 * logged (rate-limited) and changes nothing; no payload can make it throw.
 */
export function startIngest(deps: Pick<AppDeps, 'dbh' | 'now' | 'log' | 'live'>, options: IngestOptions): Ingest {
  const store = createStore(deps.dbh, { thresholds: options.thresholds ?? DEFAULT_THRESHOLDS, rules: options.rules });
  const stats = createCounters();
  const { counters } = stats;
  const warn = rateLimited((level, message) => deps.log(level, message));
  const batchSize = options.batchSize ?? 1000;
  let buffer: Accepted[] = [];

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

  function flush(): void {
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    let result: WriteResult;
    try {
      result = store.write(batch);
    } catch (error) {
      counters.failed += batch.length;
      deps.log('error', `ingest could not write a batch of ${batch.length}`, error);
      return;
    }
    counters.stored += result.stored;
    counters.batches++;
    const committed = deps.now();
    for (const item of batch) stats.lag(committed - item.receivedAt);
    try {
      publishLive(result, committed);
    } catch (error) {
      deps.log('error', 'ingest could not publish live events', error);
    }
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
        options.onAck?.(result.item);
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
  const timer = setInterval(flush, options.flushMs ?? 200);
  timer.unref();

  let stopped: Promise<void> | null = null;
  return {
    ready,
    stats: () => stats.snapshot(buffer.length),
    flush,
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await client.endAsync();
        flush();
      })();
      return stopped;
    },
  };
}
