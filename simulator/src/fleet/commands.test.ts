import { describe, expect, it } from 'vitest';
import type { CommandMessage } from '@console/contract/mqtt/payloads';
import { harness, spec } from '../test-harness.ts';

const LATER = Date.UTC(2030, 0, 1);
const command = (c: Omit<CommandMessage, 'expiresAt'> & { expiresAt?: number }): CommandMessage => ({
  expiresAt: LATER,
  ...c,
});

/** A forklift sent on a 1 km drive at 10 km/h: six minutes on the move. */
function driving() {
  const h = harness([spec('FLT-CMD-1', 'forklift')]);
  h.fleet.act('FLT-CMD-1', 'move', { to: { lat: 31.2394, lng: 121.4737 }, speedKmh: 10 });
  h.run(20_000, 100);
  const m = h.machine('FLT-CMD-1');
  expect(m.motion.moving).toBe(true);
  const acks = () => h.transport.of('FLT-CMD-1', 'ack').map((a) => a.message);
  return { h, m, acks };
}

describe('commands', () => {
  it('holds an on-stop lock while the machine moves: received, waiting, then done once it has stopped', () => {
    const { h, m, acks } = driving();
    const sentAt = h.clock.now();
    h.transport.command('FLT-CMD-1', command({ id: 'L1', type: 'lock', level: 'lock1', mode: 'onStop' }));
    h.run(2000, 100);
    expect(acks().map((a) => a.result)).toEqual(['received', 'waiting']);
    expect(acks()[0]!.t - sentAt).toBeGreaterThanOrEqual(300);
    expect(acks()[0]!.t - sentAt).toBeLessThanOrEqual(1300);
    expect(h.fleet.get('FLT-CMD-1')!.pending).toHaveLength(1);
    h.run(5 * 60_000, 1000);
    // Still driving: nothing changes, and its reports still say unlocked.
    expect(acks()).toHaveLength(2);
    expect(h.transport.of('FLT-CMD-1', 'telemetry').at(-1)!.message.lock).toBe('unlocked');
    h.until(() => !m.motion.moving, 120_000);
    const stoppedAt = h.clock.now();
    h.run(5000, 100);
    expect(acks().at(-1)).toMatchObject({ id: 'L1', result: 'done', state: { lock: 'lock1', sleeping: false } });
    expect(acks().at(-1)!.t - stoppedAt).toBeLessThanOrEqual(4100);
    h.run(20_000);
    expect(h.transport.of('FLT-CMD-1', 'telemetry').at(-1)!.message.lock).toBe('lock1');
  });

  it('locks unconditionally after a few seconds; a second-level lock stops the machine where it is', () => {
    const { h, m, acks } = driving();
    h.transport.command('FLT-CMD-1', command({ id: 'L2', type: 'lock', level: 'lock2' }));
    h.run(6000, 100);
    expect(acks().map((a) => [a.result, a.state?.lock])).toEqual([
      ['received', undefined],
      ['done', 'lock2'],
    ]);
    h.run(20_000, 1000);
    expect(m.motion.speedKmh).toBe(0);
    expect(h.transport.of('FLT-CMD-1', 'telemetry').at(-1)!.message.pos?.speed ?? 0).toBe(0);
    h.transport.command('FLT-CMD-1', command({ id: 'U1', type: 'unlock' }));
    h.run(6000, 100);
    expect(acks().at(-1)).toMatchObject({ id: 'U1', result: 'done', state: { lock: 'unlocked' } });
  });

  it('applies an on-position lock with the next position fix', () => {
    const h = harness([spec('AWP-CMD-1', 'aerialPlatform')]);
    h.run(30_000);
    h.transport.command('AWP-CMD-1', command({ id: 'P1', type: 'lock', level: 'preLock1', mode: 'onPosition' }));
    h.run(2000, 100);
    const acks = () => h.transport.of('AWP-CMD-1', 'ack').map((a) => a.message);
    expect(acks().map((a) => a.result)).toEqual(['received', 'waiting']);
    h.until(() => acks().length === 3, 60_000, 100);
    const fix = h.transport.of('AWP-CMD-1', 'telemetry').findLast((r) => r.message.pos && r.message.t < acks()[2]!.t);
    expect(fix!.message.t).toBeGreaterThan(acks()[1]!.t);
    expect(acks()[2]).toMatchObject({ result: 'done', state: { lock: 'preLock1' } });
  });

  it('refuses what it cannot do, with a reason, and ignores what expired', () => {
    const h = harness([spec('AWP-CMD-2', 'aerialPlatform')]);
    const acks = () =>
      h.transport.of('AWP-CMD-2', 'ack').map((a) => [a.message.id, a.message.result, a.message.reason]);
    h.transport.command('AWP-CMD-2', command({ id: 'R1', type: 'lock' }));
    h.transport.command('AWP-CMD-2', command({ id: 'R2', type: 'params', params: {} }));
    h.transport.command('AWP-CMD-2', JSON.stringify({ id: 'R3', type: 'lock', level: 'lock9' }));
    h.transport.command('AWP-CMD-2', '{not json');
    h.transport.command(
      'AWP-CMD-2',
      command({ id: 'X1', type: 'lock', level: 'lock1', expiresAt: h.clock.realNow() - 1 }),
    );
    h.run(5000, 100);
    h.fleet.act('AWP-CMD-2', 'fault', { code: 'CTRL_OFFLINE', durationS: 3600 });
    h.transport.command('AWP-CMD-2', command({ id: 'R4', type: 'lock', level: 'lock1' }));
    h.run(5000, 100);
    expect(acks()).toEqual([
      ['R3', 'refused', 'malformed command'],
      ['R1', 'received', undefined],
      ['R1', 'refused', 'a lock needs a level other than unlocked'],
      ['R2', 'received', undefined],
      ['R2', 'refused', 'no parameters to set'],
      ['R4', 'received', undefined],
      ['R4', 'refused', 'machine controller not responding'],
    ]);
    expect(h.fleet.counters).toMatchObject({ commands: 6, expired: 1 });
    expect(h.machine('AWP-CMD-2').lock).toBe('unlocked');
  });

  it('takes new parameters: the report interval and the overspeed threshold it marks its track with', () => {
    const { h, acks } = driving();
    h.transport.command(
      'FLT-CMD-1',
      command({ id: 'S1', type: 'params', params: { reportIntervalS: 30, overspeedKmh: 5 } }),
    );
    h.run(6000, 100);
    expect(acks().at(-1)).toMatchObject({ id: 'S1', result: 'done' });
    const from = h.transport.of('FLT-CMD-1', 'telemetry').length;
    h.run(120_000, 1000);
    const reports = h.transport
      .of('FLT-CMD-1', 'telemetry')
      .slice(from)
      .map((r) => r.message);
    expect(reports.slice(1).map((r, i) => r.t - reports[i]!.t)).toEqual([30_000, 30_000, 30_000]);
    const fixed = reports.filter((r) => r.pos);
    expect(fixed.length).toBeGreaterThan(0);
    expect(fixed.every((r) => r.pos!.alarm === 'overspeed' && r.pos!.alarmValue! > 5)).toBe(true);
  });

  it('goes to sleep on command: done first, then the sleep status, then it leaves', () => {
    const h = harness([spec('BAT-CMD-1', 'battery')]);
    h.transport.command('BAT-CMD-1', command({ id: 'Z1', type: 'sleep' }));
    h.run(6000, 100);
    const tail = h.transport.sent.filter((s) => s.kind !== 'telemetry').slice(-3);
    expect(tail.map((s) => s.message)).toMatchObject([
      { id: 'Z1', result: 'received' },
      { id: 'Z1', result: 'done', state: { sleeping: true } },
      { online: false, reason: 'sleep' },
    ]);
    expect(h.transport.connected('BAT-CMD-1')).toBe(false);
    expect(h.fleet.summary()).toMatchObject({ asleep: 1 });
  });
});
