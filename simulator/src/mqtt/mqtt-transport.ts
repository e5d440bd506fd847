import { MqttLink } from './mqtt-link.ts';
import type { LinkHandlers, MachineLink, Transport, TransportStats } from './transport.ts';

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
  readonly counts = {
    ...{ open: 0, connecting: 0, connects: 0, failures: 0, published: 0 },
    ...{ acked: 0, held: 0, dropped: 0 },
  };
  lastError: string | null = null;
  /** Every link that may still hold a socket (a replaced fleet's machines until they have left). */
  private links = new Set<MqttLink>();
  private bySerial = new Map<string, MqttLink>();
  /** The fleet's machines now, in the order they joined: the first ones are the residents. */
  private members = new Map<string, MqttLink>();
  private queue: MqttLink[] = [];
  private lastLogged = 0;
  private residents = 0;

  constructor(options: MqttTransportOptions) {
    this.options = { connectConcurrency: 64, lingerMs: 2000, visitEveryMs: 30_000, ...options };
  }

  /**
   * The fleet will number `size`: all keep their connections if they fit the budget, else the first
   * `maxConnections - VISITOR_SOCKETS` do. Machines that stay change place only when the line moves: a fleet
   * that grows past the budget turns its last residents into visitors, one that shrinks back makes its
   * visitors residents.
   */
  plan(size: number): void {
    const { maxConnections } = this.options;
    for (const link of this.links) if (link.gone) this.links.delete(link);
    this.residents = size <= maxConnections ? size : maxConnections - VISITOR_SOCKETS;
    let place = 0;
    for (const link of this.members.values()) link.setResident(place++ < this.residents);
  }

  link(serial: string, handlers: LinkHandlers): MachineLink {
    // A machine of the last fleet with the same serial leaves before this one connects.
    const previous = this.bySerial.get(serial)?.settled() ?? Promise.resolve();
    const link = new MqttLink(this, serial, this.members.size < this.residents, handlers, previous);
    this.links.add(link);
    this.bySerial.set(serial, link);
    this.members.set(serial, link);
    return link;
  }

  unlink(serial: string): void {
    this.members.delete(serial);
  }

  request(link: MqttLink): void {
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
    const resident = Math.min(this.residents, this.members.size);
    return {
      broker: displayUrl(this.options.url),
      ...this.counts,
      resident,
      visitors: this.members.size - resident,
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
    this.links.clear();
    this.bySerial.clear();
    this.members.clear();
  }
}
