import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { and, eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { commandEndpoints } from '@console/contract/http/commands';
import { openDb } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import { eventually, playMachine } from '../commands/helpers.ts';
import { startServerProcess, type ServerRun } from '../../fixtures/server-process.ts';
import { connectMachine, platformReport, publishReport, smallSeededDb } from './helpers.ts';

/** This suite's ports, from the top of the ingest tests' range so they rarely meet the brokers of other tests. */
const PORTS = { first: 18540, last: 18599 };

describe('a server killed with SIGKILL during ingest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-crash-'));
  const servers: ServerRun[] = [];
  const clients: MqttClient[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    for (const server of servers) await server.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no committed row or accepted command, keeps the database intact and carries on', async () => {
    const file = join(dir, 'console.db');
    const seeded = await smallSeededDb();
    writeFileSync(file, seeded.sqlite.serialize());
    seeded.close();
    const dbh = openDb(file, { migrate: false });
    const lessorAdmin = (await dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
      .get())!;
    const token = await createSession(dbh.db, lessorAdmin.id, 'console', '127.0.0.1', Date.now() + 3600_000);
    const platforms = await dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.kind, 'aerialPlatform'), eq(devices.sleeping, false)))
      .all();
    const reporters = platforms.slice(0, 8);
    const commanded = platforms.find((d) => d.orgId === lessorAdmin.orgId && !reporters.includes(d))!;

    const env = { WATCHDOG_S: '0', INGEST_FLUSH_MS: '50' };
    const first = await startServerProcess({ dbFile: file, range: PORTS, env });
    servers.push(first);
    const { brokerUrl } = first;
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${first.api}${path}`, {
        method: 'POST',
        headers: { token, lang: 'en_US', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { status: string; data: { list: { id: string }[] } };
    };

    // Machines report as fast as they can while commands are accepted.
    const units = await Promise.all(reporters.map((d) => connectMachine(brokerUrl, d.serialNumber)));
    clients.push(...units);
    let t = Date.now();
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        for (const [i, unit] of units.entries()) {
          if (unit.connected) void publishReport(unit, reporters[i]!.serialNumber, platformReport((t += 1)));
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const accepted: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api(commandEndpoints.create.path, { deviceIds: [commanded.id], type: 'wake', ttlMinutes: 60 });
      expect(res.status).toBe('200');
      accepted.push(res.data.list[0]!.id);
    }

    const committed = () => dbh.sqlite.prepare('SELECT id FROM telemetry ORDER BY id').pluck().all() as number[];
    const before = committed().length;
    await eventually('several batches', async () => committed().length > before + 500, 20_000);
    // What a reader sees is committed; the kill comes right after the look, in the middle of the stream.
    const seen = committed();
    await first.stop('SIGKILL');
    streaming = false;
    await stream;
    expect(first.child.signalCode).toBe('SIGKILL');

    expect(dbh.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    const last = seen.at(-1)!;
    const after = committed().filter((id) => id <= last);
    expect(after).toEqual(seen);
    // Superseded one by one, all five are there; the last waits for its machine.
    const rows = dbh.sqlite
      .prepare(`SELECT id, state FROM commands WHERE id IN (${accepted.map(() => '?').join(',')})`)
      .all(...accepted) as { id: string; state: string }[];
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.id === accepted.at(-1))?.state).toMatch(/^(queued|sent)$/);

    // The same ports again: the machines and the console know where the server is.
    const second = await startServerProcess({ dbFile: file, range: PORTS, ports: first, env });
    servers.push(second);
    const unit = await connectMachine(brokerUrl, reporters[0]!.serialNumber);
    clients.push(unit);
    const kept = committed().length;
    await publishReport(unit, reporters[0]!.serialNumber, platformReport(Date.now() + 60_000));
    await eventually('ingest after the restart', async () => committed().length === kept + 1, 10_000);
    const machine = await playMachine(brokerUrl, commanded.serialNumber);
    clients.push(machine.client);
    await eventually('the accepted command at its machine', async () =>
      machine.received.some((c) => c.id === accepted.at(-1)),
    );

    await second.stop();
    expect(second.child.exitCode).toBe(0);
    expect(dbh.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    dbh.close();
  }, 120_000);
});
