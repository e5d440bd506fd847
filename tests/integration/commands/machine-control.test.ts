import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { commandEndpoints } from '@console/contract/http/commands';
import { harness, spec } from '@console/simulator/src/test-harness';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { ownedOnline } from './helpers.ts';

/**
 * Running mode, pump mode, frequency drive speed and restart, from the console's API through the server's queue
 * to the simulator's machine models (on the simulator's in-memory broker) and back: the kinds that have the part
 * carry it out, the others refuse, and the console says why in the spec's words.
 */
describe('machine control commands through the simulator', () => {
  let t: TestApp;
  let token: string;
  let sim: ReturnType<typeof harness>;
  const forwarded = new Map<string, number>();
  let machines: { pump: Machine; platform: Machine };
  type Machine = { id: number; serialNumber: string };

  beforeEach(async () => {
    t = await createTestApp();
    // Administrative staff command machines (not locks): the same rule as every command.
    token = await t.tokenFor(ROLE.lessorStaff);
    machines = { pump: await ownedOnline(t.dbh, 'concretePump'), platform: await ownedOnline(t.dbh, 'aerialPlatform') };
    sim = harness([
      spec(machines.pump.serialNumber, 'concretePump'),
      spec(machines.platform.serialNumber, 'aerialPlatform'),
    ]);
    forwarded.clear();
    t.deps.commands.attach({ connected: () => true, publish: async (sn, m) => sim.transport.command(sn, m) });
  });
  afterEach(() => t.dbh.close());

  const run = async (ms: number) => {
    sim.run(ms, 100);
    for (const m of Object.values(machines)) {
      const acks = sim.transport.of(m.serialNumber, 'ack').map((a) => a.message);
      for (const ack of acks.slice(forwarded.get(m.serialNumber) ?? 0)) await t.deps.commands.onAck(m.id, ack);
      forwarded.set(m.serialNumber, acks.length);
    }
  };
  const command = async (machine: Machine, body: object, lang?: 'zh_CN') => {
    const res = await t.call(commandEndpoints.create, {
      token,
      loose: { body: { deviceIds: [machine.id], ...body } },
      ...(lang ? { lang } : {}),
    });
    expect(res.status, res.message).toBe('200');
    return res.data.list[0]!.id as string;
  };
  const detail = async (id: string, lang?: 'zh_CN') =>
    (await t.call(commandEndpoints.detail, { token, query: { id }, ...(lang ? { lang } : {}) })).data;

  it('sets a concrete pump’s pump mode and drive speed, which its reports then show', async () => {
    const mode = await command(machines.pump, { type: 'pumpMode', params: { pumpMode: 'energySaving' } });
    const speed = await command(machines.pump, { type: 'speed', params: { driveHz: 35.5 } });
    await run(10_000);
    expect(await detail(mode)).toMatchObject({ state: 'succeeded', params: { pumpMode: 'energySaving' } });
    expect(await detail(speed)).toMatchObject({ state: 'succeeded', params: { driveHz: 35.5 } });
    await run(60_000);
    const last = sim.transport.of(machines.pump.serialNumber, 'telemetry').at(-1)!.message.data;
    expect(last).toMatchObject({ kind: 'concretePump', mode: 'energySaving' });
  });

  it('refuses a speed outside the machine’s drive, and what its kind lacks, in the spec’s words', async () => {
    const tooFast = await command(machines.pump, { type: 'speed', params: { driveHz: 58 } });
    const noPump = await command(machines.platform, { type: 'pumpMode', params: { pumpMode: 'performance' } });
    const noDrive = await command(machines.platform, { type: 'speed', params: { driveHz: 20 } });
    await run(5000);
    expect(await detail(tooFast)).toMatchObject({ state: 'failed', reasonText: 'Speed does not meet requirements' });
    expect((await detail(tooFast, 'zh_CN')).reasonText).toBe('速度不符合要求');
    expect(await detail(noPump)).toMatchObject({
      state: 'failed',
      reasonText: 'This machine does not have this function',
    });
    expect((await detail(noDrive)).state).toBe('failed');
    // The console refuses a speed no drive takes before anything is queued.
    const bad = await t.call(commandEndpoints.create, {
      token,
      loose: { body: { deviceIds: [machines.pump.id], type: 'speed', params: { driveHz: 75 } } },
    });
    expect(bad).toMatchObject({ status: '400', data: { field: 'params.driveHz' } });
  });

  it('sets the running mode, and restarts the unit, which comes back on line', async () => {
    const mode = await command(machines.platform, { type: 'runMode', params: { runMode: 'limited' } });
    await run(1000);
    const restart = await command(machines.platform, { type: 'restart' });
    await run(10_000);
    expect(await detail(mode)).toMatchObject({ state: 'succeeded' });
    expect(sim.machine(machines.platform.serialNumber).runMode).toBe('limited');
    expect(await detail(restart)).toMatchObject({ state: 'succeeded' });
    const platform = sim.machine(machines.platform.serialNumber);
    expect(platform.restarts).toBe(1);
    // Back on line: it said so again after the restart.
    const statuses = sim.transport.of(machines.platform.serialNumber, 'status').map((s) => s.message.online);
    expect(statuses.filter((online) => online).length).toBeGreaterThanOrEqual(2);
  });

  it('says "restart failed" when the machine refuses a restart while it moves', async () => {
    sim.fleet.act(machines.platform.serialNumber, 'move', { to: { lat: 31.2394, lng: 121.4737 }, speedKmh: 4 });
    await run(20_000);
    const restart = await command(machines.platform, { type: 'restart' });
    await run(5000);
    expect(await detail(restart)).toMatchObject({
      state: 'failed',
      reasonText: 'Restart failed: The machine is working; try again when it has stopped',
    });
    expect((await detail(restart, 'zh_CN')).reasonText).toBe('重启失败：设备正在作业，请停机后重试');
  });

  it('says "delivery failed, retry" for a command that never reached its machine in time', async () => {
    sim.machine(machines.pump.serialNumber).link.close();
    const id = await command(machines.pump, { type: 'pumpMode', params: { pumpMode: 'performance' }, ttlMinutes: 1 });
    t.advance(61_000);
    expect(await detail(id)).toMatchObject({ state: 'expired', execution: 3, reasonText: 'Delivery failed, retry' });
    expect((await detail(id, 'zh_CN')).reasonText).toBe('下发失败，请重试');
  });
});
