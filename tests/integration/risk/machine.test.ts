import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { riskEndpoints } from '@console/contract/http/risk';
import { devices } from '@console/db/schema/devices';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import type { Ingest } from '@console/server/src/ingest/ingest';
import type { TestApp } from '../../fixtures/test-app.ts';
import { commandRig, eventually, playMachine, type PlayedMachine } from '../commands/helpers.ts';
import { createTask, fleetOf, lockNow, taskDetail } from './helpers.ts';

describe('a lock task on a machine that comes online', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let ingest: Ingest;
  let events: Awaited<ReturnType<typeof commandRig>>['events'];
  const machines: PlayedMachine[] = [];

  beforeEach(async () => {
    ({ t, broker, ingest, events } = await commandRig());
  });
  afterEach(async () => {
    await Promise.all(machines.splice(0).map((m) => m.client.endAsync(true)));
    await ingest.stop();
    await broker.close();
    t.dbh.close();
  });

  it('is queued while the machine is offline and succeeds when the machine confirms the level', async () => {
    const device = await (await fleetOf(t.dbh)).machine((await fleetOf(t.dbh)).own, false);
    const res = await createTask(t, lockNow([device.id], { level: 2, mode: 2, confirmOffline: true }));
    expect(res.status, res.message).toBe('200');
    expect(res.data.waiting).toBe(1);
    const queued = await taskDetail(t, res.data.id);
    expect(queued.items[0]).toMatchObject({ stage: 'queued', execution: 1, online: false });

    const machine = await playMachine(broker.url, device.serialNumber);
    machines.push(machine);
    await eventually('the lock at the machine', async () => machine.received.length === 1);
    expect(machine.received[0]).toMatchObject({ type: 'lock', level: 'lock1', mode: 'onStop' });
    const commandId = machine.received[0]!.id;
    await machine.ack(commandId, 'received');
    await eventually('delivered', async () => (await taskDetail(t, res.data.id)).stage === 'delivered');
    // Delivered: the machine has it, so it can no longer be cancelled.
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const late = await t.call(riskEndpoints.cancelTask, { token, body: { id: res.data.id } });
    expect(late.status).toBe('409');
    await machine.ack(commandId, 'done', { state: { lock: 'lock1', sleeping: false } });
    const done = await eventually('succeeded', async () => {
      const d = await taskDetail(t, res.data.id);
      return d.execution === 2 && d;
    });
    expect(done).toMatchObject({ stage: 'succeeded', counts: { succeeded: 1, executing: 0 } });
    expect(done.items[0]).toMatchObject({ stage: 'succeeded', confirmedLevel: 2, resultText: '' });
    // The live event follows the commit that the detail reads, from ingest's side: it arrives, a moment later at most.
    await eventually('the live event of success', async () =>
      events.some((e) => e.type === 'command' && e.commandId === commandId && e.state === 'succeeded'),
    );

    // The machine's next report shows the level it now has: the record holds both.
    await machine.report('lock1');
    const records = await eventually('the reported level', async () => {
      const res = await t.call(riskEndpoints.records, { token, query: { keyword: device.serialNumber } });
      return res.data.list[0]?.currentLevel === 2 && res.data;
    });
    expect(records.list[0]).toMatchObject({
      commandId,
      kind: 'lock',
      level: 2,
      mode: 2,
      execution: 2,
      confirmedLevel: 2,
      currentLevel: 2,
      taskId: res.data.id,
      automatic: false,
    });
    expect(records.list[0].operatorName).not.toBe('');
  });

  it('says the unlock failed when the machine refuses it', async () => {
    const device = await (await fleetOf(t.dbh)).machine((await fleetOf(t.dbh)).own, false);
    const machine = await playMachine(broker.url, device.serialNumber);
    machines.push(machine);
    await eventually(
      'online',
      async () => (await t.dbh.db.select().from(devices).where(eq(devices.id, device.id)).get())!.online,
    );
    const res = await createTask(t, { ...lockNow([device.id]), kind: 'unlock', level: undefined });
    expect(res.status, res.message).toBe('200');
    await eventually('the unlock at the machine', async () => machine.received.some((c) => c.type === 'unlock'));
    const unlock = machine.received.find((c) => c.type === 'unlock')!;
    await machine.ack(unlock.id, 'refused', { reason: 'moving' });
    const failed = await eventually('failed', async () => {
      const d = await taskDetail(t, res.data.id);
      return d.execution === 3 && d;
    });
    expect(failed.items[0].resultText).toBe('Unlock failed: The machine refused: moving');
  });
});
