import { describe, expect, it } from 'vitest';
import { MAX_CHARGER_KW } from '@console/contract/codes/machine-kinds';
import type { KindData } from '@console/contract/mqtt/payloads';
import {
  emptyTotals,
  foldPosition,
  foldReport,
  ROLLUP_GAP_MS,
  type DayTotals,
  type FoldState,
  type PositionState,
} from './fold.ts';
import { DayClock, organisationZone } from './zone.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 2026-03-10 08:00 in Shanghai (UTC+8). */
const MORNING = Date.UTC(2026, 2, 10, 0, 0);

function ledger() {
  const days = new Map<string, DayTotals>();
  const add = (day: string) => {
    let t = days.get(day);
    if (!t) days.set(day, (t = emptyTotals()));
    return t;
  };
  return { days, add };
}

function foldAll(reports: [number, KindData][], zone = 'Asia/Shanghai', start: FoldState | null = null) {
  const { days, add } = ledger();
  const clock = new DayClock(zone);
  let state = start;
  for (const [t, data] of reports) state = foldReport(state, t, data, clock, add) ?? state;
  return { days, state };
}

const platform = (workingHours: number, lifting = false): KindData => ({
  kind: 'aerialPlatform',
  platformHeightM: 0,
  loadPct: 0,
  tiltDeg: 0,
  batteryV: 24,
  batteryPct: 80,
  driving: false,
  lifting,
  workingHours,
  faults: [],
});
const pump = (engineHours: number, pumping: boolean, displacementM3h = 60): KindData => ({
  kind: 'concretePump',
  pumpStatus: pumping ? 'pumping' : 'standby',
  mode: 'performance',
  displacementM3h,
  pressureMpa: 10,
  pumpCurrentA: [10, 10],
  engineHours,
  faults: [],
});
const mower = (areaTodayM2: number): KindData => ({
  kind: 'mower',
  cutting: true,
  bladeRpm: 3000,
  batteryPct: 50,
  areaTodayM2,
  workingHours: 1,
  faults: [],
});
const charger = (energyKwh: number, state: 'charging' | 'idle' = 'charging'): KindData => ({
  kind: 'charger',
  state,
  outputV: 48,
  outputA: 20,
  energyKwh,
  faults: [],
});
const battery = (cycles: number): KindData => ({
  kind: 'battery',
  chargePct: 60,
  voltageV: 50,
  currentA: -40,
  temperatureC: 25,
  cycles,
  faults: [],
});
const forklift = (loadKg: number, workingHours: number): KindData => ({
  kind: 'forklift',
  loadKg,
  forkHeightM: 1,
  batteryPct: 70,
  driving: true,
  workingHours,
  faults: [],
});

