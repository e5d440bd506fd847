import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { riskEndpoints } from '@console/contract/http/risk';
import { commands } from '@console/db/schema/devices';
import { riskTasks } from '@console/db/schema/risk';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { runRiskScheduler } from '@console/server/src/risk/scheduler';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { createTask, fleetOf, lockNow, taskDetail, withoutLockTasks } from './helpers.ts';

const HOUR = 3600_000;

describe('lock tasks', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof fleetOf>>;
  const taskCount = async () => (await t.dbh.db.select().from(riskTasks).all()).length;

  beforeEach(async () => {
    t = await createTestApp();
    await withoutLockTasks(t.dbh);
    fleet = await fleetOf(t.dbh);
  });
  afterEach(() => t.dbh.close());

  it("refuses a wrong verification password with 'wrong verification password', and guessing at all", async () => {
    const device = await fleet.machine(fleet.own, true);
    const wrong = lockNow([device.id], { password: 'not-my-password' });
    const en = await createTask(t, wrong);
    expect(en).toMatchObject({ status: '400', message: 'wrong verification password', data: { field: 'password' } });
    const zh = await createTask(t, wrong, undefined, 'zh_CN');
    expect(zh.message).toBe('验证密码错误');
    expect((await createTask(t, { ...wrong, password: '' })).data.field).toBe('password');
    expect(await taskCount()).toBe(0);
    // A third wrong one: the account's sign-in limits now hold for both doors.
    await createTask(t, wrong);
    const locked = await createTask(t, lockNow([device.id]));
    expect(locked.status).toBe('429');
    const signIn = await t.call(authEndpoints.login, {
      query: { account: demoAccount(ROLE.lessorAdmin), password: DEMO_PASSWORD },
    });
    expect(signIn.status).toBe('428');
    expect(await taskCount()).toBe(0);
    t.advance(16 * 60_000);
    expect((await createTask(t, lockNow([device.id]))).status).toBe('200');
  });

  it('needs a level for a lock, a future time for a scheduled task and a delay to one decimal', async () => {
    const device = await fleet.machine(fleet.own, true);
    const noLevel = await createTask(t, lockNow([device.id], { level: undefined }));
    expect(noLevel.data.field).toBe('level');
    const noTime = await createTask(t, lockNow([device.id], { taskType: 2 }));
    expect(noTime.data.field).toBe('scheduledAt');
    const past = await createTask(t, lockNow([device.id], { taskType: 2, scheduledAt: t.deps.now() - 60_000 }));
    expect(past).toMatchObject({ status: '400', data: { field: 'scheduledAt' } });
    expect(past.message).toContain('The scheduled time must be later than now');
    const coarse = await createTask(t, lockNow([device.id], { delayHours: 2.55 }));
    expect(coarse.data.field).toBe('delayHours');
    expect(coarse.message).toContain('one decimal place');
    expect((await createTask(t, lockNow([device.id], { delayHours: -1 }))).data.field).toBe('delayHours');
    expect((await createTask(t, lockNow([], {}))).message).toContain('Please select machinery');
    expect(await taskCount()).toBe(0);

    const delayed = await createTask(t, lockNow([device.id], { delayHours: 2.5 }));
    expect(delayed.status, delayed.message).toBe('200');
    const waiting = await taskDetail(t, delayed.data.id);
    expect(waiting).toMatchObject({ execution: 1, stage: 'scheduled', delayHours: 2.5, cancellable: true });
    expect(waiting.items[0]).toMatchObject({ stage: 'scheduled', commandId: null });
    t.advance(2.4 * HOUR);
    expect((await taskDetail(t, delayed.data.id)).stage).toBe('scheduled');
    t.advance(0.1 * HOUR);
    const fired = await taskDetail(t, delayed.data.id);
    // No broker in this app: the command waits in the queue.
    expect(fired.stage).toBe('queued');
    expect(fired.items[0].commandId).not.toBeNull();
    const command = (await t.dbh.db.select().from(commands).where(eq(commands.id, fired.items[0]!.commandId!)).get())!;
    expect(command).toMatchObject({ type: 'lock', lockLevel: 'lock1', lockMode: 'unconditional' });
  });

  it('fires a scheduled task at its time, once, even if the server was down when it fell due', async () => {
    const device = await fleet.machine(fleet.own, false);
    const at = t.deps.now() + HOUR;
    const res = await createTask(t, lockNow([device.id], { taskType: 2, scheduledAt: at, level: 4, mode: 2 }));
    expect(res.status).toBe('200');
    expect(res.message).toMatch(/^Task created; it runs at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const list = async () =>
      (await t.call(riskEndpoints.listTasks, { token, query: { keyword: device.serialNumber } })).data;
    expect((await list()).list[0]).toMatchObject({ id: res.data.id, taskType: 2, stage: 'scheduled', level: 4 });
    t.advance(HOUR + 1000);
    // A fresh server on the same database: its first pass runs what fell due (runRiskScheduler at start).
    await runRiskScheduler(t.deps);
    await runRiskScheduler(t.deps);
    const after = await list();
    expect(after.list[0]).toMatchObject({ id: res.data.id, stage: 'queued', execution: 1 });
    const made = await t.dbh.db.select().from(commands).where(eq(commands.deviceId, device.id)).all();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ lockLevel: 'lock2', lockMode: 'onStop', state: 'queued' });
  });

  it('asks before locking an offline machine now, then queues it for when it comes online', async () => {
    const offline = await fleet.machine(fleet.own, false);
    const online = await fleet.machine(fleet.own, true);
    const ask = await createTask(t, lockNow([offline.id, online.id]));
    expect(ask.status).toBe('409');
    expect(ask.message).toBe(
      `Offline: ${offline.serialNumber}. The lock applies when the machine comes online. Continue?`,
    );
    expect(ask.data.offline).toEqual([offline.serialNumber]);
    expect(await taskCount()).toBe(0);
    const go = await createTask(t, lockNow([offline.id, online.id], { confirmOffline: true }));
    expect(go.status).toBe('200');
    expect(go.message).toBe('Task created; 1 machine(s) are offline and carry it out when they come online');
    const detail = await taskDetail(t, go.data.id);
    expect(detail).toMatchObject({ deviceCount: 2, execution: 1, counts: { executing: 2 } });
    expect(detail.items.map((i: { stage: string }) => i.stage)).toEqual(['queued', 'queued']);
  });

  it('cancels what has not reached the machines, and says when nothing can be cancelled', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const device = await fleet.machine(fleet.own, false);
    const later = await createTask(t, lockNow([device.id], { taskType: 2, scheduledAt: t.deps.now() + HOUR }));
    const cancel = (id: number) => t.call(riskEndpoints.cancelTask, { token, body: { id } });
    const first = await cancel(later.data.id);
    expect(first).toMatchObject({ status: '200', message: 'Cancelled for 1 machine(s)' });
    t.advance(2 * HOUR);
    const gone = await taskDetail(t, later.data.id);
    expect(gone).toMatchObject({ execution: 4, stage: 'cancelled', cancellable: false });
    expect(gone.items[0].commandId).toBeNull();
    expect((await cancel(later.data.id)).status).toBe('409');

    const now = await createTask(t, lockNow([device.id], { confirmOffline: true }));
    expect((await cancel(now.data.id)).status).toBe('200');
    const detail = await taskDetail(t, now.data.id);
    expect(detail.items[0]).toMatchObject({ stage: 'cancelled', execution: 4, resultText: 'Cancelled' });
    const listed = await t.call(riskEndpoints.listTasks, { token, query: { execution: 4 } });
    expect(listed.data.list.map((r: { id: number }) => r.id)).toEqual([now.data.id, later.data.id]);
    const running = await t.call(riskEndpoints.listTasks, { token, query: { execution: 1 } });
    expect(running.data.total).toBe(0);
  });

  it('lets administrators lock their own machines only; staff read; customers and distributors see nothing', async () => {
    const own = await fleet.machine(fleet.own, true);
    const foreign = await fleet.machine(fleet.other, true);
    expect((await createTask(t, lockNow([foreign.id]))).status).toBe('403');
    const mine = await createTask(t, lockNow([own.id]));
    expect(mine.status).toBe('200');
    // The operator's administrator locks any rental company's machines.
    const operator = await createTask(t, lockNow([foreign.id]), await t.tokenFor(ROLE.companyAdmin));
    expect(operator.status, operator.message).toBe('200');

    const staff = await t.tokenFor(ROLE.lessorStaff);
    expect((await createTask(t, lockNow([own.id]), staff)).status).toBe('403');
    const seen = await t.call(riskEndpoints.listTasks, { token: staff });
    expect(seen.data.list.map((r: { id: number }) => r.id)).toEqual([mine.data.id]);
    // The other company's task does not exist for this one.
    expect((await t.call(riskEndpoints.taskDetail, { token: staff, query: { id: operator.data.id } })).status).toBe(
      '404',
    );
    expect((await t.call(riskEndpoints.cancelTask, { token: staff, body: { id: mine.data.id } })).status).toBe('403');
    for (const role of [ROLE.distributor, ROLE.other, ROLE.lessorSales, ROLE.technician, ROLE.finance]) {
      expect((await t.call(riskEndpoints.listTasks, { token: await t.tokenFor(role) })).status).toBe('403');
      expect((await t.call(riskEndpoints.records, { token: await t.tokenFor(role) })).status).toBe('403');
    }
    const candidates = await t.call(riskEndpoints.candidates, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { deviceId: foreign.id },
    });
    expect(candidates.data.total).toBe(0);
  });

  it('shows in the picker which machines have risk permission (status 2, 3, 5, 8) and why', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const res = await t.call(riskEndpoints.candidates, { token, query: { pageSize: 200 } });
    expect(res.status).toBe('200');
    const rows = res.data.list as { status: number; riskPermission: boolean; id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.riskPermission).toBe([2, 3, 5, 8].includes(row.status));
    expect(rows.some((r) => r.riskPermission)).toBe(true);
    const one = await t.call(riskEndpoints.candidates, { token, query: { deviceId: rows[0]!.id } });
    expect(one.data.list.map((r: { id: number }) => r.id)).toEqual([rows[0]!.id]);
  });
});
