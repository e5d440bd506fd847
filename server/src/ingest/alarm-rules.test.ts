import { describe, expect, it } from 'vitest';
import type { KindData, TelemetryMessage } from '@console/contract/mqtt/payloads';
import type { AlarmType } from '@console/contract/codes/alarms';
import { DEFAULT_THRESHOLDS, evaluateRules, type DeviceEvent, type RuleContext } from './alarm-rules.ts';

const platform = (over: Partial<Extract<KindData, { kind: 'aerialPlatform' }>> = {}): KindData => ({
  kind: 'aerialPlatform',
  platformHeightM: 6,
  loadPct: 40,
  tiltDeg: 2,
  batteryV: 24.5,
  batteryPct: 80,
  driving: false,
  lifting: true,
  workingHours: 100,
  faults: [],
  ...over,
});

const report = (data: KindData, speed: number | null = 3): DeviceEvent => {
  const msg: TelemetryMessage = { t: 1, seq: 1, signal: 'strong', lock: 'unlocked', data };
  if (speed !== null) msg.pos = { lat: 31, lng: 121, speed, fix: 'gps' };
  return { type: 'report', report: msg };
};

const judge = (
  event: DeviceEvent,
  overspeedKmh = 0,
  thresholds = DEFAULT_THRESHOLDS,
  open: readonly AlarmType[] = [],
) => {
  const openAlarms = open.map((type) => ({ type }));
  const ctx: RuleContext = { device: { kind: 'aerialPlatform', overspeedKmh, openAlarms }, event, thresholds };
  const verdicts = evaluateRules(ctx);
  const holding = Object.entries(verdicts)
    .filter(([, finding]) => finding)
    .map(([type]) => type)
    .sort();
  return { verdicts, holding };
};