describe('folding reports into days', () => {
  it('counts the hour meter advance as worked and the covered time as powered', () => {
    const reports: [number, KindData][] = Array.from({ length: 13 }, (_, i) => [
      MORNING + i * 5 * MIN,
      platform(100 + i / 12),
    ]);
    const { days } = foldAll(reports);
    const day = days.get('2026-03-10')!;
    expect(day.hoursWorked).toBeCloseTo(1, 6);
    expect(day.hoursPowered).toBeCloseTo(1, 6);
    expect(day.reports).toBe(13);
  });

  it('does not count a gap longer than a few minutes as powered, and caps the meter at the elapsed time', () => {
    const { days } = foldAll([
      [MORNING, platform(100)],
      [MORNING + 2 * MIN, platform(100)],
      [MORNING + 2 * MIN + 2 * HOUR, platform(101)],
      // A meter that jumps 50 h in 5 minutes (a replaced controller) adds at most 5 minutes.
      [MORNING + 2 * MIN + 2 * HOUR + 5 * MIN, platform(151)],
    ]);
    const day = days.get('2026-03-10')!;
    expect(day.hoursPowered).toBeCloseTo((2 + 5) / 60, 6);
    expect(day.hoursWorked).toBeCloseTo(1 + 5 / 60, 6);
    expect(ROLLUP_GAP_MS).toBe(5 * MIN);
  });

  it('splits an interval at midnight in the machine zone, not UTC', () => {
    // 23:50 to 00:10 Shanghai time (15:50 to 16:10 UTC): ten minutes each side of the local midnight.
    const before = Date.UTC(2026, 2, 10, 15, 50);
    const { days } = foldAll([
      [before, platform(10)],
      [before + 4 * MIN, platform(10 + 4 / 60)],
      [before + 8 * MIN, platform(10 + 8 / 60)],
      [before + 12 * MIN, platform(10 + 12 / 60)],
      [before + 16 * MIN, platform(10 + 16 / 60)],
      [before + 20 * MIN, platform(10 + 20 / 60)],
    ]);
    expect(days.get('2026-03-10')!.hoursWorked).toBeCloseTo(10 / 60, 6);
    expect(days.get('2026-03-11')!.hoursWorked).toBeCloseTo(10 / 60, 6);
    expect(days.get('2026-03-11')!.hoursPowered).toBeCloseTo(10 / 60, 6);
    // In Sydney (UTC+11 in March) the same reports fall on one local day.
    const sydney = foldAll(
      [
        [before, platform(10)],
        [before + 4 * MIN, platform(10 + 4 / 60)],
      ],
      'Australia/Sydney',
    );
    expect([...sydney.days.keys()]).toEqual(['2026-03-11']);
  });

  it('pumps the displacement while pumping, and counts lifts, loads, area and energy from their edges and counters', () => {
    const pumped = foldAll([
      [MORNING, pump(5, true, 60)],
      [MORNING + 3 * MIN, pump(5.05, false)],
      [MORNING + 6 * MIN, pump(5.1, true, 30)],
      [MORNING + 8 * MIN, pump(5.13, true, 30)],
    ]).days.get('2026-03-10')!;
    expect(pumped.volumeM3).toBeCloseTo(60 * (3 / 60) + 30 * (2 / 60), 6);

    const lifted = foldAll([
      [MORNING, platform(1, false)],
      [MORNING + MIN, platform(1, true)],
      [MORNING + 2 * MIN, platform(1, true)],
      [MORNING + 3 * MIN, platform(1, false)],
      [MORNING + 4 * MIN, platform(1, true)],
    ]).days.get('2026-03-10')!;
    expect(lifted.lifts).toBe(2);

    const loads = foldAll([
      [MORNING, forklift(0, 1)],
      [MORNING + MIN, forklift(800, 1)],
      [MORNING + 2 * MIN, forklift(790, 1)],
      [MORNING + 3 * MIN, forklift(10, 1)],
    ]).days.get('2026-03-10')!;
    expect(loads.lifts).toBe(1);

    // The mower's counter starts again from 0 each day: a fall into the next day is new area, a fall the same day a
    // glitch of the counter, not area (decision 062).
    const midnight = Date.UTC(2026, 2, 10, 16, 0);
    const mowed = foldAll([
      [MORNING, mower(100)],
      [MORNING + MIN, mower(180)],
      [MORNING + 2 * MIN, mower(40)],
      [MORNING + 3 * MIN, mower(90)],
      [midnight - MIN, mower(300)],
      [midnight + MIN, mower(20)],
    ]).days;
    // The long gap before the last evening report allows its 210 m²; the new day's first 20 m² are its own.
    expect(mowed.get('2026-03-10')!.areaM2).toBe(80 + 0 + 50 + 210);
    expect(mowed.get('2026-03-11')!.areaM2).toBe(20);

    const charged = foldAll([
      [MORNING, charger(1000)],
      [MORNING + MIN, charger(1000.5)],
      [MORNING + 2 * MIN, charger(1001, 'idle')],
      [MORNING + 3 * MIN, charger(1001, 'idle')],
    ]).days.get('2026-03-10')!;
    expect(charged.energyKwh).toBeCloseTo(1, 6);
    // No hour meter: the hours charging are the hours worked.
    expect(charged.hoursWorked).toBeCloseTo(2 / 60, 6);
  });

  it('credits no counter faster than the machine can go: a replaced unit, a jumping counter (decision 062)', () => {
    // A new charger unit reports its own lifetime counter a minute after the old one's last report.
    const replaced = foldAll([
      [MORNING, charger(3.2)],
      [MORNING + MIN, charger(38_000)],
      [MORNING + 2 * MIN, charger(38_000.5)],
    ]).days.get('2026-03-10')!;
    expect(replaced.energyKwh).toBeCloseTo(MAX_CHARGER_KW / 60 + 0.5, 6);
    // A counter across a gap longer than ROLLUP_GAP_MS: nothing known of that time, nothing credited.
    const gap = foldAll([
      [MORNING, charger(10)],
      [MORNING + HOUR, charger(20)],
    ]).days.get('2026-03-10')!;
    expect(gap.energyKwh).toBe(0);
    // A pack's counter that rises every report for two hours: a cycle at once, then one an hour at most; an honest
    // counter, every one of its cycles.
    const noisy = foldAll(
      Array.from({ length: 25 }, (_, i): [number, KindData] => [MORNING + i * 5 * MIN, battery(100 + i * 3)]),
    ).days.get('2026-03-10')!;
    expect(noisy.cycles).toBe(3);
    const honest = foldAll([
      [MORNING, battery(100)],
      [MORNING + 4 * HOUR, battery(101)],
      [MORNING + 8 * HOUR, battery(102)],
    ]).days.get('2026-03-10')!;
    expect(honest.cycles).toBe(2);
  });

  it('adds nothing for a report no later than the last one folded', () => {
    const { days, state } = foldAll([
      [MORNING, platform(1)],
      [MORNING + 2 * MIN, platform(1.02)],
      [MORNING + MIN, platform(1.5, true)],
    ]);
    expect(days.get('2026-03-10')!.reports).toBe(2);
    expect(days.get('2026-03-10')!.lifts).toBe(0);
    expect(state!.t).toBe(MORNING + 2 * MIN);
  });

  it('gives the same days when the reports are folded in two chunks with the state carried between them', () => {
    const reports: [number, KindData][] = Array.from({ length: 40 }, (_, i) => [
      MORNING + i * 3 * MIN,
      pump(5 + i * 0.05, i % 3 !== 0, 40 + i),
    ]);
    const whole = foldAll(reports).days;
    const first = foldAll(reports.slice(0, 17));
    // The state goes through JSON, as work_cursors keeps it.
    const carried = JSON.parse(JSON.stringify(first.state)) as FoldState;
    const second = foldAll(reports.slice(17), 'Asia/Shanghai', carried);
    const a = first.days.get('2026-03-10')!;
    const b = second.days.get('2026-03-10')!;
    const w = whole.get('2026-03-10')!;
    expect(a.volumeM3 + b.volumeM3).toBeCloseTo(w.volumeM3, 9);
    expect(a.hoursWorked + b.hoursWorked).toBeCloseTo(w.hoursWorked, 9);
    expect(a.reports + b.reports).toBe(w.reports);
  });
});

