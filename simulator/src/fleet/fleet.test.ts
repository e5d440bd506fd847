import { describe, expect, it } from 'vitest';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { harness, spec } from '../test-harness.ts';
import { WAKE_EVERY_MS, WAKE_WINDOW_MS } from './machine.ts';

const HOUR = 3_600_000;
const fleetOfEveryKind = () => MACHINE_KINDS.flatMap((kind, k) => [0, 1].map((i) => spec(`K${k}M${i}000`, kind)));

describe('the fleet', () => {
  it('sends the same telemetry in two runs with the same seed, and other telemetry with another', () => {
    const runWith = (seed: number) => {
      const h = harness(fleetOfEveryKind(), { seed });
      h.run(2 * HOUR, 5000);
      // A command at the same simulated time in both runs is answered the same way too.
      h.transport.command('K0M0000', {
        id: 'c1',
        type: 'lock',
        level: 'lock1',
        mode: 'onStop',
        expiresAt: Date.UTC(2030, 0),
      });
      h.run(2 * HOUR, 5000);
      return h.transport.sent;
    };
    const first = runWith(42);
    // A report every 10 s from each machine for four hours, and one more when the lock was carried out.
    expect(first.filter((s) => s.kind === 'telemetry').length).toBe(16 * 4 * 360 + 1);
    expect(first.some((s) => s.kind === 'ack')).toBe(true);
    expect(JSON.stringify(runWith(42))).toBe(JSON.stringify(first));
    const other = runWith(43)
      .filter((s) => s.kind === 'telemetry')
      .map((s) => (s.message as TelemetryMessage).data);
    const firstData = first.filter((s) => s.kind === 'telemetry').map((s) => (s.message as TelemetryMessage).data);
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(firstData));
  });

  it('carries on from the charge a machine last reported, not a fresh one', () => {
    const h = harness([
      spec('AWP900001', 'aerialPlatform', { chargePct: 31 }),
      spec('BOT900001', 'boat', { chargePct: 64 }),
      spec('BAT900001', 'battery', { chargePct: 22 }),
    ]);
    h.run(10_000, 1000);
    const first = (serial: string) =>
      (h.transport.sent.find((s) => s.kind === 'telemetry' && s.serial === serial)!.message as TelemetryMessage).data;
    const aerial = first('AWP900001');
    const boat = first('BOT900001');
    const battery = first('BAT900001');
    expect(aerial.kind === 'aerialPlatform' && Math.abs(aerial.batteryPct - 31)).toBeLessThanOrEqual(1);
    expect(boat.kind === 'boat' && Math.abs(boat.fuelPct - 64)).toBeLessThanOrEqual(1);
    expect(battery.kind === 'battery' && Math.abs(battery.chargePct - 22)).toBeLessThanOrEqual(1);
  });

  it('announces each machine on line, spreads reports over the interval, and says goodbye when stopped', async () => {
    const h = harness(fleetOfEveryKind());
    expect(h.fleet.summary()).toMatchObject({ total: 16, online: 16 });
    expect(h.transport.sent.filter((s) => s.kind === 'status').map((s) => s.message)).toEqual(
      Array.from({ length: 16 }, () => ({ online: true, t: h.clock.now() })),
    );
    h.run(10_000, 100);
    const firstReports = h.transport.sent
      .filter((s) => s.kind === 'telemetry')
      .map((s) => (s.message as TelemetryMessage).t);
    expect(firstReports).toHaveLength(16);
    expect(Math.max(...firstReports) - Math.min(...firstReports)).toBeGreaterThan(5000);
    await h.fleet.stop();
    expect(h.transport.sent.slice(-16).map((s) => s.message)).toEqual(
      Array.from({ length: 16 }, () => expect.objectContaining({ online: false, reason: 'shutdown' })),
    );
  });

  it('wakes a sleeping machine every 12 simulated hours at 3600x to report and take what waited', () => {
    const h = harness([spec('SLEEPER01', 'aerialPlatform')], { speed: 3600 });
    const m = h.machine('SLEEPER01');
    h.fleet.act('SLEEPER01', 'sleep', {});
    const sleptAt = h.clock.now();
    expect(h.transport.of('SLEEPER01', 'status').at(-1)!.message).toMatchObject({ online: false, reason: 'sleep' });
    expect(h.transport.connected('SLEEPER01')).toBe(false);
    // A lock sent while it sleeps waits in its session.
    h.transport.command('SLEEPER01', { id: 'lock-1', type: 'lock', level: 'lock2', expiresAt: Date.UTC(2030, 0) });
    const reportsAsleep = h.transport.of('SLEEPER01', 'telemetry').length;
    h.run(11 * 1000, 100); // 11 simulated hours
    expect(h.transport.of('SLEEPER01', 'telemetry')).toHaveLength(reportsAsleep);
    expect(m.power).toBe('asleep');

    h.until(() => m.power === 'waking', 2000, 100);
    expect(h.clock.now() - sleptAt).toBeGreaterThanOrEqual(WAKE_EVERY_MS);
    expect(h.clock.now() - sleptAt).toBeLessThan(WAKE_EVERY_MS + 100 * 3600);
    // On waking: status online, a report with its position, then the waiting lock is received and done.
    const statuses = h.transport.of('SLEEPER01', 'status').map((s) => s.message);
    expect(statuses.at(-1)).toMatchObject({ online: true });
    expect(h.transport.of('SLEEPER01', 'telemetry').at(-1)!.message.pos).toBeDefined();
    // Then back to sleep after its window, until the next 12 hours are up, and so on.
    h.until(() => m.power === 'asleep', 1000, 5);
    expect(h.transport.of('SLEEPER01', 'ack').map((a) => [a.message.id, a.message.result, a.message.state])).toEqual([
      ['lock-1', 'received', undefined],
      ['lock-1', 'done', { lock: 'lock2', sleeping: false }],
    ]);
    const awake = h.clock.now() - sleptAt - WAKE_EVERY_MS;
    expect(awake).toBeGreaterThanOrEqual(WAKE_WINDOW_MS);
    expect(awake).toBeLessThan(WAKE_WINDOW_MS + 5 * 3600 * 2);
    h.run(13_000, 100);
    const wakes = h.transport
      .of('SLEEPER01', 'status')
      .filter((s) => s.message.online)
      .map((s) => Math.round((s.message.t! - sleptAt) / HOUR));
    expect(wakes.slice(1)).toEqual([12, 24]);
    expect(h.transport.of('SLEEPER01', 'status').filter((s) => s.message.reason === 'sleep')).toHaveLength(3);
    expect(m.power).toBe('asleep');

    // A wake command received in a wake window keeps it up for good.
    h.transport.command('SLEEPER01', { id: 'wake-1', type: 'wake', expiresAt: Date.UTC(2030, 0) });
    h.until(() => m.power === 'awake', 13_000, 100);
    h.run(30_000, 100);
    expect(m.power).toBe('awake');
    expect(h.transport.of('SLEEPER01', 'ack').at(-1)!.message).toMatchObject({
      id: 'wake-1',
      result: 'done',
      state: { sleeping: false },
    });
  });

  it('goes offline (the broker publishes the will), reports nothing meanwhile, and comes back', () => {
    const h = harness([spec('OFFLINE01', 'forklift')]);
    h.run(60_000);
    h.fleet.act('OFFLINE01', 'offline', { durationS: 600 });
    expect(h.transport.sent.at(-1)).toMatchObject({
      kind: 'status',
      will: true,
      message: { online: false, reason: 'lost' },
    });
    expect(h.fleet.summary()).toMatchObject({ offline: 1, online: 0 });
    const before = h.transport.of('OFFLINE01', 'telemetry').length;
    h.run(590_000);
    expect(h.transport.of('OFFLINE01', 'telemetry')).toHaveLength(before);
    h.run(20_000);
    expect(h.fleet.summary()).toMatchObject({ online: 1 });
    expect(h.transport.of('OFFLINE01', 'status').at(-1)!.message).toMatchObject({ online: true });
    expect(h.transport.of('OFFLINE01', 'telemetry').at(-1)!.message.signal).toBe('weak');
  });

  it('follows a new list of machines: one that joined reports, one that left says goodbye and stops, the rest carry on', () => {
    const staying = [spec('STAY00001', 'forklift'), spec('STAY00002', 'aerialPlatform', { sleeping: true })];
    const runWith = (listAgain: boolean) => {
      const h = harness([...staying, spec('LEAVE0001', 'mower')]);
      h.run(60_000);
      if (listAgain) {
        const change = h.fleet.follow([...staying, spec('JOIN00001', 'boat')]);
        expect(change).toEqual({ added: ['JOIN00001'], removed: ['LEAVE0001'] });
      }
      const before = h.transport.sent.length;
      h.run(120_000);
      return { h, after: h.transport.sent.slice(before) };
    };
    const { h, after } = runWith(true);
    // The machine that left said goodbye (no offline alarm follows), left the broker and sends nothing more.
    expect(h.transport.of('LEAVE0001', 'status').at(-1)!.message).toMatchObject({ online: false, reason: 'shutdown' });
    expect(h.transport.connected('LEAVE0001')).toBe(false);
    expect(after.filter((s) => s.serial === 'LEAVE0001')).toEqual([]);
    expect(h.fleet.get('LEAVE0001')).toBeUndefined();
    // The one that joined announced itself and reports every 10 s.
    expect(h.transport.of('JOIN00001', 'status').map((s) => s.message.online)).toEqual([true]);
    expect(h.transport.of('JOIN00001', 'telemetry')).toHaveLength(12);
    expect(h.fleet.summary()).toMatchObject({ total: 3, online: 2, asleep: 1 });
    // The others were not restarted: they sent exactly what they send when the fleet does not change.
    const ofStaying = (sent: typeof after) => sent.filter((s) => s.serial.startsWith('STAY'));
    expect(ofStaying(after).length).toBeGreaterThan(0);
    expect(ofStaying(after)).toEqual(ofStaying(runWith(false).after));
    // Listing the same machines again changes nothing.
    expect(h.fleet.follow([...staying, spec('JOIN00001', 'boat')])).toEqual({ added: [], removed: [] });
  });

  it('thins reports at high speed to one per report interval of real time, and steps each machine coarsely', () => {
    const h = harness(fleetOfEveryKind(), { speed: 3600 });
    h.run(60_000, 100);
    const reports = h.transport.sent.filter((s) => s.kind === 'telemetry').length;
    // A minute of real time: six to eight reports per machine, not 360 a second.
    expect(reports).toBeGreaterThanOrEqual(16 * 5);
    expect(reports).toBeLessThanOrEqual(16 * 8);
    expect(h.fleet.counters.thinned).toBeGreaterThan(16 * 40);
    expect(h.clock.now() - h.clock.realNow()).toBeGreaterThan(59 * HOUR);
  });
});