describe('alarm rules', () => {
  it.each([
    [79.9, []],
    [80, ['load80']],
    [89.9, ['load80']],
    [90, ['load90']],
    [98.9, ['load90']],
    [99, ['load99']],
    [150, ['load99']],
  ])('load %s%% holds %j: only the highest band', (loadPct, expected) => {
    const { verdicts, holding } = judge(report(platform({ loadPct })));
    expect(holding).toEqual(expected);
    // The other bands are said not to hold, so an alarm of a lower band ends when a higher one opens.
    expect(Object.keys(verdicts)).toEqual(expect.arrayContaining(['load80', 'load90', 'load99']));
  });

  it('keeps an open alarm until its value comes back past the hysteresis, so a value at a threshold does not flap', () => {
    const at = (data: Parameters<typeof platform>[0], open: AlarmType[], speed = 3, overspeed = 0) =>
      judge(report(platform(data), speed), overspeed, DEFAULT_THRESHOLDS, open).holding;
    expect(at({ loadPct: 78 }, [])).toEqual([]);
    expect(at({ loadPct: 78 }, ['load90'])).toEqual(['load80']);
    expect(at({ loadPct: 75 }, ['load80'])).toEqual(['load80']);
    expect(at({ loadPct: 74.9 }, ['load80'])).toEqual([]);
    expect(at({ tiltDeg: 13.5 }, ['tilt'])).toEqual(['tilt']);
    expect(at({ tiltDeg: 13 }, ['tilt'])).toEqual([]);
    expect(at({ batteryPct: 18 }, ['lowBattery'])).toEqual(['lowBattery']);
    expect(at({ batteryPct: 20 }, ['lowBattery'])).toEqual([]);
    expect(at({}, ['overspeed'], 18, 20)).toEqual(['overspeed']);
    expect(at({}, ['overspeed'], 17, 20)).toEqual([]);
  });

  it('alarms on a tilt above 14 degrees, not at 14', () => {
    expect(judge(report(platform({ tiltDeg: 14 }))).holding).toEqual([]);
    expect(judge(report(platform({ tiltDeg: 14.1 }))).verdicts.tilt).toEqual({ level: 3, value: 14.1, threshold: 14 });
  });

  it("alarms on overspeed above the machine's threshold; 0 means not monitored; no position says nothing", () => {
    expect(judge(report(platform(), 150), 0).holding).toEqual([]);
    expect(judge(report(platform(), 20), 20).holding).toEqual([]);
    expect(judge(report(platform(), 20.5), 20).verdicts.overspeed).toEqual({ level: 2, value: 20.5, threshold: 20 });
    expect('overspeed' in judge(report(platform(), null), 20).verdicts).toBe(false);
  });

  it('alarms on a state of charge below 15 % for the kinds that run on a battery', () => {
    expect(judge(report(platform({ batteryPct: 15 }))).holding).toEqual([]);
    expect(judge(report(platform({ batteryPct: 14 }))).verdicts.lowBattery).toEqual({
      level: 1,
      value: 14,
      threshold: 15,
    });
    const pack: KindData = {
      kind: 'battery',
      chargePct: 9,
      voltageV: 48,
      currentA: -20,
      temperatureC: 25,
      cycles: 10,
      faults: [],
    };
    expect(judge(report(pack)).holding).toEqual(['lowBattery']);
    const boat: KindData = { kind: 'boat', engineRpm: 0, fuelPct: 3, waterTempC: 15, engineHours: 1, faults: [] };
    expect('lowBattery' in judge(report(boat)).verdicts).toBe(false);
  });

  it('alarms on fault flags, but a silent controller is a state, not a fault', () => {
    expect(judge(report(platform({ faults: ['E01', 'P07'] }))).verdicts.fault).toEqual({
      level: 2,
      value: null,
      detail: 'E01,P07',
    });
    expect(judge(report(platform({ faults: ['CTRL_OFFLINE'] }))).holding).toEqual([]);
  });

  it('alarms on a lost connection, not on sleep or shutdown, and ends it on any sign of life', () => {
    expect(judge({ type: 'connection', online: false, reason: 'lost' }).holding).toEqual(['offline']);
    expect(judge({ type: 'connection', online: false }).holding).toEqual(['offline']);
    expect(judge({ type: 'connection', online: false, reason: 'sleep' }).verdicts).toEqual({ offline: null });
    expect(judge({ type: 'connection', online: false, reason: 'shutdown' }).verdicts).toEqual({ offline: null });
    expect(judge({ type: 'connection', online: true }).verdicts).toEqual({ offline: null });
    expect(judge(report(platform())).verdicts.offline).toBeNull();
  });

  it('takes its numbers from the thresholds it is given, and keeps the one crossed with the finding', () => {
    const strict = { ...DEFAULT_THRESHOLDS, load80: 50, load90: 60, load99: 70, tiltDeg: 5, lowBatteryPct: 50 };
    const { verdicts, holding } = judge(report(platform({ loadPct: 65, tiltDeg: 6, batteryPct: 40 })), 0, strict);
    expect(holding).toEqual(['load90', 'lowBattery', 'tilt']);
    expect(verdicts.load90).toEqual({ level: 2, value: 65, threshold: 60 });
    expect(verdicts.tilt).toEqual({ level: 3, value: 6, threshold: 5 });
    // The spec's defaults say nothing of these values.
    expect(judge(report(platform({ loadPct: 65, tiltDeg: 6, batteryPct: 40 }))).holding).toEqual([]);
  });

  it("watches speed by the rule's threshold unless the machine has its own; 0 in both means not monitored", () => {
    const rule = { ...DEFAULT_THRESHOLDS, overspeedKmh: 25 };
    expect(judge(report(platform(), 30), 0, rule).verdicts.overspeed).toEqual({ level: 2, value: 30, threshold: 25 });
    expect(judge(report(platform(), 24), 0, rule).holding).toEqual([]);
    // The machine's own threshold (set by a parameters command) wins over its kind's rule.
    expect(judge(report(platform(), 30), 40, rule).holding).toEqual([]);
    expect(judge(report(platform(), 30), 0, DEFAULT_THRESHOLDS).holding).toEqual([]);
  });

  it('does not watch low battery at 0 %, nor the connection when the rule says so', () => {
    const quiet = { ...DEFAULT_THRESHOLDS, lowBatteryPct: 0, offline: false };
    expect(judge(report(platform({ batteryPct: 0 })), 0, quiet).holding).toEqual([]);
    expect(judge({ type: 'connection', online: false, reason: 'lost' }, 0, quiet).verdicts).toEqual({ offline: null });
  });

  it('judges load and tilt only for aerial platforms', () => {
    const forklift: KindData = {
      kind: 'forklift',
      loadKg: 5000,
      forkHeightM: 3,
      batteryPct: 50,
      driving: true,
      workingHours: 1,
      faults: [],
    };
    const { verdicts } = judge(report(forklift));
    expect(Object.keys(verdicts).sort()).toEqual(['fault', 'lowBattery', 'offline', 'overspeed']);
  });
});