describe('folding positions into distance', () => {
  const clock = new DayClock('Asia/Shanghai');
  it('adds the line between moving fixes, not the jitter of a parked one nor an impossible jump', () => {
    const { days, add } = ledger();
    const points: PositionState[] = [
      { t: MORNING, lat: 31.2, lng: 121.5, speed: 0 },
      { t: MORNING + MIN, lat: 31.2001, lng: 121.5, speed: 0 },
      { t: MORNING + 2 * MIN, lat: 31.2091, lng: 121.5, speed: 30 },
      // 100 km in a minute: a bad fix.
      { t: MORNING + 3 * MIN, lat: 32.1091, lng: 121.5, speed: 30 },
    ];
    let state: PositionState | null = null;
    for (const p of points) state = foldPosition(state, p, clock, add) ?? state;
    expect(days.get('2026-03-10')!.distanceKm).toBeCloseTo(1.0, 1);
  });
});

describe("an organisation's zone", () => {
  it('is read from its address', () => {
    expect(organisationZone({ province: '上海市', city: '上海市' })).toBe('Asia/Shanghai');
    expect(organisationZone({ province: 'New South Wales', city: 'Sydney' })).toBe('Australia/Sydney');
    expect(organisationZone({ province: 'Dubai', city: 'Dubai' })).toBe('Asia/Dubai');
    expect(organisationZone({ province: '', city: '' })).toBe('Asia/Shanghai');
  });
});
