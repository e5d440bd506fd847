import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { commandEndpoints } from '@console/contract/http/commands';
import { devices, operationLogs } from '@console/db/schema/devices';
import { DEMO_PASSWORD } from '@console/db/seed/accounts';
import { harness, spec } from '@console/simulator/src/test-harness';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { orgOf, ownedMachine } from './helpers.ts';

/**
 * The server's command queue and a simulated machine (the simulator's fleet on its in-memory broker, which
 * keeps a persistent session's messages in order for a machine that is away, as the embedded broker does). A
 * command the broker holds for an away machine and the server then cancels must never be carried out.
 */
describe('a cancelled command the broker already holds', () => {
  let t: TestApp;
  let token: string;
  let sim: ReturnType<typeof harness>;
  let device: Awaited<ReturnType<typeof ownedMachine>>;
  let forwarded = 0;

  beforeEach(async () => {
    t = await createTestApp();
    token = await t.tokenFor(ROLE.lessorAdmin);
    device = await ownedMachine(t.dbh, await orgOf(t.dbh, ROLE.lessorAdmin), true);
    sim = harness([spec(device.serialNumber, 'aerialPlatform', { lockLevel: 'unlocked' })]);
    forwarded = 0;
    // The broker between them: what the queue publishes reaches the machine's session.
    t.deps.commands.attach({
      connected: () => true,
      publish: async (sn, message) => sim.transport.command(sn, message),
    });
  });
  afterEach(() => t.dbh.close());

  const machine = () => sim.machine(device.serialNumber);
  const acks = () => sim.transport.of(device.serialNumber, 'ack').map((a) => a.message);
  /** Let the machine run, and hand the server what it acknowledged. */
  const run = async (ms: number) => {
    sim.run(ms, 100);
    for (const ack of acks().slice(forwarded)) await t.deps.commands.onAck(device.id, ack);
    forwarded = acks().length;
  };
  const lock = async (level: 'lock1' | 'lock2') => {
    const res = await t.call(commandEndpoints.create, {
      token,
      body: { deviceIds: [device.id], type: 'lock', level, password: DEMO_PASSWORD },
    });
    expect(res.status).toBe('200');
    return res.data.list[0]!;
  };
  const state = async (id: string) => (await t.call(commandEndpoints.detail, { token, query: { id } })).data;

  it('is refused by the machine when it comes back, and the machine stays as it was', async () => {
    await run(1000);
    // The machine goes away without the server noticing yet: the broker keeps its session.
    machine().link.close();
    const held = await lock('lock2');
    expect(held.state).toBe('sent');
    const cancelled = await t.call(commandEndpoints.cancel, { token, body: { id: held.id } });
    expect(cancelled.data.state).toBe('cancelled');

    machine().link.open();
    await run(10_000);
    expect(machine().lock).toBe('unlocked');
    expect(acks().filter((a) => a.id === held.id)).toEqual([
      expect.objectContaining({ result: 'refused', reason: 'cancelled' }),
    ]);
    expect(sim.transport.of(device.serialNumber, 'telemetry').at(-1)!.message.lock).toBe('unlocked');
    // The server keeps it cancelled and records what the machine said.
    expect(await state(held.id)).toMatchObject({ state: 'cancelled', execution: 4 });
    const late = await t.dbh.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.commandId, held.id), eq(operationLogs.action, 'command.lateAck')))
      .all();
    expect(late).toHaveLength(1);
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, device.id)).get())!.lockLevel).toBe(
      device.lockLevel,
    );
  });

  it('still carries out what the broker held and nobody cancelled', async () => {
    await run(1000);
    machine().link.close();
    const held = await lock('lock1');
    machine().link.open();
    await run(10_000);
    expect(machine().lock).toBe('lock1');
    expect(await state(held.id)).toMatchObject({ state: 'succeeded', reported: { lock: 'lock1' } });
  });
});
