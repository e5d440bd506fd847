import { connect, type IConnackPacket, type MqttClient } from 'mqtt';
import { deviceSecret } from '@console/contract/mqtt/credentials';
import { topics } from '@console/contract/mqtt/topics';
import type { MqttTransport } from './mqtt-transport.ts';
import { LAST_WILL, type LinkHandlers, type MachineLink, type Uplink } from './transport.ts';

/** Reports a unit stores while it cannot send them; beyond this the oldest is dropped. */
const STORED_REPORTS = 20;
const QOS = { telemetry: 0, status: 1, ack: 1 } as const;

/**
 * One machine's connection: signed in as the machine, with its last will, in a persistent session. A resident
 * keeps it open and reconnects with growing, jittered pauses; a visitor connects to bring what it stored,
 * stays a moment, and leaves.
 */
export class MqttLink implements MachineLink {
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
    /** Keeps its connection (else it visits). */
    readonly resident: boolean,
    private readonly handlers: LinkHandlers,
    private readonly after: Promise<void>,
  ) {
    this.password = deviceSecret(transport.options.fleetSecret, serial);
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

  /** Holds no socket, wants none, and has nothing left to say. */
  get gone(): boolean {
    return !this.wanted && this.state === 'idle' && this.outbox.length === 0 && !this.retry;
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
      will: {
        topic: topics.status(this.serial),
        payload: Buffer.from(JSON.stringify(LAST_WILL)),
        qos: 1,
        retain: true,
      },
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
    this.client!.publish(topic, JSON.stringify(uplink.message), {
      qos: QOS[uplink.kind],
      retain: uplink.kind === 'status',
    });
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
