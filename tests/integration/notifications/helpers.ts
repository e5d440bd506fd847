import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { checkSignature } from '@console/contract/lease/esign-protocol';
import {
  notificationEndpoints,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type NotifyRuleForm,
  type WebhookBody,
} from '@console/contract/http/notifications';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { Mailbox } from '@console/mailbox/src/mailbox';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import { startIngest, type Ingest } from '@console/server/src/ingest/ingest';
import { runNotifyPass, startNotifier, type Notifier } from '@console/server/src/notify/notifier';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { customersOf, LESSOR_A, orgIdOf } from '../devices/helpers.ts';
import {
  addUniqueMachine,
  connectMachine,
  platformReport,
  publishReport,
  SERVER_PASSWORD,
  SERVER_USER,
  startBroker,
  waitFor,
} from '../ingest/helpers.ts';

export const MINUTE = 60_000;

/** A webhook receiver: answers each request with the next of `answers` (then the last), or never when 'hang'. */
export async function startReceiver(answers: (number | 'hang')[] = [200]) {
  const received: { body: WebhookBody; valid: boolean; status: number | 'hang' }[] = [];
  let secret = '';
  let now = Date.now;
  const hanging: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const status = answers[Math.min(received.length, answers.length - 1)]!;
      const check = checkSignature(
        secret,
        {
          timestamp: request.headers[WEBHOOK_TIMESTAMP_HEADER] as string,
          signature: request.headers[WEBHOOK_SIGNATURE_HEADER] as string,
        },
        raw,
        now(),
      );
      received.push({ body: JSON.parse(raw) as WebhookBody, valid: check === 'ok', status });
      if (status === 'hang') hanging.push(() => response.destroy());
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    /** Bodies the receiver took (answered 2xx). */
    accepted: () => received.filter((r) => r.status !== 'hang' && r.status < 300),
    verifyWith(value: string, clock: () => number) {
      secret = value;
      now = clock;
    },
    close: async () => {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The server with its notifier, ingest on an embedded broker, an in-process simulated mailbox, and one aerial platform
 * of Huadong (the lessor) out with one of its customers, connected and reporting.
 */
export async function startNotifyRig(options: { webhookTimeoutMs?: number } = {}) {
  const mailbox = new Mailbox();
  const smtp = mailbox.smtpServer(() => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const t: TestApp = await createTestApp({
    MAILBOX_SMTP_PORT: String(smtpPort),
    NOTIFY_WEBHOOK_TIMEOUT_MS: String(options.webhookTimeoutMs ?? 300),
  });
  const lessorId = await orgIdOf(t, LESSOR_A);
  const customer = (await customersOf(t, lessorId))[0]!;
  const serial = await addUniqueMachine(t.dbh, 'aerialPlatform');
  await t.dbh.db
    .update(devices)
    .set({ orgId: lessorId, customerOrgId: customer.id, lastDeviceTime: null })
    .where(eq(devices.serialNumber, serial))
    .run();
  const deviceId = (await t.dbh.db.select().from(devices).where(eq(devices.serialNumber, serial)).get())!.id;
  const notifier: Notifier = startNotifier(t.deps);
  const broker: EmbeddedBroker = await startBroker(t.dbh);
  const ingest: Ingest = startIngest(t.deps, {
    url: broker.url,
    clientId: `notify-test-${randomBytes(4).toString('hex')}`,
    username: SERVER_USER,
    password: SERVER_PASSWORD,
    flushMs: 10,
  });
  await ingest.ready;
  const client: MqttClient = await connectMachine(broker.url, serial);
  const admin = await t.tokenFor(ROLE.lessorAdmin);
  let seq = 0;
  /** The rule the test saved last: the log is read for it (the demo company has rules and a history of its own). */
  let ruleId = 0;

  const openAlarm = async () =>
    await t.dbh.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.deviceId, deviceId), isNull(alarms.endedAt), eq(alarms.type, 'load90')))
      .get();
  /** Report a load at the server's now and wait until ingest wrote what it makes of it. */
  const report = async (loadPct: number) => {
    await publishReport(client, serial, { ...platformReport(t.deps.now(), { loadPct }), seq: ++seq });
    const open = loadPct >= 90 && loadPct < 99;
    await waitFor(`the load90 alarm to be ${open ? 'open' : 'closed'}`, async () => !!(await openAlarm()) === open);
  };

  return {
    t,
    mailbox,
    lessorId,
    customer,
    serial,
    deviceId,
    admin,
    notifier,
    openAlarm,
    /** An overload (load above 90 %): the load90 alarm opens; the notifier has handled it when this answers. */
    async overload() {
      await report(95);
      await notifier.idle();
    },
    /** An overload, answering once ingest has written it (the notifier may still be at work). */
    overloadNow: () => report(95),
    /** Back to a normal load: the alarm ends. */
    async normal() {
      await report(40);
      await notifier.idle();
    },
    /**
     * Flap `times` times between an overload and a normal load in one burst of reports (a millisecond apart on the
     * machine's clock, the last now); answers once ingest opened and ended that many alarms and the notifier heard them.
     */
    async flap(times: number) {
      const before = (await t.dbh.db.select().from(alarms).where(eq(alarms.deviceId, deviceId)).all()).length;
      const start = t.deps.now() - 2 * times;
      for (let i = 0; i < 2 * times; i++) {
        const loadPct = i % 2 === 0 ? 95 : 40;
        await publishReport(client, serial, { ...platformReport(start + i, { loadPct }), seq: ++seq });
      }
      await waitFor(
        `${times} alarms opened and ended`,
        async () =>
          (await t.dbh.db.select().from(alarms).where(eq(alarms.deviceId, deviceId)).all()).length >= before + times &&
          !(await openAlarm()),
        60_000,
      );
      await notifier.idle();
    },
    /** Move the server's clock, run the scheduler's pass, wait for what it started. */
    async later(ms: number) {
      t.advance(ms);
      await runNotifyPass(t.deps);
      await notifier.idle();
    },
    async saveRule(rule: Partial<NotifyRuleForm>) {
      const saved = await t.call(notificationEndpoints.save, {
        token: admin,
        body: {
          name: 'Overload on aerial platforms',
          events: ['load90'],
          steps: [{ delayMinutes: 0, roles: [], userIds: [], contacts: [], channels: ['sms'] }],
          ...rule,
        },
      });
      expect(saved.status, saved.message).toBe('200');
      ruleId = saved.data.id;
      return saved.data;
    },
    sms: async (mobile: string) => (await t.call(authEndpoints.devSms, { query: { mobile } })).data,
    /** The mails the mailbox holds for one address (the demo company's own rules mail their contacts too). */
    mailTo: (address: string) => mailbox.messages.filter((m) => m.to.includes(address)),
    deliveries: async (query: Record<string, unknown> = {}) => {
      const res = await t.call(notificationEndpoints.deliveries, {
        token: admin,
        query: { pageSize: 200, ruleId, ...query },
      });
      expect(res.status, res.message).toBe('200');
      return res.data.list;
    },
    async stop() {
      notifier.stop();
      await client.endAsync();
      await ingest.stop();
      await broker.close();
      await notifier.idle();
      await new Promise<void>((resolve) => smtp.close(resolve));
      t.dbh.close();
    },
  };
}
export type NotifyRig = Awaited<ReturnType<typeof startNotifyRig>>;
