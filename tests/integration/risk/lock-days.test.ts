import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { ARREARS_DEFAULTS, riskEndpoints } from '@console/contract/http/risk';
import { commands, devices } from '@console/db/schema/devices';
import { renewalOrders } from '@console/db/schema/renewals';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import type { Ingest } from '@console/server/src/ingest/ingest';
import { dayInZone } from '@console/server/src/lib/time';
import type { TestApp } from '../../fixtures/test-app.ts';
import { commandRig, eventually, playMachine, type PlayedMachine } from '../commands/helpers.ts';
import { fleetOf, withoutLockTasks } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const DAY = 24 * 3600_000;

describe('lock day settings', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let ingest: Ingest;
  const played: PlayedMachine[] = [];
  let fleet: Awaited<ReturnType<typeof fleetOf>>;
  let token: string;
  /** Three machines of the own company: service's last day 10 days ago (eligible and working) and 2 days ago. */
  let ids: { expired: number; working: number; recent: number };

  /** What a machine reports of itself (telemetry: its status), or its registry record (the service's last day). */
  const setMachine = (id: number, fields: Pick<Partial<typeof devices.$inferInsert>, 'status' | 'serviceExpiresAt'>) =>
    t.dbh.db.update(devices).set(fields).where(eq(devices.id, id)).run();
  const device = async (id: number) => (await t.dbh.db.select().from(devices).where(eq(devices.id, id)).get())!;
  /** Offline aerial platforms of the company, unlocked and never commanded: the machines the simulator left so. */
  const quietMachines = async () => {
    const commanded = new Set((await t.dbh.db.select({ id: commands.deviceId }).from(commands).all()).map((c) => c.id));
    return (
      await t.dbh.db
        .select({ id: devices.id })
        .from(devices)
        .where(
          and(
            eq(devices.orgId, fleet.own),
            eq(devices.kind, 'aerialPlatform'),
            eq(devices.online, false),
            eq(devices.sleeping, false),
            eq(devices.lockLevel, 'unlocked'),
          ),
        )
        .all()
    )
      .map((d) => d.id)
      .filter((id) => !commanded.has(id));
  };
  const settings = (extra = {}) => ({
    orgId: fleet.own,
    enabled: true,
    preLockDays: 0,
    intervalDays: 3,
    mode: 2 as const,
    ...ARREARS_DEFAULTS,
    ...extra,
  });

  beforeEach(async () => {
    ({ t, broker, ingest } = await commandRig());
    await withoutLockTasks(t.dbh);
    fleet = await fleetOf(t.dbh);
    token = await t.tokenFor(ROLE.lessorAdmin);
    const now = t.deps.now();
    // Expiry days in the zone the settings are saved with (the requests' default, Shanghai's).
    const day = (offset: number) => dayInZone(now + offset * DAY, 'Asia/Shanghai');
    // Only these three have an expiry near now, so the test knows every machine a setting touches.
    await t.dbh.db
      .update(devices)
      .set({ serviceExpiresAt: day(400) })
      .where(eq(devices.orgId, fleet.own))
      .run();
    const [expired, working, recent] = (await quietMachines()) as [number, number, number];
    ids = { expired, working, recent };
    await setMachine(ids.expired, { serviceExpiresAt: day(-10), status: 2 });
    await setMachine(ids.working, { serviceExpiresAt: day(-10), status: 6 });
    // Pre-locked as yesterday began; locked as the day after tomorrow begins (three days later).
    await setMachine(ids.recent, { serviceExpiresAt: day(-2), status: 3 });
  });
  afterEach(async () => {
    await Promise.all(played.splice(0).map((m) => m.client.endAsync(true)));
    await ingest.stop();
    await broker.close();
    t.dbh.close();
  });

  const commandsOf = (deviceIds: number[]) =>
    t.dbh.db
      .select()
      .from(commands)
      .where(and(inArray(commands.deviceId, deviceIds), eq(commands.type, 'lock')))
      .all();

  it('previews which machines a setting would touch before it is saved, and saves nothing meanwhile', async () => {
    const read = await t.call(riskEndpoints.lockDays, { token });
    expect(read.data.settings).toEqual({
      orgId: fleet.own,
      enabled: false,
      preLockDays: 0,
      intervalDays: 3,
      mode: 2,
      // Arrears locking (decision 039): its default steps, switched off by withoutLockTasks.
      arrearsEnabled: false,
      arrearsReminderDays: 1,
      arrearsPreLock1Days: 7,
      arrearsLock1Days: 15,
      arrearsPreLock2Days: 30,
      arrearsLock2Days: 45,
      arrearsUnlockOnPayment: true,
    });
    expect(read.data.organisations.map((o: { id: number }) => o.id)).toEqual([fleet.own]);

    const preview = await t.call(riskEndpoints.previewLockDays, { token, body: settings() });
    expect(preview.status, preview.message).toBe('200');
    expect(preview.data).toMatchObject({ total: 3, dueNow: 3 });
    const byId = new Map(preview.data.list.map((r: { deviceId: number }) => [r.deviceId, r]));
    expect(byId.get(ids.expired)).toMatchObject({ dueLevel: 2, riskPermission: true });
    expect(byId.get(ids.working)).toMatchObject({ dueLevel: 2, riskPermission: false });
    expect(byId.get(ids.recent)).toMatchObject({ dueLevel: 1, riskPermission: true });
    // Pre-locking 20 days after expiry touches none of them yet, but they are within the 30 days ahead.
    const later = await t.call(riskEndpoints.previewLockDays, { token, body: settings({ preLockDays: 20 }) });
    expect(later.data).toMatchObject({ total: 3, dueNow: 0 });
    // A serial number finds its machine among the others (past the first rows the preview shows).
    const serial = (await device(ids.recent)).serialNumber;
    const found = await t.call(riskEndpoints.previewLockDays, { token, body: { ...settings(), keyword: serial } });
    expect(found.data).toMatchObject({ total: 1, dueNow: 1, arrearsTotal: 0 });
    expect(found.data.list.map((r: { serialNumber: string }) => r.serialNumber)).toEqual([serial]);
    expect((await t.call(riskEndpoints.listTasks, { token })).data.total).toBe(0);
    expect(await commandsOf(Object.values(ids))).toHaveLength(0);
  });

  it('locks automatically once saved: eligible machines only, once per expiry, shown as automatic', async () => {
    const saved = await t.call(riskEndpoints.saveLockDays, { token, body: settings() });
    expect(saved).toMatchObject({ status: '200', message: 'Lock day settings saved' });
    const tasks = await t.call(riskEndpoints.listTasks, { token, query: { automatic: 1 } });
    expect(tasks.data.total).toBe(2);
    const rows = tasks.data.list as { level: number; automatic: boolean; operatorName: string; deviceCount: number }[];
    expect(rows.map((r) => r.level).sort()).toEqual([1, 2]);
    await expectEvery(rows, (r) => r.automatic && r.operatorName === 'Lock day setting' && r.deviceCount === 1);
    const made = await commandsOf(Object.values(ids));
    expect(made.map((c) => [c.deviceId, c.lockLevel, c.lockMode]).sort()).toEqual(
      [
        [ids.expired, 'lock1', 'onStop'],
        [ids.recent, 'preLock1', 'onStop'],
      ].sort(),
    );
    // Another pass does nothing new.
    await t.call(riskEndpoints.listTasks, { token });
    expect(await commandsOf(Object.values(ids))).toHaveLength(2);

    // The working machine is locked once it stops (its box still on line); the pre-locked one is locked after the
    // interval.
    await setMachine(ids.working, { status: 7 });
    // The two machines come on line, carry out their commands and report their locks (a lock command still under
    // way keeps automatic locking away).
    const [expired, recent] = await Promise.all(
      [ids.expired, ids.recent].map(async (id) => playMachine(broker.url, (await device(id)).serialNumber)),
    );
    played.push(expired!, recent!);
    for (const [m, lock] of [
      [expired!, 'lock1'],
      [recent!, 'preLock1'],
    ] as const) {
      await eventually(`the lock at ${m.serial}`, async () => m.received.length === 1);
      expect(m.received[0]).toMatchObject({ type: 'lock', level: lock, mode: 'onStop' });
      await m.ack(m.received[0]!.id, 'done', { state: { lock, sleeping: false } });
      await m.reportAtRest(lock);
    }
    await eventually(
      'locked',
      async () =>
        (await device(ids.recent)).lockLevel === 'preLock1' &&
        (await device(ids.expired)).lockLevel === 'lock1' &&
        (await commandsOf([ids.expired, ids.recent])).every((c) => c.state === 'succeeded'),
    );
    t.advance(2 * DAY + 60_000);
    token = await t.tokenFor(ROLE.lessorAdmin);
    await t.call(riskEndpoints.listTasks, { token });
    expect((await commandsOf([ids.working, ids.recent])).map((c) => c.lockLevel).sort()).toEqual([
      'lock1',
      'lock1',
      'preLock1',
    ]);
    const records = await t.call(riskEndpoints.records, { token, query: { automatic: 1, pageSize: 50 } });
    expect(records.data.total).toBe(4);
    expect((await t.call(riskEndpoints.records, { token, query: { automatic: 0 } })).data.total).toBe(0);

    // A renewal (a new expiry, paid) unlocks the machine locked for the expired one, and arms the setting again
    // only when the new one runs out.
    await t.dbh.db.delete(renewalOrders).run();
    const renewed = await t.call(renewalEndpoints.create, {
      token: await t.tokenFor(ROLE.finance),
      body: { kind: 'device', ids: [ids.expired], months: 3, payNow: true },
    });
    expect(renewed.status, renewed.message).toBe('200');
    expect((await device(ids.expired)).serviceExpiresAt! > dayInZone(t.deps.now(), 'Asia/Shanghai')).toBe(true);
    await eventually('the unlock at the machine', async () => expired!.received.length === 2);
    expect(expired!.received[1]).toMatchObject({ type: 'unlock' });
    await expired!.ack(expired!.received[1]!.id, 'done', { state: { lock: 'unlocked', sleeping: false } });
    await expired!.reportAtRest('unlocked');
    await eventually('unlocked', async () => (await device(ids.expired)).lockLevel === 'unlocked');
    await t.call(riskEndpoints.listTasks, { token });
    expect(await commandsOf([ids.expired])).toHaveLength(1);
  });

  it('does nothing while switched off, and refuses another company or bad days', async () => {
    await t.call(riskEndpoints.saveLockDays, { token, body: settings({ enabled: false }) });
    await t.call(riskEndpoints.listTasks, { token });
    expect(await commandsOf(Object.values(ids))).toHaveLength(0);
    const foreign = await t.call(riskEndpoints.saveLockDays, { token, body: settings({ orgId: fleet.other }) });
    expect(foreign).toMatchObject({ status: '400', data: { field: 'orgId' } });
    expect((await t.call(riskEndpoints.lockDays, { token, query: { orgId: fleet.other } })).status).toBe('403');
    const days = await t.call(riskEndpoints.saveLockDays, { token, body: settings({ preLockDays: 1.5 }) });
    expect(days.data.field).toBe('preLockDays');
    // A save without the arrears part is refused, and keeps the arrears steps the company saved.
    await t.call(riskEndpoints.saveLockDays, { token, body: settings({ arrearsEnabled: true, arrearsLock2Days: 60 }) });
    const { arrearsEnabled: _on, ...withoutArrearsSwitch } = settings();
    const partial = await t.call(riskEndpoints.saveLockDays, {
      token,
      loose: { body: withoutArrearsSwitch },
    });
    expect(partial).toMatchObject({ status: '400', data: { field: 'arrearsEnabled' } });
    const kept = (await t.call(riskEndpoints.lockDays, { token })).data.settings;
    expect(kept).toMatchObject({ arrearsEnabled: true, arrearsLock2Days: 60 });
    const staff = await t.call(riskEndpoints.saveLockDays, {
      token: await t.tokenFor(ROLE.lessorStaff),
      body: settings(),
    });
    expect(staff.status).toBe('403');
    // The operator's administrator keeps every rental company's settings.
    const operator = await t.call(riskEndpoints.lockDays, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { orgId: fleet.other },
    });
    expect(operator.status).toBe('200');
  });
});
