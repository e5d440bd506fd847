import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { SimClock } from './clock.ts';
import { Fleet } from './fleet/fleet.ts';
import { machineSpec, type MachineSpec, type MachineSpecInput } from './fleet/spec.ts';
import { MemoryTransport } from './mqtt/memory-transport.ts';

/** Monday 23 November 2026, 08:00 in Shanghai: a working morning. */
export const MONDAY_MORNING = Date.UTC(2026, 10, 23, 0, 0);

/** A machine at the Shanghai demo site. */
export function spec(serial: string, kind: MachineKind, extra: Partial<MachineSpecInput> = {}): MachineSpec {
  return machineSpec.parse({ serial, kind, lat: 31.2304, lng: 121.4737, ...extra });
}

export interface HarnessOptions {
  seed?: number;
  start?: number;
  speed?: number;
}

/**
 * A fleet on the in-memory broker with a real clock the test moves by hand: no sockets, no waiting, and the
 * same run every time.
 */
export function harness(specs: MachineSpec[], options: HarnessOptions = {}) {
  let real = options.start ?? MONDAY_MORNING;
  const clock = new SimClock({ start: real, speed: options.speed ?? 1, realNow: () => real });
  const transport = new MemoryTransport();
  const fleet = new Fleet({ clock, transport, seed: options.seed ?? 7, wakeWindowRealMs: 0 });
  fleet.load(specs);
  return {
    clock,
    transport,
    fleet,
    machine: (serial: string) => fleet.get(serial)!,
    /** Let `realMs` of real time pass, ticking every `tickMs`. */
    run(realMs: number, tickMs = 1000) {
      for (let passed = 0; passed < realMs; passed += tickMs) {
        real += Math.min(tickMs, realMs - passed);
        clock.tick();
      }
    },
    /** Run until `check` holds, or fail after `maxRealMs`. */
    until(check: () => boolean, maxRealMs: number, tickMs = 1000) {
      for (let passed = 0; !check(); passed += tickMs) {
        if (passed > maxRealMs) throw new Error('condition not reached');
        real += tickMs;
        clock.tick();
      }
    },
  };
}
