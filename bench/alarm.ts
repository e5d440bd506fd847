import { ROLE } from '@console/contract/codes/roles';
import { openDb, type DbHandle } from '@console/db/client';
import { notificationRules } from '@console/db/schema/notifications';
import { demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import { startServerProcess } from '../tests/fixtures/server-process.ts';
import { BENCH_PORTS, seedBenchDb, writeScenario } from './lib/fleet.ts';
import { sleep, startSimulatorProcess } from './lib/processes.ts';

export interface AlarmBenchOptions {
  /** Machines reporting every second meanwhile (messages per second). */
  rate: number;
  /** Alarms raised, one after another, each on its own machine. */
  samples: number;
}

export interface AlarmResult {
  /** What is measured: from the simulator's control API raising the condition to the event on a console stream. */
  path: string;
  rate: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The same alarms to the text a notification rule sends, in the SMS outbox (docs/decisions/071-notifications.md). */
  sms: {
    path: string;
    p50Ms: number;
    p95Ms: number;
    maxMs: number;
    /** Texts not in the outbox within 30 s. */ missed: number;
  };
}

const WAIT_MS = 30_000;

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The mobile the rule of the nth sampled machine texts (one each: a number gets at most 20 texts in 10 minutes). */
const benchMobile = (n: number) => `1390002${String(n).padStart(4, '0')}`;

/**
 * A notification rule for each sampled machine, of its owner, as an administrator would make it: its overloads
 * texted at once to a contact of its own, no quiet hours. Written before the server starts (the bench's database is
 * seeded the same way); the seeded rules of the demo companies stay and are heard too, as in a real fleet.
 */
async function writeRules(dbh: DbHandle, machines: { id: number; orgId: number }[]) {
  const now = new Date();
  const admin = dbh.sqlite.prepare('SELECT id FROM users ORDER BY id LIMIT 1').pluck().get() as number;
  await dbh.db.insert(notificationRules).values(
    machines.map((m, n) => ({
      orgId: m.orgId,
      name: `Bench overload ${n + 1}`,
      events: ['load90', 'load99'],
      minLevel: 1,
      selector: 'list' as const,
      deviceIds: [m.id],
      steps: [
        {
          delayMinutes: 0,
          roles: [],
          userIds: [],
          contacts: [{ name: `Bench ${n + 1}`, mobile: benchMobile(n), areaCode: '86', email: '' }],
          channels: ['sms' as const],
        },
      ],
      createdBy: admin,
      updatedBy: admin,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** When (performance.now()) a text to `mobile` is first in the SMS outbox, looked for every 10 ms. */
async function inOutbox(dbh: DbHandle, mobile: string): Promise<number> {
  const find = dbh.sqlite.prepare('SELECT id FROM sms_outbox WHERE mobile = ? LIMIT 1').pluck();
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    if (find.get(mobile) !== undefined) return performance.now();
    if (performance.now() > deadline) throw new Error(`no text to ${mobile} in ${WAIT_MS} ms`);
    await sleep(10);
  }
}

/** The alarm events of a console's live stream (GET /api/live/events.do), as the bell receives them. */
async function liveAlarms(api: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${api}/live/events.do?token=${encodeURIComponent(token)}`, {
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`the live stream answered ${response.status}`);
  const waiting = new Map<number, (at: number) => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffered = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      const at = performance.now();
      buffered += value;
      const messages = buffered.split('\n\n');
      buffered = messages.pop()!;
      for (const message of messages) {
        if (!message.includes('event: alarm')) continue;
        const data = message.split('\n').find((line) => line.startsWith('data: '));
        const event = JSON.parse(data!.slice('data: '.length)) as { deviceId: number; state: string };
        if (event.state === 'opened') waiting.get(event.deviceId)?.(at);
      }
    }
  })();
  return {
    /** When (performance.now()) the next opened alarm of this machine arrives. */
    next(deviceId: number): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no alarm of machine ${deviceId} in ${WAIT_MS} ms`)), WAIT_MS);
        waiting.set(deviceId, (at) => {
          clearTimeout(timer);
          waiting.delete(deviceId);
          resolve(at);
        });
      });
    },
    close: () => controller.abort(),
  };
}

