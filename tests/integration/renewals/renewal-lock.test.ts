import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { ARREARS_DEFAULTS, riskEndpoints } from '@console/contract/http/risk';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { commands, devices } from '@console/db/schema/devices';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import type { Ingest } from '@console/server/src/ingest/ingest';
import type { TestApp } from '../../fixtures/test-app.ts';
import { commandRig, eventually, ownedMachine, playMachine, type PlayedMachine } from '../commands/helpers.ts';
import { createTask, lockNow, withoutLockTasks } from '../risk/helpers.ts';
import { DAY, renewalFixture } from './helpers.ts';
import { everyInOrder } from '@console/db/in-order';

describe('a renewal and the expiry lock', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let ingest: Ingest;
  const played: PlayedMachine[] = [];
  let f: Awaited<ReturnType<typeof renewalFixture>>;
  let ids: { expired: number; manual: number };

  const device = async (id: number) => (await t.dbh.db.select().from(devices).where(eq(devices.id, id)).get())!;
  const command = (id: string) => t.dbh.db.select().from(commands).where(eq(commands.id, id)).get();
  /** Two offline aerial platforms of the demo lessor, unlocked as the seed left them; their service's last day set. */
  const platform = async (skip: number, serviceExpiresAt: string) => {
    const { id } = await ownedMachine(t.dbh, f.fleet.own, false, skip);
    await t.dbh.db.update(devices).set({ serviceExpiresAt }).where(eq(devices.id, id)).run();
    return id;
  };
  /** The machine comes on line (its own session at the broker), as the device protocol says. */
  const play = async (id: number) => {
    const m = await playMachine(broker.url, (await device(id)).serialNumber);
    played.push(m);
    return m;
  };
  /** The machine carries out the command it received and reports itself at rest with the lock it now has. */
  const carryOut = async (m: PlayedMachine, nth: number, lock: 'unlocked' | 'lock1') => {
    await eventually(`command #${nth} at ${m.serial}`, async () => m.received.length > nth);
    const received = m.received[nth]!;
    await m.ack(received.id, 'done', { state: { lock, sleeping: false } });
    await m.reportAtRest(lock);
    return received;
  };

  beforeEach(async () => {
    ({ t, broker, ingest } = await commandRig());
    await withoutLockTasks(t.dbh);
    f = await renewalFixture(t);
    ids = {
      // Service ended 10 days ago: locked by the lock day setting.
      expired: await platform(0, f.day(-10)),
      // Its service running: locked by hand (below), a renewal leaves that lock alone.
      manual: await platform(1, f.day(3)),
    };
    const saved = await t.call(riskEndpoints.saveLockDays, {
      token: f.admin,
      body: { orgId: f.fleet.own, enabled: true, preLockDays: 0, intervalDays: 3, mode: 1, ...ARREARS_DEFAULTS },
    });
    expect(saved.status, saved.message).toBe('200');
  });
  afterEach(async () => {
    await Promise.all(played.splice(0).map((m) => m.client.endAsync(true)));
    await ingest.stop();
    await broker.close();
    t.dbh.close();
  });

  it('unlocks a machine locked for its expired service and arms the lock again for the new expiry', async () => {
    // The administrator locks the other machine by hand; it comes on line, carries out the lock and reports it.
    const byHand = await createTask(t, lockNow([ids.manual], { confirmOffline: true }));
    expect(byHand.status, byHand.message).toBe('200');
    const manual = await play(ids.manual);
    const manualLock = await carryOut(manual, 0, 'lock1');
    expect(manualLock).toMatchObject({ type: 'lock', level: 'lock1' });

    await t.call(riskEndpoints.listTasks, { token: f.admin });
    expect((await f.commandsOf([ids.expired], 'lock')).map((c) => c.lockLevel)).toEqual(['lock1']);
    // The machine comes on line and carries out the lock, then shuts down for the night.
    let expired = await play(ids.expired);
    const lock = await carryOut(expired, 0, 'lock1');
    expect(lock).toMatchObject({ type: 'lock', level: 'lock1' });
    await eventually(
      'both locked',
      async () =>
        (await everyInOrder(
          [ids.expired, ids.manual],
          async (id) => (await device(id)).lockLevel === 'lock1' && (await device(id)).status === 4,
        )) && (await everyInOrder([lock.id, manualLock.id], async (id) => (await command(id))?.state === 'succeeded')),
    );
    await expired.status(false, 'shutdown');
    await expired.leave();
    await eventually('off line', async () => !(await device(ids.expired)).online);

    const made = await t.call(renewalEndpoints.create, {
      token: f.finance,
      body: { kind: 'device', ids: [ids.expired, ids.manual], months: 1, payNow: true },
    });
    expect(made.status, made.message).toBe('200');
    const unlocks = await f.commandsOf([ids.expired, ids.manual], 'unlock');
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

    // The machine comes back on line and unlocks; the new service runs a month from today, so nothing locks it
    // meanwhile.
    expired = await play(ids.expired);
    const unlock = await carryOut(expired, 0, 'unlocked');
    expect(unlock).toMatchObject({ type: 'unlock', id: unlocks[0]!.id });
    await eventually(
      'unlocked',
      async () =>
        (await device(ids.expired)).lockLevel === 'unlocked' && (await command(unlock.id))?.state === 'succeeded',
    );
    await t.call(riskEndpoints.listTasks, { token: f.admin });
    expect(await f.commandsOf([ids.expired], 'lock')).toHaveLength(1);
    // When the renewed service runs out, the setting locks it again (a new expiry, a new step).
    t.advance(40 * DAY);
    await t.call(riskEndpoints.listTasks, { token: await t.tokenFor(ROLE.lessorAdmin) });
    expect((await f.commandsOf([ids.expired], 'lock')).map((c) => c.lockLevel)).toEqual(['lock1', 'lock1']);
  });

  it('supersedes a lock still waiting for an offline machine', async () => {
    await t.call(riskEndpoints.listTasks, { token: f.admin });
    const [lock] = await f.commandsOf([ids.expired], 'lock');
    expect(lock?.state).toBe('queued');
    const made = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [ids.expired], months: 3 },
    });
    // Not paid yet: the lock stays.
    expect(await f.commandsOf([ids.expired], 'unlock')).toHaveLength(0);
    const paid = await t.call(renewalEndpoints.pay, { token: f.finance, body: { id: made.data.orders[0]!.id } });
    expect(paid.status, paid.message).toBe('200');
    expect((await f.commandsOf([ids.expired], 'lock')).map((c) => c.state)).toEqual(['cancelled']);
    expect((await f.commandsOf([ids.expired], 'unlock')).map((c) => c.state)).toEqual(['queued']);
  });
});
