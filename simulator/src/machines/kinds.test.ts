import { describe, expect, it } from 'vitest';
import { MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import {
  ackMessage,
  CONTROLLER_SILENT,
  statusMessage,
  telemetryMessage,
  type KindData,
  type TelemetryMessage,
} from '@console/contract/mqtt/payloads';
import { harness, spec } from '../test-harness.ts';

const DAY = 86_400_000;
type Of<K extends MachineKind> = Extract<KindData, { kind: K }>;

const runs = new Map<MachineKind, ReturnType<typeof run>>();
const longRun = (kind: MachineKind) => runs.get(kind) ?? runs.set(kind, run(kind)).get(kind)!;

/** Three weeks of 5-minute reports from four machines of a kind, with every injection at its extreme. */
function run(kind: MachineKind) {
  const specs = [
    spec(`${kind.slice(0, 3).toUpperCase()}-L1`, kind, { reportIntervalS: 300, overspeedKmh: 20 }),
    spec(`${kind.slice(0, 3).toUpperCase()}-L2`, kind, { reportIntervalS: 300, lat: -33.87, lng: 151.21 }),
    spec(`${kind.slice(0, 3).toUpperCase()}-S1`, kind, { reportIntervalS: 300, leased: false }),
    spec(`${kind.slice(0, 3).toUpperCase()}-B1`, kind, {
      reportIntervalS: 300,
      positioning: 'base',
      lat: 1.35,
      lng: 103.82,
    }),
  ];
  const h = harness(specs, { seed: 11 });
  const [first, second] = specs.map((s) => s.serial) as [string, string];
  h.run(3 * DAY, 300_000);
  // Every injection this kind takes, at its extreme, while the model goes on.
  for (const condition of ['overload', 'tilt', 'overspeed', 'lowBattery'] as const) {
    const value = { overload: 150, tilt: 45, overspeed: 150, lowBattery: 0 }[condition];
    try {
      h.fleet.act(first, 'alarm', { condition, value, durationS: 3600 });
    } catch {
      // Not for this kind (a charger has no battery to run low).
    }
  }
  h.fleet.act(second, 'fault', { code: CONTROLLER_SILENT, durationS: 7200 });
  h.fleet.act(second, 'move', { to: { lat: -33.86, lng: 151.23 } });
  h.run(2 * DAY, 300_000);
  h.fleet.act(first, 'sleep', {});
  h.run(16 * DAY, 300_000);
  // And at top speed: a step is an hour of simulated time.
  h.clock.setSpeed(3600);
  h.run(20 * 24 * 1000, 1000);
  return h;
}

describe('each kind over a long simulated run', () => {
  it.each(MACHINE_KINDS)('%s reports only values inside the physical ranges of the protocol', (kind) => {
    const h = longRun(kind);
    const reports = h.transport.sent.filter((s) => s.kind === 'telemetry').map((s) => s.message as TelemetryMessage);
    expect(reports.length).toBeGreaterThan(15_000);
    for (const sent of h.transport.sent) {
      const schema = { telemetry: telemetryMessage, status: statusMessage, ack: ackMessage }[sent.kind];
      const checked = schema.safeParse(sent.message);
      if (!checked.success) expect.fail(`${JSON.stringify(sent.message)}: ${checked.error.message}`);
    }
    const data = reports.map((r) => r.data);
    expect(new Set(data.map((d) => d.kind))).toEqual(new Set([kind]));
    // The silent controller says so, and the machine drove to where it was sent.
    expect(data.some((d) => d.faults.includes(CONTROLLER_SILENT))).toBe(true);
    const moved = reports.filter(
      (r) => r.pos && Math.abs(r.pos.lat + 33.86) < 0.01 && Math.abs(r.pos.lng - 151.23) < 0.01,
    );
    expect(moved.length).toBeGreaterThan(0);
    // Device times only move forward, and sequence numbers count up per machine.
    let steps = 0;
    for (const serial of new Set(h.transport.sent.map((s) => s.serial))) {
      const own = h.transport.of(serial, 'telemetry').map((s) => s.message);
      expect(own.every((r, i) => i === 0 || (r.t > own[i - 1]!.t && r.seq > own[i - 1]!.seq))).toBe(true);
      steps += Math.max(own.length - 1, 0);
    }
    // Some machine reported more than once, so the order was checked at all.
    expect(steps).toBeGreaterThan(0);
  });

  it('gives every kind its own plausible behaviour, alarm crossings included', () => {
    const by = <K extends MachineKind>(kind: K) =>
      longRun(kind)
        .transport.sent.filter((s) => s.kind === 'telemetry')
        .map((s) => (s.message as TelemetryMessage).data as Of<K>);
    const platform = by('aerialPlatform');
    expect(platform.some((d) => d.lifting && d.platformHeightM > 2)).toBe(true);
    expect(platform.some((d) => d.loadPct >= 80 && d.loadPct < 99)).toBe(true);
    expect(platform.some((d) => d.tiltDeg > 14)).toBe(true);
    expect(platform.some((d) => d.batteryPct < 15)).toBe(true);
    expect(platform.some((d) => d.faults.some((f) => f !== CONTROLLER_SILENT))).toBe(true);
    const pump = by('concretePump');
    expect(new Set(pump.map((d) => d.pumpStatus))).toEqual(new Set(['standby', 'pumping', 'reverse']));
    expect(new Set(pump.map((d) => d.mode))).toEqual(new Set(['performance', 'energySaving']));
    expect(by('wetSprayer').some((d) => d.spraying && d.sprayRateM3h > 0)).toBe(true);
    const mower = by('mower');
    expect(mower.some((d) => d.cutting && d.bladeRpm > 2000)).toBe(true);
    expect(Math.max(...mower.map((d) => d.areaTodayM2))).toBeGreaterThan(1000);
    expect(by('boat').some((d) => d.engineRpm > 1500)).toBe(true);
    expect(by('forklift').some((d) => d.loadKg > 500 && d.forkHeightM > 0)).toBe(true);
    const battery = by('battery');
    expect(battery.some((d) => d.currentA < -10) && battery.some((d) => d.currentA > 10)).toBe(true);
    expect(new Set(by('charger').map((d) => d.state))).toEqual(new Set(['idle', 'charging', 'full', 'fault']));
  });
});
