import { describe, expect, it } from 'vitest';
import type { KindData, TelemetryMessage } from '@console/contract/mqtt/payloads';
import { DEFAULT_THRESHOLDS } from './alarm-rules.ts';
import { applyEvent, settleStatus, type WorkingDevice } from './apply.ts';
import { activityOf, machineOnlineOf } from './kind-state.ts';

const options = { thresholds: () => DEFAULT_THRESHOLDS };

function device(over: Partial<WorkingDevice> = {}): WorkingDevice {
  return {
    id: 1,
    kind: 'aerialPlatform',
    orgId: 1,
    customerOrgId: null,
    distributorOrgId: null,
    overspeedKmh: 0,
    projectName: 'P',
    zoneName: 'Z',
    online: true,
    sleeping: false,
    machineOnline: true,
    activity: 'stopped',
    lockLevel: 'unlocked',
    signal: 'strong',
    lat: null,
    lng: null,
    speed: 0,
    positioning: 'gps',
    workingHours: 0,
    latest: null,
    lastDeviceTime: null,
    lastReportAt: null,
    alarmOpen: false,
    status: 7,
    openAlarms: [],
    ...over,
  };
}

const data: KindData = {
  kind: 'aerialPlatform',
  platformHeightM: 0,
  loadPct: 0,
  tiltDeg: 0,
  batteryV: 24,
  batteryPct: 90,
  driving: false,
  lifting: false,
  workingHours: 50,
  faults: [],
};
const report = (over: Partial<TelemetryMessage> = {}): TelemetryMessage => ({
  t: 1000,
  seq: 1,
  signal: 'weak',
  lock: 'lock1',
  data,
  ...over,
});

describe('applyEvent', () => {
  it("takes a report into the machine's latest state and derives its status", () => {
    const d = device();
    const plan = applyEvent(
      d,
      { type: 'report', report: report({ pos: { lat: 1, lng: 2, speed: 0, fix: 'base' } }) },
      2000,
      options,
    );
    settleStatus(d);
    expect(plan).toEqual({ open: [], update: [], end: [], logs: [] });
    expect(d).toMatchObject({
      lat: 1,
      lng: 2,
      positioning: 'base',
      signal: 'weak',
      lockLevel: 'lock1',
      workingHours: 50,
    });
    expect(d).toMatchObject({ lastDeviceTime: 1000, lastReportAt: 2000, activity: 'stopped', status: 4 });
  });

  it('brings an offline or sleeping machine back with a report, and logs how', () => {
    const offline = device({ online: false });
    expect(applyEvent(offline, { type: 'report', report: report() }, 1, options).logs).toEqual([
      { event: 'online', detail: '' },
    ]);
    const asleep = device({ online: false, sleeping: true });
    expect(applyEvent(asleep, { type: 'connection', online: true }, 1, options).logs).toEqual([
      { event: 'wake', detail: '' },
    ]);
    expect(asleep).toMatchObject({ online: true, sleeping: false });
  });

  it('plans nothing for a status that changes nothing (a retained message seen again)', () => {
    const d = device({ online: false });
    expect(applyEvent(d, { type: 'connection', online: false, reason: 'lost' }, 5, options)).toEqual({
      open: [],
      update: [],
      end: [],
      logs: [],
    });
    expect(d.lastReportAt).toBe(5);
  });

  it('opens an alarm only when none of its type is open, and ends every open one of a type that stops holding', () => {
    const d = device({ openAlarms: [{ id: 9, type: 'tilt', level: 3, value: 15, handled: true }] });
    const plan = applyEvent(
      d,
      { type: 'report', report: report({ data: { ...data, tiltDeg: 20, faults: ['E1'] } }) },
      1,
      options,
    );
    expect(plan.open.map((o) => o.type)).toEqual(['fault']);
    expect(plan.logs).toEqual([{ event: 'fault', detail: 'E1' }]);
    const calm = applyEvent(d, { type: 'report', report: report() }, 2, options);
    expect(calm.end).toEqual([{ id: 9, type: 'tilt', level: 3, value: 15, handled: true }]);
  });

  it('keeps a lasting load alarm one alarm: escalated to a higher band, its value updated when worse, else untouched', () => {
    const load80 = { id: 4, type: 'load80', level: 1, value: 82, handled: false } as const;
    const d = device({ openAlarms: [{ ...load80 }] });
    const send = (loadPct: number) =>
      applyEvent(d, { type: 'report', report: report({ data: { ...data, loadPct } }) }, 1, options);
    expect(send(81)).toMatchObject({ open: [], update: [], end: [] });
    expect(send(85)).toMatchObject({ open: [], end: [], update: [{ type: 'load80', escalated: false }] });
    const up = send(93);
    expect(up).toMatchObject({ open: [], end: [] });
    expect(up.update).toEqual([
      { alarm: d.openAlarms[0], type: 'load90', finding: { level: 2, value: 93, threshold: 90 }, escalated: true },
    ]);
    // The store takes the escalation into the open alarm (store.ts); a lower band while it lasts changes nothing.
    Object.assign(d.openAlarms[0]!, { type: 'load90', level: 2, value: 93 });
    expect(send(84)).toMatchObject({ open: [], update: [], end: [] });
    expect(send(74)).toMatchObject({ open: [], update: [], end: [{ id: 4 }] });
  });

  it('logs when a reported fault clears, beside when it came', () => {
    const d = device({ openAlarms: [{ id: 7, type: 'fault', level: 2, value: null, handled: false }] });
    const calm = applyEvent(d, { type: 'report', report: report() }, 1, options);
    expect(calm.end).toEqual([{ id: 7, type: 'fault', level: 2, value: null, handled: false }]);
    expect(calm.logs).toEqual([{ event: 'faultCleared', detail: '' }]);
  });

  it('counts only alarms nobody has handled as the machine being in alarm', () => {
    const d = device({ openAlarms: [{ id: 1, type: 'fault', level: 2, value: null, handled: true }] });
    settleStatus(d);
    expect(d).toMatchObject({ alarmOpen: false, status: 7 });
    d.openAlarms.push({ id: 2, type: 'tilt', level: 3, value: 15, handled: false });
    settleStatus(d);
    expect(d).toMatchObject({ alarmOpen: true, status: 8 });
  });
});

