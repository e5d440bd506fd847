import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { ARREARS_DEFAULTS, riskEndpoints } from '@console/contract/http/risk';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { commands, devices } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { withoutLockTasks } from '../risk/helpers.ts';
import { DAY, renewalFixture } from './helpers.ts';

describe('a renewal and the expiry lock', () => {
  let t: TestApp;
  let f: ReturnType<typeof renewalFixture>;
  let ids: { expired: number; manual: number };

  beforeEach(async () => {
    t = await createTestApp();
    withoutLockTasks(t.dbh);
    f = renewalFixture(t);
    ids = {
      // Service ended 10 days ago: locked by the lock day setting.
      expired: f.machine(f.fleet.own, 0, { serviceExpiresAt: f.day(-10), status: 2, lockLevel: 'unlocked' }),
      // Locked by hand, its service running: a renewal leaves that lock alone.
      manual: f.machine(f.fleet.own, 1, { serviceExpiresAt: f.day(3), status: 4, lockLevel: 'lock1' }),
    };
    const saved = await t.call(riskEndpoints.saveLockDays, {
      token: f.admin,
      body: { orgId: f.fleet.own, enabled: true, preLockDays: 0, intervalDays: 3, mode: 1, ...ARREARS_DEFAULTS },
    });
    expect(saved.status, saved.message).toBe('200');
  });
  afterEach(() => t.dbh.close());

  it('unlocks a machine locked for its expired service and arms the lock again for the new expiry', async () => {
    await t.call(riskEndpoints.listTasks, { token: f.admin });
    expect(f.commandsOf([ids.expired], 'lock').map((c) => c.lockLevel)).toEqual(['lock1']);
    // The machine carried out the lock.
    t.dbh.db.update(commands).set({ state: 'succeeded' }).run();
    t.dbh.db.update(devices).set({ lockLevel: 'lock1', status: 4 }).where(eq(devices.id, ids.expired)).run();

    const made = await t.call(renewalEndpoints.create, {
      token: f.finance,
      body: { kind: 'device', ids: [ids.expired, ids.manual], months: 1, payNow: true },
    });
    expect(made.status, made.message).toBe('200');
    const unlocks = f.commandsOf([ids.expired, ids.manual], 'unlock');
    expect(unlocks.map((c) => [c.deviceId, c.state])).toEqual([[ids.expired, 'queued']]);
    // The task says why, in the lock task list and the risk records.
    const tasks = await t.call(riskEndpoints.listTasks, { token: f.admin, query: { automatic: 1 } });
    const unlockTask = tasks.data.list.find((task) => task.kind === 'unlock');
    expect(unlockTask?.reason).toBe(`Service renewed (renewal order ${made.data.orders[0]!.number})`);
    const detail = await t.call(renewalEndpoints.detail, { token: f.admin, query: { id: made.data.orders[0]!.id } });
    expect(detail.data.lines.map((l) => [l.itemId, l.unlocked])).toEqual([
      [ids.expired, true],
      [ids.manual, false],
    ]);

    // The machine unlocked; the new service runs a month from today, so nothing locks it meanwhile.
    t.dbh.db.update(commands).set({ state: 'succeeded' }).run();
    t.dbh.db.update(devices).set({ lockLevel: 'unlocked', status: 5 }).where(eq(devices.id, ids.expired)).run();
    await t.call(riskEndpoints.listTasks, { token: f.admin });
    expect(f.commandsOf([ids.expired], 'lock')).toHaveLength(1);
    // When the renewed service runs out, the setting locks it again (a new expiry, a new step).
    t.advance(40 * DAY);
    await t.call(riskEndpoints.listTasks, { token: t.tokenFor(ROLE.lessorAdmin) });
    expect(f.commandsOf([ids.expired], 'lock').map((c) => c.lockLevel)).toEqual(['lock1', 'lock1']);
  });

  it('supersedes a lock still waiting for an offline machine', async () => {
    await t.call(riskEndpoints.listTasks, { token: f.admin });
    const [lock] = f.commandsOf([ids.expired], 'lock');
    expect(lock?.state).toBe('queued');
    const made = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [ids.expired], months: 3 },
    });
    // Not paid yet: the lock stays.
    expect(f.commandsOf([ids.expired], 'unlock')).toHaveLength(0);
    const paid = await t.call(renewalEndpoints.pay, { token: f.finance, body: { id: made.data.orders[0]!.id } });
    expect(paid.status, paid.message).toBe('200');
    expect(f.commandsOf([ids.expired], 'lock').map((c) => c.state)).toEqual(['cancelled']);
    expect(f.commandsOf([ids.expired], 'unlock').map((c) => c.state)).toEqual(['queued']);
  });
});
