import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, max } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { renewalEndpoints } from '@console/contract/http/renewals';
import type { DbHandle } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { deviceLogs, devices, telemetry } from '@console/db/schema/devices';
import { demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import { eventually, type ServerRun } from '../../fixtures/server-process.ts';
import { startSimulatedStack, type SimulatedStack } from '../../fixtures/simulated-stack.ts';
import type { SimulatorClient } from '../../fixtures/simulator-client.ts';
import { serviceStopped } from './helpers.ts';
import { filterInOrder } from '@console/db/in-order';

/** This suite's ports. */
const PORTS = { first: 18400, last: 18449 };

/**
 * A running simulator follows the server's manifest (read again every second here): a machine whose service is
 * renewed in the console joins its fleet and reports, without the simulator being started again.
 */
describe('a running simulator and a renewed machine', () => {
  let stack: SimulatedStack;
  let server: ServerRun;
  let client: SimulatorClient;
  let dbh: DbHandle;
  /** The simulator's machines now. */
  const simulated = async () => (await client.machines({ limit: 1000 })).machines;

  beforeAll(async () => {
    stack = await startSimulatedStack('simulator-refresh', PORTS, { SIM_MANIFEST_REFRESH_S: '1' });
    ({ server, client, dbh } = stack);
  }, 90_000);

  afterAll(() => stack?.stop());

  it('reports for a stopped machine once its service is renewed, the others carrying on', async () => {
    const seeded = await dbh.db.select().from(devices).all();
    const stopped = await filterInOrder(seeded, (d) => serviceStopped(dbh.db, d, Date.now()));
    const target = stopped.find((d) => !d.sleeping)!;
    expect(target).toBeDefined();
    const before = await client.health();
    expect(before.source).toMatchObject({ kind: 'manifest', state: 'loaded', refreshEveryS: 1 });
    expect(before.machines.total).toBe(seeded.length - stopped.length);
    expect((await simulated()).map((m) => m.serial)).not.toContain(target.serialNumber);
    await eventually('every awake machine on line', async () => {
      const online = (await dbh.db.select().from(devices).where(eq(devices.online, true)).all()).length;
      return online === (await client.machines({ connection: 'online', limit: 1000 })).total && online > 0;
    });

    // The operator's finance renews it in the console, recording the payment at once.
    const finance = (await dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.finance)))
      .get())!;
    const token = await createSession(dbh.db, finance.id, 'console', '127.0.0.1', Date.now() + 3600_000);
    const lastLog =
      (
        await dbh.db
          .select({ n: max(deviceLogs.id) })
          .from(deviceLogs)
          .get()
      )?.n ?? 0;
    const renewedAt = new Date();
    const response = await fetch(`${server.api}${renewalEndpoints.create.path}`, {
      method: 'POST',
      headers: { token, lang: 'en_US', 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'device',
        ids: [target.id],
        months: 3,
        payNow: true,
        paymentReference: 'BANK-9',
      }),
    });
    const answer = (await response.json()) as { status: string; message: string };
    expect(answer.status, answer.message).toBe('200');

    // The simulator takes it in at its next read of the manifest, and the server stores its reports.
    await eventually('the renewed machine in the simulator’s fleet, on line', async () =>
      (await simulated()).some((m) => m.serial === target.serialNumber && m.connection === 'online'),
    );
    await eventually('a report from the renewed machine stored', () =>
      dbh.db
        .select()
        .from(telemetry)
        .where(and(eq(telemetry.deviceId, target.id), gt(telemetry.receivedAt, renewedAt)))
        .get(),
    );
    const row = (await dbh.db.select().from(devices).where(eq(devices.id, target.id)).get())!;
    expect(row.online).toBe(true);
    const after = await client.health();
    expect(after.machines.total).toBe(before.machines.total + 1);
    expect(after.source).toMatchObject({ machines: before.machines.total + 1, refreshError: null });
    // No other machine went off line meanwhile: the simulator was not started again.
    const wentOffline = await dbh.db
      .select()
      .from(deviceLogs)
      .where(and(gt(deviceLogs.id, lastLog), eq(deviceLogs.event, 'offline')))
      .all();
    expect(wentOffline).toEqual([]);
    expect(server.output.join('')).not.toMatch(/ingest refused/);
  }, 60_000);
});
