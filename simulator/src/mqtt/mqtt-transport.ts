import { connect, type IConnackPacket, type MqttClient } from 'mqtt';
import { deviceSecret } from '@console/contract/mqtt/credentials';
import { topics } from '@console/contract/mqtt/topics';
import { LAST_WILL, type LinkHandlers, type MachineLink, type Transport, type TransportStats, type Uplink } from './transport.ts';

export interface MqttTransportOptions {
  url: string;
  /** Each machine signs in with HMAC(FLEET_SECRET, serial) (contract/mqtt/credentials.ts). */
  fleetSecret: string;
  /** Sockets this process may hold (SIM_MAX_CONNECTIONS); docs/decisions/008-simulator.md says why. */
  maxConnections: number;
  /** Connections opened at once: a broker's listen backlog is small. */
  connectConcurrency?: number;
  /** How long a visiting machine stays after its last message (real ms), for commands that waited for it. */
  lingerMs?: number;
  /** A visiting machine stores its reports and brings them at most this long after the first (real ms). */
  visitEveryMs?: number;
  log: (message: string) => void;
}

/** Sockets kept for visiting machines when the fleet is bigger than the budget. */
export const VISITOR_SOCKETS = 1000;
/** Reports a unit stores while it cannot send them; beyond this the oldest is dropped. */
const STORED_REPORTS = 20;

const QOS = { telemetry: 0, status: 1, ack: 1 } as const;

/** A broker URL safe to show: user name and password removed. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/**
 * One MQTT connection per machine, each signed in as the machine. Up to the budget every machine keeps its
 * connection (a resident); beyond it the rest are visitors: they connect to send, stay a moment for what
 * waited in their session, and leave with DISCONNECT, so the broker keeps them on line and publishes no will.
 */
export class MqttTransport implements Transport {
  readonly options: Required<MqttTransportOptions>;
  readonly counts = { open: 0, connecting: 0, connects: 0, failures: 0, published: 0, dropped: 0 };
  lastError: string | null = null;
  private links: Link[] = [];
  private bySerial = new Map<string, Link>();
  private queue: Link[] = [];
  private lastLogged = 0;

  constructor(options: MqttTransportOptions) {
    this.options = { connectConcurrency: 64, lingerMs: 2000, visitEveryMs: 30_000, ...options };
  }

  link(serial: string, handlers: LinkHandlers): MachineLink {
    const previous = this.bySerial.get(serial);
    const link = new Link(this, serial, this.links.length, handlers, previous?.settled() ?? Promise.resolve());
    this.links.push(link);
    this.bySerial.set(serial, link);
    return link;
  }

  /** Whether the link at this position keeps its connection: all do while the fleet fits the budget. */
  isResident(index: number): boolean {
    const live = this.bySerial.size;
    return live <= this.options.maxConnections || index < this.options.maxConnections - VISITOR_SOCKETS;
  }

  request(link: Link): void {
    this.queue.push(link);
    this.pump();
  }

  pump(): void {
    const { connectConcurrency, maxConnections } = this.options;
    while (
      this.queue.length > 0 &&
      this.counts.connecting < connectConcurrency &&
      this.counts.open + this.counts.connecting < maxConnections
    ) {
      this.queue.shift()!.dial();
    }
  }

  failed(message: string): void {
    this.counts.failures++;
    this.lastError = message;
    const now = Date.now();
    if (now - this.lastLogged > 10_000) {
      this.lastLogged = now;
      this.options.log(`broker ${displayUrl(this.options.url)}: ${message} (${this.counts.failures} failures so far)`);
    }
  }

  stats(): TransportStats {
    let resident = 0;
    for (const link of this.bySerial.values()) if (this.isResident(link.index)) resident++;
    return {
      broker: displayUrl(this.options.url),
      ...this.counts,
      resident,
      visitors: this.bySerial.size - resident,
      lastError: this.lastError,
    };
  }

  /** Wait (at most `timeoutMs`) for the machines' goodbyes to go out, then cut what is left. */
  async close(timeoutMs = 4000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.counts.open + this.counts.connecting + this.queue.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    this.queue = [];
    for (const link of this.links) link.destroy();
    this.links = [];
    this.bySerial.clear();
  }

  forget(link: Link): void {
    if (this.bySerial.get(link.serial) === link) return;
    this.links = this.links.filter((l) => l !== link);
  }
}

class Link implements MachineLink {
  wanted = false;
  private client: MqttClient | null = null;
  private state: 'idle' | 'queued' | 'connecting' | 'up' = 'idle';
  private outbox: Uplink[] = [];
  private dropOnConnect = false;
  private ending = false;
  private backoffMs = 1000;
  private retry: NodeJS.Timeout | null = null;
  private linger: NodeJS.Timeout | null = null;
  private visit: NodeJS.Timeout | null = null;
  private readonly password: string;
  private settledWaiters: (() => void)[] = [];

  constructor(
    private readonly transport: MqttTransport,
    readonly serial: string,
    readonly index: number,
    private readonly handlers: LinkHandlers,
    private readonly after: Promise<void>,
  ) {
    this.password = deviceSecret(transport.options.fleetSecret, serial);
  }

  private get resident(): boolean {
    return this.transport.isResident(this.index);
  }

  open(): void {
    this.wanted = true;
    this.dropOnConnect = false;
    this.ensure();
  }

