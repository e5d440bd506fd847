import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { DEV_FLEET_SECRET, deviceSecret } from '@console/contract/mqtt/credentials';
import { topics } from '@console/contract/mqtt/topics';
import { ROOT, eventually, freePort } from '../../fixtures/server-process.ts';

const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';
/** The configuration and access rules the README gives for an external Mosquitto. */
const CONF = join(ROOT, 'docs/mosquitto/mosquitto.conf');
const ACL = join(ROOT, 'docs/mosquitto/console.acl');
const SERVER_USER = 'console-server';
const SERVER_PASSWORD = 'acl-test-server-password';

/**
 * The documented configuration on a private Mosquitto: the same file, with only the port, the password file and
 * the place of the ACL changed for this run.
 */
function privateConf(dir: string, port: number): string {
  const conf = readFileSync(CONF, 'utf8')
    .replace(/^listener .*$/m, `listener ${port} 127.0.0.1`)
    .replace(/^password_file .*$/m, `password_file ${join(dir, 'passwd')}`)
    .replace(/^acl_file .*$/m, `acl_file ${ACL}`)
    .replace(/^persistence true$/m, 'persistence false')
    .replace(/^persistence_location .*$/m, '');
  const file = join(dir, 'mosquitto.conf');
  writeFileSync(file, `${conf}\nlog_dest stderr\n`);
  return file;
}

describe('the documented Mosquitto ACL keeps each machine to its own topics', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mosquitto-acl-'));
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const a = `ACLA${suffix}`;
  const b = `ACLB${suffix}`;
  let broker: ChildProcess | undefined;
  const log: string[] = [];
  let url: string;
  const clients: MqttClient[] = [];
  const connect = async (user: string, password: string) => {
    const client = await connectAsync(url, {
      clientId: user,
      username: user,
      password,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    clients.push(client);
    return client;
  };
  const machine = (serial: string) => connect(serial, deviceSecret(DEV_FLEET_SECRET, serial));
  /** Messages a client receives, as `topic payload`. */
  const inbox = (client: MqttClient) => {
    const seen: string[] = [];
    client.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    return seen;
  };

  beforeAll(async () => {
    for (const tool of [MOSQUITTO, MOSQUITTO_PASSWD]) {
      if (!existsSync(tool)) throw new Error(`${tool} is missing: install Debian's mosquitto package to run this test`);
    }
    const passwd = join(dir, 'passwd');
    writeFileSync(passwd, '');
    for (const [user, password] of [
      [a, deviceSecret(DEV_FLEET_SECRET, a)],
      [b, deviceSecret(DEV_FLEET_SECRET, b)],
      [SERVER_USER, SERVER_PASSWORD],
    ] as const) {
      execFileSync(MOSQUITTO_PASSWD, ['-b', passwd, user, password]);
    }
    // Started as root, Mosquitto drops to its own user, which must be able to read what it is given.
    chmodSync(dir, 0o755);
    chmodSync(passwd, 0o644);
    const port = await freePort({ first: 18600, last: 18699 });
    url = `mqtt://127.0.0.1:${port}`;
    broker = spawn(MOSQUITTO, ['-c', privateConf(dir, port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    broker.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
    broker.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
    const listening = () =>
      new Promise<boolean>((done) => {
        const probe = createConnection(port, '127.0.0.1');
        probe.once('connect', () => (probe.destroy(), done(true)));
        probe.once('error', () => done(false));
      });
    await eventually(`mosquitto on port ${port}`, () => {
      if (broker!.exitCode !== null) throw new Error(`mosquitto exited:\n${log.join('')}`);
      return listening();
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    if (broker && broker.exitCode === null) {
      broker.kill('SIGTERM');
      await new Promise((done) => broker!.once('exit', done));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses anonymous users and a machine with another machine’s secret', async () => {
    const refused = (options: object) =>
      connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...options }).then(
        (client) => (clients.push(client), 'connected'),
        (error: { code?: number }) => error.code,
      );
    expect(await refused({ clientId: 'anonymous-1' })).toBe(5);
    expect(await refused({ clientId: a, username: a, password: deviceSecret(DEV_FLEET_SECRET, b) })).toBe(5);
  });

  it('delivers a machine’s own reports to the server, and never what it publishes as another machine', async () => {
    const server = await connect(SERVER_USER, SERVER_PASSWORD);
    const received = inbox(server);
    await server.subscribeAsync('dev/+/up/#', { qos: 1 });
    const unit = await machine(a);
    await unit.publishAsync(topics.telemetry(b), 'forged', { qos: 1 });
    await unit.publishAsync(topics.status(b), 'forged', { qos: 1 });
    await unit.publishAsync(topics.telemetry(a), 'own', { qos: 1 });
    // Mosquitto keeps one client's messages in order: once the own report is there, the forged ones would be too.
    await eventually('the own report at the server', () => received.includes(`${topics.telemetry(a)} own`), 5000);
    expect(received).toEqual([`${topics.telemetry(a)} own`]);
  });

  it('gives a machine its own commands only, and lets only the server send commands', async () => {
    const server = await connect(SERVER_USER, SERVER_PASSWORD);
    const unitA = await machine(a);
    const unitB = await machine(b);
    const atA = inbox(unitA);
    const atB = inbox(unitB);
    await unitA.subscribeAsync(topics.command(a), { qos: 1 });
    // Mosquitto 2.0 grants these subscriptions, but delivers on them nothing the ACL does not let A read.
    await unitA.subscribeAsync(topics.command(b), { qos: 1 });
    await unitA.subscribeAsync('dev/+/down/command', { qos: 1 });
    await unitB.subscribeAsync(topics.command(b), { qos: 1 });

    // A machine may not send commands, not even to itself.
    await unitA.publishAsync(topics.command(a), 'forged by A', { qos: 1 });
    await unitA.publishAsync(topics.command(b), 'forged by A', { qos: 1 });
    await server.publishAsync(topics.command(b), 'for B', { qos: 1 });
    await server.publishAsync(topics.command(a), 'for A', { qos: 1 });
    await eventually('both commands delivered', () => atA.length > 0 && atB.length > 0, 5000);
    expect(atA).toEqual([`${topics.command(a)} for A`]);
    expect(atB).toEqual([`${topics.command(b)} for B`]);
  });
});
