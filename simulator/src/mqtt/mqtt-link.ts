import { connect, type IConnackPacket, type MqttClient } from 'mqtt';
import { deviceSecret } from '@console/contract/mqtt/credentials';
import { topics } from '@console/contract/mqtt/topics';
import type { MqttTransport } from './mqtt-transport.ts';
import { LAST_WILL, type LinkHandlers, type MachineLink, type Uplink } from './transport.ts';

/**
 * Reports a unit stores while it cannot send them, or while the broker has not acknowledged those in flight
 * (ten minutes at one report a second); beyond this the oldest is dropped, and counted.
 */
export const STORED_REPORTS = 600;
/** Reports a unit sends before the broker acknowledges them (Paho's default); the rest wait in storage. */
export const REPORTS_IN_FLIGHT = 10;
const QOS = { telemetry: 1, status: 1, ack: 1 } as const;
const noTrace = () => undefined;

type Report = Extract<Uplink, { kind: 'telemetry' }>;

/**
 * One machine's connection: signed in as the machine, with its last will, in a persistent session. A resident
 * keeps it open and reconnects with growing, jittered pauses; a visitor connects to bring what it stored,
 * stays a moment, and leaves.
 */
export class MqttLink implements MachineLink {
  wanted = false;
  private client: MqttClient | null = null;
  private state: 'idle' | 'queued' | 'connecting' | 'up' = 'idle';
  /** Status and acknowledgements waiting for a connection: they go first, and are never dropped. */
  private outbox: Uplink[] = [];
  /** Reports stored, oldest first, and reports sent on this connection that the broker has not acknowledged. */
  private stored: Report[] = [];
  private inFlight = new Set<Report>();
  private dropOnConnect = false;
  /** Dropped: what was in flight goes with the unit, not back into storage. */
  private vanishing = false;
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
    /** Keeps its connection (else it visits); the transport's plan may change it (setResident). */
    private isResident: boolean,
    private readonly handlers: LinkHandlers,
    private readonly after: Promise<void>,
  ) {
    this.password = deviceSecret(transport.options.fleetSecret, serial);
  }

  get resident(): boolean {
    return this.isResident;
  }

  /** Keep the connection from now on (connect at once if on line), or visit (leave after the next moment). */
  setResident(resident: boolean): void {
    if (resident === this.isResident) return;
    this.isResident = resident;
    if (resident) {
      if (this.linger) clearTimeout(this.linger);
      this.linger = null;
      if (this.wanted) this.ensure();
    } else if (this.state === 'up' && this.wanted) {
      this.touch();
    }
  }

  open(): void {
    this.wanted = true;
    this.dropOnConnect = false;
    this.vanishing = false;
    this.ensure();
  }

  send(uplink: Uplink): void {
    const up = this.state === 'up' && !this.ending;
    if (uplink.kind !== 'telemetry') {
      if (up) return this.publish(uplink);
      if (!this.wanted) return;
      this.outbox.push(uplink);
      return this.schedule();
    }
    if (!up && !this.wanted) return;
    // The unit stores each report until the broker has acknowledged it; it sends at most REPORTS_IN_FLIGHT at a
    // time, so a server that falls behind slows it down (the broker reads no more from it) instead of losing
    // what it was sent (docs/decisions/007).
    this.stored.push(uplink);
    this.transport.counts.held++;
    if (this.stored.length > STORED_REPORTS) {
      this.stored.shift();
      this.transport.counts.held--;
      this.transport.counts.dropped++;
    }
    if (up) this.sendStored();
    else this.schedule();
  }

  /** Send stored reports, oldest first, while the window has room. */
  private sendStored(): void {
    while (this.stored.length > 0 && this.inFlight.size < REPORTS_IN_FLIGHT && this.state === 'up') {
      this.publish(this.stored.shift()!);
    }
  }

  /** Reports held by this unit: stored, or sent and not yet acknowledged. */
  get held(): number {
    return this.stored.length + this.inFlight.size;
  }

  /** Connect now for what must go at once; a visitor brings its reports only now and then. */
  private schedule(): void {
    if (!this.wanted || this.isResident || this.outbox.length > 0) return this.ensure();
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
      // A unit switched off sends what it stored first; leave() waits for the acknowledgements.
      for (const report of this.stored.splice(0)) this.publish(report);
      return this.leave();
    }
    // A goodbye still waiting to go out: connect (again, once the socket that is leaving has gone) to say it.
    if (this.outbox.length > 0 || this.stored.length > 0) this.ensure();
  }

  drop(): void {
    this.wanted = false;
    this.outbox = [];
    // A unit that vanishes takes what it stored with it.
    this.discard(this.stored.splice(0).length);
    this.vanishing = true;
    this.clearRetry();
    if (this.state === 'up') return this.cut();
    // A visitor is on line to the broker between visits: it must connect to vanish, so the will fires.
    if (!this.isResident || this.state !== 'idle') {
      this.dropOnConnect = true;
      this.ensure();
    }
  }

  /** Holds no socket, wants none, and has nothing left to say. */
  get gone(): boolean {
    return !this.wanted && this.state === 'idle' && this.outbox.length === 0 && this.held === 0 && !this.retry;
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
      // mqtt.js traces every packet through `debug` unless given a logger: 3 % of a 12,000-machine fleet's CPU.
      log: noTrace,
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
    if (!this.wanted) {
      for (const report of this.stored.splice(0)) this.publish(report);
      return this.leave();
    }
    this.sendStored();
    if (!this.isResident) this.touch();
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
    // What the broker never acknowledged is stored again, ahead of what came since, to be sent on the next
    // connection (at least once: a report whose acknowledgement was lost on the way arrives twice).
    if (this.vanishing) this.discard(this.inFlight.size);
    else this.stored.unshift(...this.inFlight);
    this.inFlight.clear();
    if (this.linger) clearTimeout(this.linger);
    t.pump();
    for (const resolve of this.settledWaiters.splice(0)) resolve();
    if (this.ending) {
      // Something to say came while it was leaving: come back to say it.
      if (this.outbox.length > 0 || this.stored.length > 0) this.schedule();
      return;
    }
    if (was === 'up') this.handlers.onDown();
    // Connect again after a pause that grows while the broker stays away (with jitter, not all at once).
    if ((this.wanted && this.isResident) || this.outbox.length > 0 || this.stored.length > 0 || this.dropOnConnect) {
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
    const client = this.client!;
    const report = uplink.kind === 'telemetry' ? uplink : null;
    if (report) this.inFlight.add(report);
    const options = { qos: QOS[uplink.kind], retain: uplink.kind === 'status' };
    client.publish(topic, JSON.stringify(uplink.message), options, (error) => {
      // Acknowledged on this connection (a closed one stored its reports again, onClose).
      if (!report || error || client !== this.client || !this.inFlight.delete(report)) return;
      this.transport.counts.held--;
      this.transport.counts.acked++;
      this.sendStored();
    });
    this.transport.counts.published++;
    if (!this.isResident && this.wanted) this.touch();
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

  private discard(reports: number): void {
    this.transport.counts.held -= reports;
    this.transport.counts.dropped += reports;
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }
}
