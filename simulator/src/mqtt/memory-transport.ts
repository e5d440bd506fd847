import type { DownMessage } from '@console/contract/mqtt/payloads';
import { LAST_WILL, type LinkHandlers, type MachineLink, type Transport, type Uplink } from './transport.ts';

interface LinkState {
  handlers: LinkHandlers;
  up: boolean;
  wanted: boolean;
  /** Commands waiting in the machine's session. */
  waiting: Buffer[];
  /** What the machine sent while away. */
  outbox: Uplink[];
}

export type Sent = Uplink & { serial: string; /** Published by the broker as the last will. */ will?: boolean };

/**
 * A broker in memory, for tests and dry runs: it keeps what machines send, and behaves as the protocol's
 * broker does for what matters to a machine: persistent sessions (commands for a machine that is away wait
 * for it), ordered delivery, and the last will when a machine vanishes. Everything happens synchronously.
 */
export class MemoryTransport implements Transport {
  readonly sent: Sent[] = [];
  private links = new Map<string, LinkState>();

  plan(): void {}

  link(serial: string, handlers: LinkHandlers): MachineLink {
    const state: LinkState = { handlers, up: false, wanted: false, waiting: [], outbox: [] };
    this.links.set(serial, state);
    const record = (uplink: Uplink) => this.sent.push({ ...uplink, serial } as Sent);
    return {
      open: () => {
        state.wanted = true;
        if (state.up) return;
        state.up = true;
        handlers.onUp();
        for (const uplink of state.outbox.splice(0)) record(uplink);
        for (const payload of state.waiting.splice(0)) handlers.onCommand(payload);
      },
      send: (uplink) => {
        if (state.up) record(uplink);
        else if (state.wanted) state.outbox.push(uplink);
      },
      close: () => {
        state.wanted = false;
        state.up = false;
      },
      drop: () => {
        state.wanted = false;
        if (state.up) this.sent.push({ kind: 'status', message: LAST_WILL, serial, will: true });
        state.up = false;
      },
      get wanted() {
        return state.wanted;
      },
    };
  }

  unlink(serial: string): void {
    this.links.delete(serial);
  }

  /** The server sends a command: delivered now if the machine is connected, else when it connects. */
  command(serial: string, command: DownMessage | string): void {
    const state = this.links.get(serial);
    if (!state) throw new Error(`no machine ${serial}`);
    const payload = Buffer.from(typeof command === 'string' ? command : JSON.stringify(command));
    if (state.up) state.handlers.onCommand(payload);
    else state.waiting.push(payload);
  }

  connected(serial: string): boolean {
    return this.links.get(serial)?.up ?? false;
  }

  /** What one machine sent, of one kind. */
  of<K extends Uplink['kind']>(serial: string, kind: K): Extract<Sent, { kind: K }>[] {
    return this.sent.filter((s): s is Extract<Sent, { kind: K }> => s.serial === serial && s.kind === kind);
  }

  stats() {
    const all = [...this.links.values()];
    const open = all.filter((l) => l.up).length;
    return {
      broker: 'memory',
      open,
      connecting: 0,
      resident: all.length,
      visitors: 0,
      connects: 0,
      failures: 0,
      lastError: null,
      published: this.sent.length,
      acked: this.sent.filter((s) => s.kind === 'telemetry').length,
      held: 0,
      dropped: 0,
    };
  }

  async close(): Promise<void> {
    for (const state of this.links.values()) state.up = false;
  }
}
