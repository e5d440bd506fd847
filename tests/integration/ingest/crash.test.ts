import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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
import { connectMachine, platformReport, publishReport, smallSeededDb } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const TSX_LOADER = pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('tsx')).href;

/** A free port of this suite's range (18500-18599), from the top so it rarely meets the brokers of other tests. */
async function freePort(taken: number[] = []): Promise<number> {
  for (let port = 18599; port >= 18540; port--) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 18540-18599');
}

/** The real server (main.ts) in a child process, as `npm start` runs it. */
function startChild(env: Record<string, string>) {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', TSX_LOADER, 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const ready = eventually(
    'the server to subscribe',
    async () => output.join('').includes('ingest subscribed to the machines'),
    60_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output.join('')}`);
  });
  return { child, ready, output };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done()),
  );

describe('a server killed with SIGKILL during ingest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-crash-'));
  const children: ChildProcess[] = [];
  const clients: MqttClient[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    for (const child of children) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no committed row or accepted command, keeps the database intact and carries on', async () => {
    const file = join(dir, 'console.db');
    const seeded = await smallSeededDb();
    writeFileSync(file, seeded.sqlite.serialize());
    seeded.close();
    const dbh = openDb(file, { migrate: false });
    const lessorAdmin = dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
      .get()!;
    const token = createSession(dbh.db, lessorAdmin.id, 'console', '127.0.0.1', Date.now() + 3600_000);
    const platforms = dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.kind, 'aerialPlatform'), eq(devices.sleeping, false)))
      .all();
    const reporters = platforms.slice(0, 8);
    const commanded = platforms.find((d) => d.orgId === lessorAdmin.orgId && !reporters.includes(d))!;

    const port = await freePort();
    const mqttPort = await freePort([port]);
    const env = {
      DB_FILE: file,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      NODE_ENV: 'test',
      WATCHDOG_S: '0',
      INGEST_FLUSH_MS: '50',
      WEB_DIST: join(dir, 'no-console'),
    };
    const brokerUrl = `mqtt://127.0.0.1:${env.MQTT_PORT}`;
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
        method: 'POST',
        headers: { token, lang: 'en_US', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { status: string; data: { list: { id: string }[] } };
    };

    const first = startChild(env);
    children.push(first.child);
    await first.ready;

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
      const res = await api(commandEndpoints.create.path, { deviceIds: [commanded.id], type: 'sleep', ttlMinutes: 60 });
      expect(res.status).toBe('200');
      accepted.push(res.data.list[0]!.id);
    }

    const committed = () => dbh.sqlite.prepare('SELECT id FROM telemetry ORDER BY id').pluck().all() as number[];
    const before = committed().length;
    await eventually('several batches', async () => committed().length > before + 500, 20_000);
    // What a reader sees is committed; the kill comes right after the look, in the middle of the stream.
    const seen = committed();
    first.child.kill('SIGKILL');
    await exited(first.child);
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

    const second = startChild(env);
    children.push(second.child);
    await second.ready;
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

    second.child.kill('SIGTERM');
    await exited(second.child);
    expect(second.child.exitCode).toBe(0);
    expect(dbh.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    dbh.close();
  }, 120_000);
});