  send(uplink: Uplink): void {
    if (this.state === 'up' && !this.ending) return this.publish(uplink);
    if (!this.wanted) return;
    // The unit stores what it cannot send yet, and sends it in order when it can.
    this.outbox.push(uplink);
    const reports = this.outbox.filter((u) => u.kind === 'telemetry');
    if (reports.length > STORED_REPORTS) {
      this.outbox.splice(this.outbox.indexOf(reports[0]!), 1);
      this.transport.counts.dropped++;
    }
    this.schedule();
  }

  /** Connect now for what must go at once; a visitor brings its reports only now and then. */
  private schedule(): void {
    if (!this.wanted || this.resident || this.outbox.some((u) => u.kind !== 'telemetry')) return this.ensure();
    this.visit ??= setTimeout(() => {
      this.visit = null;
      this.ensure();
    }, this.transport.options.visitEveryMs);
  }

  close(): void {
    this.wanted = false;
    this.clearRetry();
    if (this.state === 'up' && !this.ending) {
      for (const uplink of this.outbox.splice(0)) this.publish(uplink);
      return this.leave();
    }
    // A goodbye still waiting to go out: connect (again, once the socket that is leaving has gone) to say it.
    if (this.outbox.length > 0) this.ensure();
  }

  drop(): void {
    this.wanted = false;
    this.outbox = [];
    this.clearRetry();
    if (this.state === 'up') return this.cut();
    // A visitor is on line to the broker between visits: it must connect to vanish, so the will fires.
    if (!this.resident || this.state !== 'idle') {
      this.dropOnConnect = true;
      this.ensure();
    }
  }

  /** Resolves when this link holds no socket. */
  settled(): Promise<void> {
    if (this.state === 'idle') return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  destroy(): void {
    this.wanted = false;
    this.clearRetry();
    if (this.linger) clearTimeout(this.linger);
    if (this.visit) clearTimeout(this.visit);
    this.client?.end(true);
    this.client = null;
  }

  private ensure(): void {
    if (this.visit) clearTimeout(this.visit);
    this.visit = null;
    if (this.state !== 'idle' || this.retry) return;
    this.state = 'queued';
    void this.after.then(() => this.transport.request(this));
  }

  dial(): void {
    const t = this.transport;
    this.state = 'connecting';
    t.counts.connecting++;
    this.ending = false;
    const client = connect(t.options.url, {
      clientId: this.serial,
      username: this.serial,
      password: this.password,
      clean: false,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      keepalive: 60,
      resubscribe: false,
      will: { topic: topics.status(this.serial), payload: Buffer.from(JSON.stringify(LAST_WILL)), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', (connack: IConnackPacket) => this.onConnect(client, connack));
    client.on('message', (_topic, payload) => this.handlers.onCommand(payload));
    client.on('error', (error) => t.failed(error.message));
    client.on('close', () => this.onClose(client));
  }

  private onConnect(client: MqttClient, connack: IConnackPacket): void {
    const t = this.transport;
    t.counts.connecting--;
    t.counts.open++;
    t.counts.connects++;
    this.state = 'up';
    this.backoffMs = 1000;
    t.pump();
    if (!connack.sessionPresent) client.subscribe(topics.command(this.serial), { qos: 1 });
    if (this.dropOnConnect) return this.cut();
    if (this.wanted) this.handlers.onUp();
    for (const uplink of this.outbox.splice(0)) this.publish(uplink);
    if (!this.wanted) return this.leave();
    if (!this.resident) this.touch();
  }

  private onClose(client: MqttClient): void {
    if (client !== this.client) return;
    const t = this.transport;
    const was = this.state;
    if (was === 'connecting') t.counts.connecting--;
    if (was === 'up') t.counts.open--;
    this.state = 'idle';
    this.client = null;
    client.removeAllListeners();
    client.end(true);
    if (this.linger) clearTimeout(this.linger);
    t.pump();
    for (const resolve of this.settledWaiters.splice(0)) resolve();
    if (this.ending) {
      t.forget(this);
      // Something to say came while it was leaving: come back to say it.
      if (this.outbox.length > 0) this.schedule();
      return;
    }
    if (was === 'up') this.handlers.onDown();
    // Connect again after a pause that grows while the broker stays away (with jitter, not all at once).
    if ((this.wanted && this.resident) || this.outbox.length > 0 || this.dropOnConnect) {
      const delay = this.backoffMs * (0.5 + Math.random());
      this.backoffMs = Math.min(30_000, this.backoffMs * 2);
      this.retry = setTimeout(() => {
        this.retry = null;
        this.ensure();
      }, delay);
    }
  }

  private publish(uplink: Uplink): void {
    const topic = topics[uplink.kind](this.serial);
    this.client!.publish(topic, JSON.stringify(uplink.message), { qos: QOS[uplink.kind], retain: uplink.kind === 'status' });
    this.transport.counts.published++;
    if (!this.resident && this.wanted) this.touch();
  }

  /** A visitor leaves a moment after its last message. */
  private touch(): void {
    if (this.linger) clearTimeout(this.linger);
    this.linger = setTimeout(() => {
      this.linger = null;
      if (this.state === 'up') this.leave();
    }, this.transport.options.lingerMs);
  }

  /** DISCONNECT after what is in flight: the broker publishes no will. */
  private leave(): void {
    this.ending = true;
    this.client?.end(false);
  }

  /** Cut the socket without DISCONNECT: the broker publishes the will. */
  private cut(): void {
    this.dropOnConnect = false;
    this.ending = true;
    this.client?.end(true);
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }
}
