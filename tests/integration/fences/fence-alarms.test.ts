import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { fenceEndpoints } from '@console/contract/http/fences';
import type { LiveEvent } from '@console/contract/http/live';
import { devices, trackPoints } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import { startIngest, type Ingest } from '@console/server/src/ingest/ingest';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, orgIdOf } from '../devices/helpers.ts';
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

const DAY_MS = 24 * 3600 * 1000;
const CENTRE = { lat: 31.2304, lng: 121.4737 };
const INSIDE = { lat: CENTRE.lat + 0.002, lng: CENTRE.lng, speed: 4, fix: 'gps' as const };
const OUTSIDE = { lat: CENTRE.lat + 0.03, lng: CENTRE.lng, speed: 4, fix: 'gps' as const };
const CONTACT = '13900005678';

describe('fence alarms through the real ingest', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let ingest: Ingest;
  let client: MqttClient;
  let serial: string;
  let deviceId: number;
  let fenceId: number;
  const events: LiveEvent[] = [];

  /** UTC calendar day `days` from today, and a moment of it. */
  const utcDay = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  const at = (days: number, time: string) => Date.parse(`${utcDay(days)}T${time}:00Z`);

  beforeEach(async () => {
    t = await createTestApp();
    serial = await addUniqueMachine(t.dbh, 'aerialPlatform');
    // A machine of Huadong with no position yet, so its first report crosses nothing.
    await t.dbh.db
      .update(devices)
      .set({ orgId: await orgIdOf(t, LESSOR_A), lat: null, lng: null, lastDeviceTime: null, customerOrgId: null })
      .where(eq(devices.serialNumber, serial))
      .run();
    deviceId = (await t.dbh.db.select().from(devices).where(eq(devices.serialNumber, serial)).get())!.id;
    const visible = new Set([await orgIdOf(t, LESSOR_A)]);
    t.deps.live.subscribe({ visible: () => visible, send: (e) => events.push(e) });

    broker = await startBroker(t.dbh);
    ingest = startIngest(t.deps, {
      url: broker.url,
      clientId: `fence-test-${randomBytes(4).toString('hex')}`,
      username: SERVER_USER,
      password: SERVER_PASSWORD,
      flushMs: 20,
    });
    await ingest.ready;
    client = await connectMachine(broker.url, serial);

    // Monitored yesterday and today (UTC), 08:00-18:00 UTC: the creator's zone is UTC.
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const created = await t.call(fenceEndpoints.create, {
      token: admin,
      headers: { timeZone: 'UTC' },
      body: {
        name: 'Jing’an depot',
        startDate: utcDay(-1),
        endDate: utcDay(0),
        alarmStart: '08:00',
        alarmEnd: '18:00',
        areaCode: '86',
        contactPhone: CONTACT,
        shape: { type: 'circle', center: [CENTRE.lat, CENTRE.lng], radius: 1000 },
      },
    });
    expect(created.status, created.message).toBe('200');
    fenceId = created.data.id;
    const bound = await t.call(fenceEndpoints.bind, { token: admin, body: { id: fenceId, deviceIds: [deviceId] } });
    expect(bound.status, bound.message).toBe('200');
  });

  afterEach(async () => {
    await client.endAsync();
    await ingest.stop();
    await broker.close();
    t.dbh.close();
    events.length = 0;
  });

  let sent = 0;
  /** Report a position at a device time and wait until ingest has written it. */
  const move = async (time: number, pos: typeof INSIDE) => {
    const before = (await t.dbh.db.select().from(trackPoints).where(eq(trackPoints.deviceId, deviceId)).all()).length;
    await publishReport(client, serial, { ...platformReport(time, {}, pos), seq: ++sent });
    await waitFor(
      'the report to be written',
      async () =>
        (await t.dbh.db.select().from(trackPoints).where(eq(trackPoints.deviceId, deviceId)).all()).length > before,
    );
    ingest.flush();
  };
  const fenceAlarms = async () =>
    (await t.dbh.db.select().from(alarms).where(eq(alarms.deviceId, deviceId)).all()).map((a) => ({
      type: a.type,
      open: a.endedAt === null,
      detail: a.detail,
    }));
  const openTypes = async () =>
    (
      await t.dbh.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), isNull(alarms.endedAt)))
        .all()
    ).map((a) => a.type);

  /**
   * The texts the fence's contact received, once `count` have arrived: a text is sent after its batch is written
   * (at once on SQLite, a moment later on PostgreSQL, where finding the machine answers later).
   */
  const textsToContact = async (count: number) => {
    const texts = await waitFor(`${count} texts to the fence's contact`, async () => {
      const outbox = (await t.call(authEndpoints.devSms, { query: { mobile: CONTACT } })).data;
      return outbox.length >= count && outbox;
    });
    expect(texts).toHaveLength(count);
    return texts;
  };

  it('opens enter and exit alarms only inside the monitoring dates and the daily window, and texts the contact', async () => {
    // Two days ago: before the monitoring dates, crossings alarm nothing.
    await move(at(-2, '10:00'), OUTSIDE);
    await move(at(-2, '10:05'), INSIDE);
    await move(at(-2, '10:10'), OUTSIDE);
    // Yesterday before the window opens: nothing either.
    await move(at(-1, '07:00'), INSIDE);
    await move(at(-1, '07:05'), OUTSIDE);
    expect(await fenceAlarms()).toEqual([]);

    // Inside the window: entering opens the enter alarm, the bell hears of it, the contact gets a text.
    await move(at(-1, '09:00'), INSIDE);
    expect(await fenceAlarms()).toEqual([{ type: 'fenceEnter', open: true, detail: `fence:${fenceId}` }]);
    const opened = (await t.dbh.db.select().from(alarms).where(eq(alarms.deviceId, deviceId)).get())!;
    await waitFor('the live alarm event', () =>
      events.some((e) => e.type === 'alarm' && e.wid === opened.id && e.state === 'opened'),
    );
    const outbox = await textsToContact(1);
    expect(outbox[0].text).toContain(serial);
    expect(outbox[0].text).toContain('进入围栏“Jing’an depot”');

    // Leaving: the exit alarm opens and the enter alarm ends.
    await move(at(-1, '09:30'), OUTSIDE);
    expect(await openTypes()).toEqual(['fenceExit']);
    await textsToContact(2);

    // Back and forth again at once: new alarms, but no second text about the same machine and alarm so soon.
    await move(at(-1, '09:40'), INSIDE);
    expect(await openTypes()).toEqual(['fenceEnter']);
    await move(at(-1, '09:45'), OUTSIDE);
    expect(await openTypes()).toEqual(['fenceExit']);
    expect((await t.call(authEndpoints.devSms, { query: { mobile: CONTACT } })).data).toHaveLength(2);

    // After the window: coming back ends the exit alarm and opens nothing.
    await move(at(-1, '19:00'), INSIDE);
    expect(await openTypes()).toEqual([]);
    expect(await fenceAlarms()).toHaveLength(4);

    // The fence lists its alarms for the people who see the machine.
    const listed = await t.call(fenceEndpoints.alarms, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { id: fenceId },
    });
    expect(listed.data.list.map((a: { type: string }) => a.type)).toEqual([
      'fenceExit',
      'fenceEnter',
      'fenceExit',
      'fenceEnter',
    ]);
  });

  it('follows a change of the fence at once, and an unbound machine raises no fence alarm', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    await move(at(-1, '09:00'), OUTSIDE);
    // The fence grows to take in where the machine is: no crossing, no alarm; leaving the bigger one alarms.
    const detail = (await t.call(fenceEndpoints.detail, { token: admin, query: { id: fenceId } })).data;
    const updated = await t.call(fenceEndpoints.update, {
      token: admin,
      headers: { timeZone: 'UTC' },
      body: { ...detail, id: fenceId, shape: { type: 'circle', center: [CENTRE.lat, CENTRE.lng], radius: 5000 } },
    });
    expect(updated.status, updated.message).toBe('200');
    await move(at(-1, '09:05'), OUTSIDE);
    expect(await fenceAlarms()).toEqual([]);
    await move(at(-1, '09:10'), { ...OUTSIDE, lat: CENTRE.lat + 0.06 });
    expect(await openTypes()).toEqual(['fenceExit']);

    // Unbound: the open fence alarm ends with its next position, and crossings alarm nothing.
    await t.call(fenceEndpoints.unbind, { token: admin, body: { id: fenceId, deviceIds: [deviceId] } });
    await move(at(-1, '09:15'), INSIDE);
    await move(at(-1, '09:20'), OUTSIDE);
    expect(await openTypes()).toEqual([]);
    expect(await fenceAlarms()).toHaveLength(1);
  });

  it('enforces the daily limit: working longer than it on a monitoring date raises the overtime alarm until the day ends', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const detail = (await t.call(fenceEndpoints.detail, { token: admin, query: { id: fenceId } })).data;
    const limited = await t.call(fenceEndpoints.update, {
      token: admin,
      headers: { timeZone: 'UTC' },
      body: { ...detail, id: fenceId, dailyLimitHours: 1 },
    });
    expect(limited.status, limited.message).toBe('200');
    /** A report inside the fence `minutes` after 07:00 (UTC) yesterday, lifting (working) or parked. */
    const report = async (minutes: number, working: boolean) => {
      const time = at(-1, '07:00') + minutes * 60_000;
      const before = (await t.dbh.db.select().from(trackPoints).where(eq(trackPoints.deviceId, deviceId)).all()).length;
      const data = working ? {} : { lifting: false, platformHeightM: 0 };
      const pos = working ? INSIDE : { ...INSIDE, speed: 0 };
      await publishReport(client, serial, { ...platformReport(time, data, pos), seq: ++sent });
      await waitFor(
        'the report to be written',
        async () =>
          (await t.dbh.db.select().from(trackPoints).where(eq(trackPoints.deviceId, deviceId)).all()).length > before,
      );
      ingest.flush();
    };
    // 50 minutes of work, a 30-minute break, then work again: the break does not count.
    for (let m = 0; m <= 50; m += 5) await report(m, true);
    await report(80, false);
    for (let m = 85; m <= 95; m += 5) await report(m, true);
    expect(await openTypes()).toEqual([]);
    await report(100, true);
    await report(105, true);
    // 50 + 20 minutes of work: past the hour, outside the alarm window too (the limit is about the whole day).
    // It opened at 65 minutes (1.1 h); a lasting alarm keeps the worst value reached, 70 minutes (1.2 h).
    const overtime = await t.dbh.db.select().from(alarms).where(eq(alarms.deviceId, deviceId)).all();
    expect(overtime.map((a) => [a.type, a.endedAt === null, a.detail, a.value])).toEqual([
      ['fenceOvertime', true, `fence:${fenceId}`, 1.2],
    ]);
    expect(events.some((e) => e.type === 'alarm')).toBe(true);
    // The next day starts from nothing: the alarm ends.
    await move(at(0, '07:00'), INSIDE);
    expect(await openTypes()).toEqual([]);
  });
});
