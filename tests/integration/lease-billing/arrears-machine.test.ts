import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints as api } from '@console/contract/http/lease-billing';
import { devices } from '@console/db/schema/devices';
import { runSchedulerPass } from '@console/server/src/risk/scheduler';
import type { TestApp } from '../../fixtures/test-app.ts';
import { eventually, playMachine, type PlayedMachine } from '../commands/helpers.ts';
import { arrearsLease, arrearsRig, lockCommands } from './arrears-helpers.ts';

describe('an arrears lock on a machine that is offline', () => {
  let rig: Awaited<ReturnType<typeof arrearsRig>>;
  let t: TestApp;
  const machines: PlayedMachine[] = [];

  beforeEach(async () => {
    rig = await arrearsRig();
    t = rig.t;
  });
  afterEach(async () => {
    await Promise.all(machines.splice(0).map((m) => m.client.endAsync(true)));
    await rig.close();
  });

  it('waits in the queue, locks the machine when it comes online, and the clearing receipt unlocks it', async () => {
    const lease = await arrearsLease(rig.f, { evening: false, overdue: 4, amountCents: 120_000 });
    await runSchedulerPass(t.deps);
    const [deviceId] = lease.machines as [number];
    expect(await lockCommands(t, [deviceId])).toEqual([[deviceId, 'lock', 'lock1', 'queued']]);

    const serial = (await t.dbh.db.select().from(devices).where(eq(devices.id, deviceId)).get())!.serialNumber;
    const machine = await playMachine(rig.broker.url, serial);
    machines.push(machine);
    await eventually('the lock at the machine', async () => machine.received.length === 1);
    expect(machine.received[0]).toMatchObject({ type: 'lock', level: 'lock1', mode: 'unconditional' });
    await machine.ack(machine.received[0]!.id, 'done', { state: { lock: 'lock1', sleeping: false } });
    await eventually('locked', async () => (await lockCommands(t, [deviceId]))[0]![3] === 'succeeded');

    // The machine is online now; the receipt that clears the arrears unlocks it at once.
    const paid = await t.call(api.receiptCreate, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { renterId: lease.renterId, amountCents: 120_000, method: 'transfer', receivedOn: lease.today() },
    });
    expect(paid.status, paid.message).toBe('200');
    await eventually('the unlock at the machine', async () => machine.received.length === 2);
    expect(machine.received[1]).toMatchObject({ type: 'unlock' });
  });
});
