import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { commandEndpoints } from '@console/contract/http/commands';
import type { AckMessage } from '@console/contract/mqtt/payloads';
import { operationLogs } from '@console/db/schema/devices';
import { harness, spec } from '@console/simulator/src/test-harness';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { ownedOnline } from './helpers.ts';

/**
 * The acknowledgements ingest takes in one turn reach the queue together (ingest-worker.ts) and are written in
 * one transaction: every command they speak of moves on as it would one by one, in the order the machines sent them.
 */
describe('acknowledgements taken together', () => {
  let t: TestApp;
  let token: string;
  let sim: ReturnType<typeof harness>;
  type Machine = { id: number; serialNumber: string };
  let machines: Machine[];

  beforeEach(async () => {
    t = await createTestApp();
    token = await t.tokenFor(ROLE.lessorStaff);
    machines = [await ownedOnline(t.dbh, 'concretePump'), await ownedOnline(t.dbh, 'aerialPlatform')];
    sim = harness([spec(machines[0]!.serialNumber, 'concretePump'), spec(machines[1]!.serialNumber, 'aerialPlatform')]);
    t.deps.commands.attach({ connected: () => true, publish: async (sn, m) => sim.transport.command(sn, m) });
  });
  afterEach(() => t.dbh.close());

  const command = async (machine: Machine, body: object) => {
    const res = await t.call(commandEndpoints.create, { token, loose: { body: { deviceIds: [machine.id], ...body } } });
    expect(res.status, res.message).toBe('200');
    return res.data.list[0]!.id as string;
  };
  const detail = async (id: string) => (await t.call(commandEndpoints.detail, { token, query: { id } })).data;

  it('moves every command its machines acknowledged, each through its own steps', async () => {
    const mode = await command(machines[0]!, { type: 'pumpMode', params: { pumpMode: 'energySaving' } });
    const run = await command(machines[1]!, { type: 'runMode', params: { runMode: 'limited' } });
    sim.run(10_000, 100);
    const acks: { deviceId: number; msg: AckMessage }[] = machines.flatMap((m) =>
      sim.transport.of(m.serialNumber, 'ack').map((a) => ({ deviceId: m.id, msg: a.message })),
    );
    // Each machine said it received its command and then that it was done.
    expect(acks.length).toBeGreaterThanOrEqual(4);
    expect(await detail(mode)).toMatchObject({ state: 'sent' });

    await t.deps.commands.onAcks(acks);

    expect(await detail(mode)).toMatchObject({ state: 'succeeded', params: { pumpMode: 'energySaving' } });
    expect(await detail(run)).toMatchObject({ state: 'succeeded', params: { runMode: 'limited' } });
    const steps = async (id: string) =>
      (
        await t.dbh.db
          .select({ action: operationLogs.action })
          .from(operationLogs)
          .where(eq(operationLogs.commandId, id))
          .orderBy(operationLogs.id)
          .all()
      ).map((r) => r.action);
    for (const id of [mode, run]) {
      expect(await steps(id)).toEqual(['command.queued', 'command.sent', 'command.delivered', 'command.succeeded']);
    }
  });
});
