import type { AckMessage, StatusMessage, TelemetryMessage } from '@console/contract/mqtt/payloads';

/** What a machine sends, by topic (contract/mqtt/topics.ts): QoS and retain follow from the kind. */
export type Uplink =
  | { kind: 'telemetry'; message: TelemetryMessage }
  | { kind: 'status'; message: StatusMessage }
  | { kind: 'ack'; message: AckMessage };

export interface LinkHandlers {
  /** A command arrived on the machine's command topic (raw: the machine validates it). */
  onCommand(payload: Buffer): void;
  /** A session opened after the machine was away: it announces itself (status online). */
  onUp(): void;
  /** The connection broke without the machine asking (broker gone, network). */
  onDown(): void;
}

/** A machine's connection to the broker, as the machine sees it. */
export interface MachineLink {
  /** Be on line: connect now, and again whenever the connection breaks, until close() or drop(). */
  open(): void;
  /**
   * Send a message. While the connection is down (or being opened) what is sent waits and goes out in order
   * once it is up; a report is kept until the broker acknowledges it, with at most 10 in flight (up to 600
   * kept: older ones are dropped); between open() and close() only.
   */
  send(uplink: Uplink): void;
  /** Leave gracefully after what waits is sent: DISCONNECT, so the broker publishes no last will. */
  close(): void;
  /** Vanish: the connection is cut without DISCONNECT and the broker publishes the last will. */
  drop(): void;
  /** Whether the machine means to be on line (between open() and close()/drop()). */
  readonly wanted: boolean;
}

export interface TransportStats {
  broker: string;
  /** Sockets open now, and being opened. */
  open: number;
  connecting: number;
  /** Machines that keep their connection, and machines that connect to send and leave again. */
  resident: number;
  visitors: number;
  connects: number;
  /** Connection attempts the broker refused or that failed. */
  failures: number;
  lastError: string | null;
  published: number;
  /** Reports the broker acknowledged (told the unit it received). */
  acked: number;
  /** Reports units hold now: stored, or sent and not yet acknowledged. */
  held: number;
  /** Stored reports dropped because too many waited (or their unit vanished). */
  dropped: number;
}

export interface Transport {
  /**
   * The fleet will number `size` machines once the links made next are made (in order, after the machines that
   * stay): the transport places them, and may change how it holds the staying machines' connections.
   */
  plan(size: number): void;
  link(serial: string, handlers: LinkHandlers): MachineLink;
  /** A machine left the fleet (its link closed): it no longer counts in the plan. */
  unlink(serial: string): void;
  stats(): TransportStats;
  /** Close every connection (after the machines said goodbye). */
  close(): Promise<void>;
}

/** The protocol's last will: a machine that vanishes is reported lost (docs/decisions/007). */
export const LAST_WILL: StatusMessage = { online: false, reason: 'lost' };
