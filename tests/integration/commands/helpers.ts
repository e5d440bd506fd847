import type { MqttClient } from 'mqtt';
import { and, eq } from 'drizzle-orm';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import type { LiveEvent } from '@console/contract/http/live';
import type { AckMessage, CommandMessage, DownMessage, TelemetryMessage } from '@console/contract/mqtt/payloads';
import { topics } from '@console/contract/mqtt/topics';
import type { DbHandle } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { startIngest, type Ingest } from '@console/server/src/ingest/ingest';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { connectMachine, platformReport, startBroker, wayTo } from '../ingest/helpers.ts';

export { waitFor } from '../ingest/helpers.ts';

/** Poll an async probe until it answers something truthy. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 5000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The server's ingest (and so the command queue's way to the machines) on a test app's database, fed by the
 * embedded broker as in the server.
 */
function attachIngest(t: TestApp, broker: EmbeddedBroker): Ingest {
  const ingest = startIngest(t.deps, { ...wayTo(broker, 'feed'), flushMs: 20 });
  t.deps.ingest = ingest;
  return ingest;
}

/** A test app with an embedded broker and ingest attached, and every live event it publishes. */
export async function commandRig() {
  const t = await createTestApp();
  const broker: EmbeddedBroker = await startBroker(t.dbh);
  const ingest = attachIngest(t, broker);
  await ingest.ready;
  const everyOrg = new Set(
    (await t.dbh.db.select({ id: organisations.id }).from(organisations).all()).map((o) => o.id),
  );
  const events: LiveEvent[] = [];
  t.deps.live.subscribe({ visible: () => everyOrg, send: (e) => events.push(e) });
  return { t, broker, ingest, events };
}

/** The organisation of a demo account. */
export async function orgOf(dbh: DbHandle, roleId: RoleId): Promise<number> {
  return (await dbh.db
    .select({ orgId: users.orgId })
    .from(users)
    .where(eq(users.mobile, demoAccount(roleId)))
    .get())!.orgId;
}

/** A machine of this kind the lessor administrator's company owns that is on line and awake. */
export async function ownedOnline(dbh: DbHandle, kind: MachineKind): Promise<{ id: number; serialNumber: string }> {
  const row = await dbh.db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.orgId, await orgOf(dbh, ROLE.lessorAdmin)),
        eq(devices.kind, kind),
        eq(devices.online, true),
        eq(devices.sleeping, false),
      ),
    )
    .orderBy(devices.id)
    .get();
  if (!row) throw new Error(`no online ${kind}`);
  return row;
}

/** An aerial platform an organisation owns, offline or online (never asleep), skipping the first `skip`. */
export async function ownedMachine(dbh: DbHandle, orgId: number, online: boolean, skip = 0) {
  const found = await dbh.db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.orgId, orgId),
        eq(devices.kind, 'aerialPlatform'),
        eq(devices.online, online),
        eq(devices.sleeping, false),
      ),
    )
    // By id: the same machines on either engine (a list without an order is in no stated one).
    .orderBy(devices.id)
    .limit(skip + 1)
    .all();
  if (!found[skip]) throw new Error(`no machine #${skip} (online ${online}) of organisation ${orgId}`);
  return found[skip];
}

export interface PlayedMachine {
  serial: string;
  client: MqttClient;
  /** Commands received, in order. */
  received: CommandMessage[];
  ack(id: string, result: AckMessage['result'], extra?: Partial<AckMessage>): Promise<void>;
  report(lock: TelemetryMessage['lock']): Promise<void>;
  /** Report itself standing still (nothing lifted or driven), with the lock it has: a machine a lock may move. */
  reportAtRest(lock: TelemetryMessage['lock']): Promise<void>;
  status(online: boolean, reason?: 'sleep' | 'shutdown'): Promise<void>;
  /** Leave on purpose, the session kept at the broker (for what arrives meanwhile). */
  leave(): Promise<void>;
}

/**
 * Play a machine as the device protocol says: persistent session, a last will, subscribe to its command topic
 * and then say it is online. `subscribe: false` plays a unit that connected but never took its commands.
 */
export async function playMachine(url: string, serial: string, options: { subscribe?: boolean } = {}) {
  const lost = Buffer.from(JSON.stringify({ online: false, reason: 'lost' }));
  const client = await connectMachine(url, serial, {
    clean: false,
    will: { topic: topics.status(serial), payload: lost, qos: 1, retain: true },
  });
  const received: CommandMessage[] = [];
  client.on('message', (_topic, payload) => {
    const message = JSON.parse(payload.toString()) as DownMessage;
    // Cancel notices are not commands: only the simulator's machines act on them.
    if (message.type !== 'cancel') received.push(message);
  });
  if (options.subscribe !== false) await client.subscribeAsync(topics.command(serial), { qos: 1 });
  const status = async (online: boolean, reason?: 'sleep' | 'shutdown') => {
    const body = JSON.stringify({ online, ...(reason ? { reason } : {}), t: Date.now() });
    await client.publishAsync(topics.status(serial), body, { qos: 1, retain: true });
  };
  await status(true);
  const machine: PlayedMachine = {
    serial,
    client,
    received,
    ack: async (id, result, extra = {}) => {
      const body: AckMessage = { id, result, t: Date.now(), ...extra };
      await client.publishAsync(topics.ack(serial), JSON.stringify(body), { qos: 1 });
    },
    report: async (lock) => {
      await client.publishAsync(topics.telemetry(serial), JSON.stringify({ ...platformReport(Date.now()), lock }));
    },
    reportAtRest: async (lock) => {
      const atRest = platformReport(
        Date.now(),
        { lifting: false, driving: false, platformHeightM: 0, loadPct: 0 },
        { lat: 31.2304, lng: 121.4737, speed: 0, fix: 'gps' },
      );
      await client.publishAsync(topics.telemetry(serial), JSON.stringify({ ...atRest, lock }));
    },
    status,
    leave: () => client.endAsync(),
  };
  return machine;
}

/**
 * A command body with the credential its type needs (decisions 013 and 016): the demo account's own password
 * for a lock or unlock, a text-message code sent to its phone for a sleep.
 */
export async function withCredential<B extends { type: string; deviceIds: number[] }>(
  t: TestApp,
  roleId: RoleId,
  body: B,
): Promise<B & { password?: string; code?: string }> {
  if (body.type === 'lock' || body.type === 'unlock') return { ...body, password: DEMO_PASSWORD };
  if (body.type !== 'sleep') return body;
  const token = await t.tokenFor(roleId);
  const sent = await t.call(deviceRecordEndpoints.sleepCode, { token, body: { deviceId: body.deviceIds[0]! } });
  if (sent.status !== '200') throw new Error(`no sleep code: ${sent.message}`);
  return { ...body, code: await t.latestCode(demoAccount(roleId)) };
}
