import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { commandEndpoints, type CommandItem } from '@console/contract/http/commands';
import { deviceRecordEndpoints, type OperationLogItem, type SleepState } from '@console/contract/http/device-records';
import { users } from '@console/db/schema/accounts';
import { commands, deviceLogs } from '@console/db/schema/devices';
import { demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { commandRig, eventually, playMachine } from '../commands/helpers.ts';
import { demoMachines } from './helpers.ts';

const thisMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

describe('sleep and wake from the operation log', () => {
  let t: TestApp;
  let admin: string;
  let machines: Awaited<ReturnType<typeof demoMachines>>;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    machines = await demoMachines(t);
  });
  afterEach(() => t.dbh.close());

  const commandsOf = (deviceId: number) =>
    t.dbh.db.select().from(commands).where(eq(commands.deviceId, deviceId)).all();
  const state = async (deviceId: number, token = admin) => {
    const res = await t.call(deviceRecordEndpoints.sleepState, { token, query: { deviceId } });
    expect(res.status, res.message).toBe('200');
    return res.data as SleepState;
  };

  it("refuses a wrong code with 'verification code error, re-enter' and queues nothing; the right code puts it to sleep", async () => {
    const { id } = machines.online;
    const sent = await t.call(deviceRecordEndpoints.sleepCode, { token: admin, body: { deviceId: id } });
    expect(sent.status, sent.message).toBe('200');
    // The code went to the signed-in user's own phone, through the development outbox.
    const code = await t.latestCode(demoAccount(ROLE.lessorAdmin));
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await t.call(deviceRecordEndpoints.sleep, { token: admin, body: { deviceId: id, code: wrong } });
    expect(refused.status).toBe('400');
    expect(refused.data.field).toBe('code');
    expect(refused.message).toBe('verification code error, re-enter');
    const zh = await t.call(deviceRecordEndpoints.sleep, {
      token: admin,
      lang: 'zh_CN',
      body: { deviceId: id, code: wrong },
    });
    expect(zh.message).toBe('验证码错误，请重新输入');
    expect(await commandsOf(id)).toEqual([]);

    const slept = await t.call(deviceRecordEndpoints.sleep, { token: admin, body: { deviceId: id, code } });
    expect(slept.status, slept.message).toBe('200');
    expect(slept.data).toMatchObject({ type: 'sleep', deviceId: id, execution: 1 });
    // A code works once.
    const again = await t.call(deviceRecordEndpoints.sleep, { token: admin, body: { deviceId: id, code } });
    expect(again.message).toBe('verification code error, re-enter');

    const log = await t.call(deviceRecordEndpoints.operationLog, {
      token: admin,
      query: { deviceId: id, month: thisMonth(), category: 'sleepWake' },
    });
    const entries = log.data.list as OperationLogItem[];
    const me = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.lessorAdmin)))
      .get())!;
    expect(entries.map((e) => [e.action, e.commandType, e.userName])).toEqual([['command.queued', 'sleep', me.name]]);
    expect((await state(id)).tasks.map((task) => task.type)).toEqual(['sleep']);
  });

  it('queues a wake for a sleeping machine as an offline wake task that can be deleted until delivered', async () => {
    const { id } = machines.asleep;
    const before = await state(id);
    expect(before.sleeping).toBe(true);
    expect(before.canCommand).toBe(true);
    // The 12-hour wake cycle: the next wake is expected twelve hours after it fell asleep.
    const lastSleep = Date.parse(`${before.lastSleepAt!.replace(' ', 'T')}+08:00`);
    expect(Date.parse(`${before.nextWakeAt!.replace(' ', 'T')}+08:00`) - lastSleep).toBe(12 * 3600_000);

    const woken = await t.call(deviceRecordEndpoints.wake, { token: admin, body: { deviceId: id } });
    expect(woken.status, woken.message).toBe('200');
    expect(woken.message).toBe('Offline wake task created: the machine wakes at its next 12-hourly wake');
    const task = woken.data as CommandItem;
    expect(task).toMatchObject({ type: 'wake', state: 'queued' });
    expect((await state(id)).tasks.map((x) => [x.id, x.state])).toEqual([[task.id, 'queued']]);

    // Deleting a task is cancelling its command: the same endpoint the command list uses.
    const cancelled = await t.call(commandEndpoints.cancel, { token: admin, body: { id: task.id } });
    expect(cancelled.status, cancelled.message).toBe('200');
    expect((await state(id)).tasks.map((x) => [x.id, x.state, x.execution])).toEqual([[task.id, 'cancelled', 4]]);
    const twice = await t.call(commandEndpoints.cancel, { token: admin, body: { id: task.id } });
    expect(twice.status).toBe('409');
  });

  it('lets only the owner’s command roles send codes, sleep and wake; others read the cycle', async () => {
    const { id } = machines.rented;
    for (const role of [ROLE.lessorSales, ROLE.technician, ROLE.other, ROLE.distributor, ROLE.finance]) {
      const token = await t.tokenFor(role);
      expect((await t.call(deviceRecordEndpoints.sleepCode, { token, body: { deviceId: id } })).status).toBe('403');
      expect((await t.call(deviceRecordEndpoints.wake, { token, body: { deviceId: id } })).status).toBe('403');
    }
    const customer = await state(id, await t.tokenFor(ROLE.other));
    expect(customer.canCommand).toBe(false);
    const foreign = machines.foreign.id;
    expect((await t.call(deviceRecordEndpoints.wake, { token: admin, body: { deviceId: foreign } })).status).toBe(
      '404',
    );
    expect(await commandsOf(id)).toEqual([]);
    expect(await commandsOf(foreign)).toEqual([]);
  });
});

describe('sleep confirmed by the machine', () => {
  it('succeeds only when the machine reports that it sleeps, and the device log shows it', async () => {
    const { t, broker, ingest } = await commandRig();
    try {
      const admin = await t.tokenFor(ROLE.lessorAdmin);
      const target = (await demoMachines(t)).online;
      const machine = await playMachine(broker.url, target.serialNumber);
      await t.call(deviceRecordEndpoints.sleepCode, { token: admin, body: { deviceId: target.id } });
      const code = await t.latestCode(demoAccount(ROLE.lessorAdmin));
      const slept = await t.call(deviceRecordEndpoints.sleep, { token: admin, body: { deviceId: target.id, code } });
      expect(slept.status, slept.message).toBe('200');
      const id = (slept.data as CommandItem).id;
      await eventually('the command at the machine', async () => machine.received.some((c) => c.id === id));
      await machine.ack(id, 'received');
      const stateOf = async () =>
        (
          (await t.call(deviceRecordEndpoints.sleepState, { token: admin, query: { deviceId: target.id } }))
            .data as SleepState
        ).tasks[0]!.state;
      await eventually('delivered', async () => (await stateOf()) === 'delivered');
      await machine.status(false, 'sleep');
      await eventually('succeeded', async () => (await stateOf()) === 'succeeded');
      const logs = await t.dbh.db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, target.id)).all();
      expect(logs.at(-1)!.event).toBe('sleep');
      await machine.leave();
    } finally {
      await ingest.stop();
      await broker.close();
      t.dbh.close();
    }
  });
});