describe('kind state', () => {
  it.each<[KindData, number, string]>([
    [{ ...data, lifting: true }, 0, 'working'],
    [{ ...data, platformHeightM: 3 }, 0, 'standby'],
    [data, 0, 'stopped'],
    [
      {
        kind: 'concretePump',
        pumpStatus: 'pumping',
        mode: 'performance',
        displacementM3h: 50,
        pressureMpa: 10,
        pumpCurrentA: [100, 100],
        engineHours: 1,
        faults: [],
      },
      0,
      'working',
    ],
    [
      {
        kind: 'concretePump',
        pumpStatus: 'standby',
        mode: 'performance',
        displacementM3h: 0,
        pressureMpa: 0,
        pumpCurrentA: [0, 0],
        engineHours: 1,
        faults: [],
      },
      0,
      'stopped',
    ],
    [{ kind: 'boat', engineRpm: 1500, fuelPct: 50, waterTempC: 15, engineHours: 1, faults: [] }, 12, 'working'],
    [{ kind: 'boat', engineRpm: 800, fuelPct: 50, waterTempC: 15, engineHours: 1, faults: [] }, 0, 'standby'],
    [
      { kind: 'battery', chargePct: 50, voltageV: 48, currentA: -40, temperatureC: 20, cycles: 1, faults: [] },
      0,
      'working',
    ],
    [
      { kind: 'battery', chargePct: 50, voltageV: 48, currentA: 30, temperatureC: 20, cycles: 1, faults: [] },
      0,
      'standby',
    ],
    [{ kind: 'charger', state: 'charging', outputV: 54, outputA: 40, energyKwh: 1, faults: [] }, 0, 'working'],
    [{ kind: 'charger', state: 'full', outputV: 0, outputA: 0, energyKwh: 1, faults: [] }, 0, 'standby'],
  ])('%j at %s km/h is %s', (reading, speed, activity) => {
    expect(activityOf(reading, speed)).toBe(activity);
  });

  it('takes the machine as offline when its unit reports the controller silent', () => {
    expect(machineOnlineOf(data)).toBe(true);
    expect(machineOnlineOf({ ...data, faults: ['CTRL_OFFLINE'] })).toBe(false);
  });
});
