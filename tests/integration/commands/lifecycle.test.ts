import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { commandEndpoints } from '@console/contract/http/commands';
import { DEMO_PASSWORD } from '@console/db/seed/accounts';
import type { BodyOf } from '@console/contract/http/endpoint';
import { devices, operationLogs } from '@console/db/schema/devices';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import type { Ingest } from '@console/server/src/ingest/ingest';
import type { TestApp } from '../../fixtures/test-app.ts';
import {
  commandRig,
  eventually,
  withCredential,
  orgOf,
  ownedMachine,
  playMachine,
  type PlayedMachine,
} from './helpers.ts';

describe('a command through the queue, the broker and a machine', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let ingest: Ingest;
  let events: Awaited<ReturnType<typeof commandRig>>['events'];
  let token: string;
  let lessor: number;
  const machines: PlayedMachine[] = [];

  const play = async (serial: string, options?: { subscribe?: boolean }) => {
    const machine = await playMachine(broker.url, serial, options);
    machines.push(machine);
    return machine;
  };
  const create = async (body: BodyOf<typeof commandEndpoints.create>) =>
    t.call(commandEndpoints.create, { token, body: await withCredential(t, ROLE.lessorAdmin, body) });
  const detail = async (id: string) => (await t.call(commandEndpoints.detail, { token, query: { id } })).data;
  const stateOf = async (id: string) => (await detail(id))?.state as string;
  const isOnline = async (id: number) =>
    (await t.dbh.db.select().from(devices).where(eq(devices.id, id)).get())!.online;
  const reachState = (id: string, state: string) =>
    eventually(`command ${id} ${state}`, async () => (await stateOf(id)) === state);

  beforeEach(async () => {
    ({ t, broker, ingest, events } = await commandRig());
    token = await t.tokenFor(ROLE.lessorAdmin);
    lessor = await orgOf(t.dbh, ROLE.lessorAdmin);
  });
  afterEach(async () => {
    await Promise.all(machines.splice(0).map((m) => m.client.endAsync(true)));
    await ingest.stop();
    await broker.close();
    t.dbh.close();
  });

  it('locks an offline machine when it comes online, confirmed by the state it acknowledges', async () => {
    const device = await ownedMachine(t.dbh, lessor, false);
    const res = await create({ deviceIds: [device.id], type: 'lock', level: 'lock1', mode: 'onStop' });
    expect(res.status).toBe('200');
    expect(res.message).toBe(
      'Command submitted; 1 of the machines are offline or asleep and carry it out when they come online or wake',
    );
    expect(res.data.waiting).toBe(1);
    const [command] = res.data.list;
    expect(command).toMatchObject({ state: 'queued', execution: 1, type: 'lock', level: 'lock1', mode: 'onStop' });
    expect(command.sentAt).toBeNull();

    const machine = await play(device.serialNumber);
    await eventually('the command at the machine', async () => machine.received.length === 1);
    expect(machine.received[0]).toEqual({
      id: command.id,
      type: 'lock',
      level: 'lock1',
      mode: 'onStop',
      expiresAt: expect.any(Number),
    });
    await reachState(command.id, 'sent');

    await machine.ack(command.id, 'received');
    await reachState(command.id, 'delivered');
    await machine.ack(command.id, 'waiting');
    await machine.ack(command.id, 'done', { state: { lock: 'lock1', sleeping: false } });
    await reachState(command.id, 'succeeded');

    const done = await detail(command.id);
    expect(done).toMatchObject({ execution: 2, reported: { lock: 'lock1', sleeping: false }, reasonText: '' });
    expect(done.deliveredAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    expect(done.logs.map((l: { step: string }) => l.step)).toEqual(['queued', 'sent', 'delivered', 'succeeded']);
    expect(done.logs[0].userId).toBe(await t.userId(ROLE.lessorAdmin));
    expect(done.logs[0].userName).not.toBe('');
    const published = events.filter((e) => e.type === 'command' && e.commandId === command.id);
    expect(published.map((e) => (e as { state: string }).state)).toEqual(['queued', 'sent', 'delivered', 'succeeded']);
    // Each step is in the machine's operation log, with who did it.
    const logged = await t.dbh.db.select().from(operationLogs).where(eq(operationLogs.commandId, command.id)).all();
    expect(logged.map((l) => [l.action, l.deviceId])).toEqual([
      ['command.queued', device.id],
      ['command.sent', device.id],
      ['command.delivered', device.id],
      ['command.succeeded', device.id],
    ]);
  });

  it('confirms a held lock by the next report that shows the level, not by the send', async () => {
    const device = await ownedMachine(t.dbh, lessor, false, 1);
    const machine = await play(device.serialNumber);
    await eventually('online', async () => isOnline(device.id));
    const { data } = await create({ deviceIds: [device.id], type: 'lock', level: 'lock2', mode: 'onStop' });
    expect(data.waiting).toBe(0);
    const id = data.list[0].id;
    await eventually('the command at the machine', async () => machine.received.length === 1);
    await machine.ack(id, 'waiting');
    await reachState(id, 'delivered');
    const stored = ingest.stats().stored;
    await machine.report('unlocked');
    await eventually('the report', async () => ingest.stats().stored === stored + 1);
    expect(await stateOf(id)).toBe('delivered');
    await machine.report('lock2');
    await reachState(id, 'succeeded');
    expect((await detail(id)).reported).toEqual({ lock: 'lock2', sleeping: false });
  });

  it('fails on a refusal or another reported state, in the spec’s words for a lock', async () => {
    const [a, b] = [await ownedMachine(t.dbh, lessor, false, 2), await ownedMachine(t.dbh, lessor, false, 3)];
    const [ma, mb] = [await play(a.serialNumber), await play(b.serialNumber)];
    const { data } = await create({ deviceIds: [a.id, b.id], type: 'lock', level: 'lock1' });
    const [ca, cb] = data.list;
    await eventually('both commands', async () => ma.received.length + mb.received.length === 2);
    await (ca.deviceId === a.id ? ma : mb).ack(ca.id, 'refused', { reason: 'operator override' });
    await (cb.deviceId === a.id ? ma : mb).ack(cb.id, 'done', { state: { lock: 'preLock1', sleeping: false } });
    await reachState(ca.id, 'failed');
    await reachState(cb.id, 'failed');
    expect(await detail(ca.id)).toMatchObject({
      execution: 3,
      reason: 'refused',
      reasonText: 'Lock failed: The machine refused: operator override',
    });
    expect(await detail(cb.id)).toMatchObject({
      reason: 'mismatch',
      reasonText: 'Lock failed: The machine reports another state: lock=preLock1 sleeping=false',
    });
  });

  it('expires a command past its time-to-live and never sends it afterwards', async () => {
    const device = await ownedMachine(t.dbh, lessor, false, 4);
    const { data } = await create({ deviceIds: [device.id], type: 'lock', level: 'lock1', ttlMinutes: 1 });
    const id = data.list[0].id;
    t.advance(59_000);
    expect(await t.deps.commands.sweep()).toBe(0);
    t.advance(2_000);
    expect(await t.deps.commands.sweep()).toBe(1);
    expect(await detail(id)).toMatchObject({
      state: 'expired',
      execution: 3,
      reason: 'expired',
      reasonText: `Lock failed, the device may be offline: ${device.serialNumber}`,
    });
    const machine = await play(device.serialNumber);
    await machine.report('unlocked');
    await eventually('the machine online', async () => isOnline(device.id));
    // A command given now reaches the machine; the expired one, queued before it, never does.
    const later = (await create({ deviceIds: [device.id], type: 'unlock' })).data.list[0]!;
    await eventually('the later command at the machine', async () => machine.received.length > 0);
    expect(machine.received.map((c) => c.id)).toEqual([later.id]);
  });

  it('cancels before delivery, refuses after, and supersedes a queued command of the same kind', async () => {
    const device = await ownedMachine(t.dbh, lessor, false, 5);
    const first = (await create({ deviceIds: [device.id], type: 'lock', level: 'lock1' })).data.list[0];
    const cancelled = await t.call(commandEndpoints.cancel, { token, body: { id: first.id } });
    expect(cancelled).toMatchObject({ status: '200', message: 'Command cancelled' });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', execution: 4, reasonText: 'Cancelled' });
    const again = await t.call(commandEndpoints.cancel, { token, body: { id: first.id } });
    expect(again).toMatchObject({ status: '409', message: 'This command has finished and cannot be cancelled' });

    const older = (await create({ deviceIds: [device.id], type: 'lock', level: 'lock1' })).data.list[0];
    const newer = (await create({ deviceIds: [device.id], type: 'unlock' })).data.list[0];
    expect(await detail(older.id)).toMatchObject({
      state: 'cancelled',
      reason: 'superseded',
      detail: newer.id,
      reasonText: 'Replaced by a newer command',
    });
    // A command of another kind waits beside it.
    const sleep = (await create({ deviceIds: [device.id], type: 'sleep' })).data.list[0];
    expect(sleep.state).toBe('queued');

    const machine = await play(device.serialNumber);
    await eventually('two commands', async () => machine.received.length === 2);
    expect(machine.received.map((c) => c.id).sort()).toEqual([newer.id, sleep.id].sort());
    expect(machine.received.find((c) => c.id === newer.id)).toMatchObject({ type: 'unlock', level: 'unlocked' });
    await machine.ack(newer.id, 'received');
    await reachState(newer.id, 'delivered');
    const late = await t.call(commandEndpoints.cancel, { token, body: { id: newer.id } });
    expect(late).toMatchObject({
      status: '409',
      message: 'The machine has received this command; it can no longer be cancelled',
    });
    expect(await stateOf(newer.id)).toBe('delivered');
    // The machine holds an unlock: a new lock must wait for it.
    const busy = await create({ deviceIds: [device.id], type: 'lock', level: 'lock2' });
    expect(busy).toMatchObject({
      status: '409',
      message: `${device.serialNumber} is carrying out a command of this kind; wait until it finishes`,
    });
  });

  it('ignores an acknowledgement from another machine', async () => {
    const [a, b] = [await ownedMachine(t.dbh, lessor, false, 6), await ownedMachine(t.dbh, lessor, false, 7)];
    const ma = await play(a.serialNumber);
    const mb = await play(b.serialNumber);
    const id = (await create({ deviceIds: [a.id], type: 'lock', level: 'lock1' })).data.list[0].id;
    await eventually('the command at a', async () => ma.received.length === 1);
    await mb.ack(id, 'done', { state: { lock: 'lock1', sleeping: false } });
    await eventually('the acknowledgement handled', async () => ingest.stats().acks === 1);
    expect(await stateOf(id)).toBe('sent');
  });

  it('puts a machine to sleep, wakes it when it wakes on its own, and sets its parameters', async () => {
    const device = await ownedMachine(t.dbh, lessor, false, 8);
    let machine = await play(device.serialNumber);
    const sleep = (await create({ deviceIds: [device.id], type: 'sleep' })).data.list[0];
    await eventually('sleep at the machine', async () => machine.received.length === 1);
    await machine.ack(sleep.id, 'received');
    await reachState(sleep.id, 'delivered');
    await machine.status(false, 'sleep');
    await machine.leave();
    await reachState(sleep.id, 'succeeded');
    expect((await detail(sleep.id)).reported).toEqual({ lock: device.lockLevel, sleeping: true });

    // Asleep: the wake waits for the machine's own 12-hour wake.
    const wake = (await create({ deviceIds: [device.id], type: 'wake' })).data;
    expect(wake.waiting).toBe(1);
    const params = (
      await create({ deviceIds: [device.id], type: 'params', params: { reportIntervalS: 30, overspeedKmh: 0 } })
    ).data.list[0];
    machine = await play(device.serialNumber);
    await eventually('wake and params at the machine', async () => machine.received.length === 2);
    await machine.ack(wake.list[0].id, 'done', { state: { lock: device.lockLevel, sleeping: false } });
    await machine.ack(params.id, 'done');
    await reachState(wake.list[0].id, 'succeeded');
    await reachState(params.id, 'succeeded');
    const after = (await t.dbh.db.select().from(devices).where(eq(devices.id, device.id)).get())!;
    expect(after).toMatchObject({ reportIntervalS: 30, overspeedKmh: 0, sleeping: false, online: true });
  });

  it('refuses a lock for an offline machine when asked not to queue it', async () => {
    const offline = await ownedMachine(t.dbh, lessor, false, 9);
    const res = await create({ deviceIds: [offline.id], type: 'lock', level: 'lock1', whenOffline: 'refuse' });
    expect(res).toMatchObject({
      status: '409',
      message: `Lock failed, the device may be offline: ${offline.serialNumber}`,
      data: { away: [offline.serialNumber] },
    });
    const unlock = await create({ deviceIds: [offline.id], type: 'unlock', whenOffline: 'refuse' });
    expect(unlock.message).toBe(`Unlock failed, the device may be offline: ${offline.serialNumber}`);
    const zh = await t.call(commandEndpoints.create, {
      token,
      lang: 'zh_CN',
      body: { deviceIds: [offline.id], type: 'lock', level: 'lock1', whenOffline: 'refuse', password: DEMO_PASSWORD },
    });
    expect(zh.message).toBe(`锁车失败，设备可能不在线：${offline.serialNumber}`);
    const list = await t.call(commandEndpoints.list, { token, query: { deviceId: offline.id } });
    expect(list.data.total).toBe(0);
  });
});