/**
 * Alarm latency under ingest: `rate` simulated machines report every second to the real server while, one at a
 * time, an aerial platform is overloaded through the simulator's control API; measured is the time from that call
 * to the alarm's event on a signed-in console's live stream (what the bell and the alarm centre draw).
 */
export async function runAlarmBench(options: AlarmBenchOptions): Promise<AlarmResult> {
  const db = await seedBenchDb(options.rate);
  const scenario = writeScenario(db, options.rate);
  const writer = openDb(db.file, { migrate: false });
  const platforms = writer.sqlite
    .prepare(
      "SELECT id, org_id AS orgId, serial_number AS serial FROM devices WHERE kind = 'aerialPlatform' ORDER BY id LIMIT ?",
    )
    .all(options.samples) as { id: number; orgId: number; serial: string }[];
  // Only the first `rate` machines of the database are simulated.
  const simulated = new Set(db.machines.slice(0, options.rate).map((m) => m.serialNumber));
  const chosen = platforms.filter((p) => simulated.has(p.serial));
  if (chosen.length < options.samples) throw new Error(`only ${chosen.length} simulated aerial platforms`);
  await writeRules(writer, chosen);
  writer.close();
  const server = await startServerProcess({ dbFile: db.file, range: BENCH_PORTS, env: { WATCHDOG_S: '0' } });
  const reader = openDb(db.file, { migrate: false });
  try {
    const admin = reader.sqlite
      .prepare('SELECT id FROM users WHERE mobile = ?')
      .pluck()
      .get(demoAccount(ROLE.companyAdmin)) as number;
    const token = await createSession(reader.db, admin, 'console', '127.0.0.1', Date.now() + 3600_000);
    const sim = await startSimulatorProcess({
      mqttUrl: server.brokerUrl,
      scenario,
      machines: options.rate,
      taken: [server.port, server.mqttPort],
    });
    const stream = await liveAlarms(server.api, token);
    try {
      await sleep(5000);
      const latencies: number[] = [];
      const texted: number[] = [];
      for (const [n, machine] of chosen.entries()) {
        const arrived = stream.next(machine.id);
        const raised = performance.now();
        // A text not in the outbox in time counts as never (Infinity): the figure says so rather than the run failing.
        const text = inOutbox(reader, benchMobile(n)).then(
          (at) => at - raised,
          () => Infinity,
        );
        await sim.client.alarm(machine.serial, { condition: 'overload', value: 95, durationS: 3600 });
        const [live, sms] = await Promise.allSettled([arrived, text]);
        if (live.status === 'rejected') throw live.reason;
        latencies.push(live.value - raised);
        texted.push((sms as PromiseFulfilledResult<number>).value);
        await sim.client.clear(machine.serial, {});
      }
      latencies.sort((a, b) => a - b);
      texted.sort((a, b) => a - b);
      const round = (n: number) => Math.round(n);
      return {
        path: 'simulator control API (overload) → MQTT → ingest → live stream of a signed-in console',
        rate: options.rate,
        samples: latencies.length,
        p50Ms: round(percentile(latencies, 0.5)),
        p95Ms: round(percentile(latencies, 0.95)),
        maxMs: round(latencies.at(-1)!),
        sms: {
          path: 'simulator control API (overload) → MQTT → ingest → notification rule → SMS outbox',
          p50Ms: round(percentile(texted, 0.5)),
          p95Ms: round(percentile(texted, 0.95)),
          maxMs: round(texted.at(-1)!),
          missed: texted.filter((ms) => ms === Infinity).length,
        },
      };
    } finally {
      stream.close();
      await sim.stop();
    }
  } finally {
    reader.close();
    await server.stop();
    db.remove();
  }
}
