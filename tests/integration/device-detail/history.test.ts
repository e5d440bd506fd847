import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceDetailEndpoints, HISTORY_MAX_RECORDS } from '@console/contract/http/device-detail';
import type { KindData } from '@console/contract/mqtt/payloads';
import { devices, telemetry } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, orgIdOf } from '../devices/helpers.ts';

const MINUTE = 60_000;
/** 2026-03-10 00:00 in Shanghai (UTC+8), the zone of these requests. */
const MARCH_10 = Date.UTC(2026, 2, 9, 16);
const zone = { timeZone: 'Asia/Shanghai' };

const platform = (minute: number): KindData => ({
  kind: 'aerialPlatform',
  platformHeightM: 5,
  // 0, 10, 20, 30, 40 within every five minutes: each 5-minute period averages 20.
  loadPct: (minute % 5) * 10,
  tiltDeg: 1,
  batteryV: 24,
  batteryPct: 80,
  driving: false,
  lifting: true,
  workingHours: 100 + minute / 60,
  faults: [],
});

describe('device history rules', () => {
  let t: TestApp;
  let admin: string;
  let device: typeof devices.$inferSelect;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    device = (await t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, await orgIdOf(t, LESSOR_A)), eq(devices.kind, 'aerialPlatform')))
      .limit(1)
      .get())!;
    // 1,500 reports a minute apart from 2026-03-10 00:00 (25 hours), all in one month.
    const rows = Array.from({ length: 1500 }, (_, i) => ({
      deviceId: device.id,
      deviceTime: new Date(MARCH_10 + i * MINUTE),
      receivedAt: new Date(MARCH_10 + i * MINUTE + 500),
      data: platform(i),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.dbh.db
        .insert(telemetry)
        .values(rows.slice(i, i + 500))
        .run();
  });
  afterEach(() => t.dbh.close());

  const ask = <E extends (typeof deviceDetailEndpoints)[keyof typeof deviceDetailEndpoints]>(
    endpoint: E,
    query: Record<string, unknown>,
    lang: 'en_US' | 'zh_CN' = 'en_US',
    token = admin,
  ) => t.call(endpoint, { token, lang, headers: zone, loose: { query: { id: device.id, ...query } } });

  it('refuses a range across months, in both languages, and a reversed range', async () => {
    const range = { from: Date.UTC(2026, 1, 27, 16), to: Date.UTC(2026, 2, 1, 16) };
    for (const endpoint of [deviceDetailEndpoints.series, deviceDetailEndpoints.records, deviceDetailEndpoints.track]) {
      const en = await ask(endpoint, range);
      expect(en).toMatchObject({
        status: '400',
        message: 'History is queried by month; the time range cannot cross months',
      });
      expect(en.data.field).toBe('from');
    }
    const zh = await ask(deviceDetailEndpoints.records, range, 'zh_CN');
    expect(zh.message).toBe('历史数据按月查询，不支持跨月查询');
    // The same instants are one month in a zone where both fall in March.
    const utc = await t.call(deviceDetailEndpoints.records, {
      token: admin,
      headers: { timeZone: 'UTC' },
      query: { id: device.id, from: Date.UTC(2026, 2, 1, 0), to: Date.UTC(2026, 2, 1, 16) },
    });
    expect(utc.status).toBe('200');
    const reversed = await ask(deviceDetailEndpoints.series, { from: MARCH_10 + 1000, to: MARCH_10 });
    expect(reversed.message).toBe('The end time must not be before the start time');
    const missing = await ask(deviceDetailEndpoints.series, { from: MARCH_10 });
    expect(missing).toMatchObject({ status: '400' });
    expect(missing.message).toContain('please select a time range');
  });

  it('answers at most 1000 records per query, the newest, and says more lie in the range', async () => {
    const all = await ask(deviceDetailEndpoints.records, { from: MARCH_10, to: MARCH_10 + 1500 * MINUTE });
    expect(all.status).toBe('200');
    expect(all.data.list).toHaveLength(HISTORY_MAX_RECORDS);
    expect(all.data.truncated).toBe(true);
    expect(all.data.list[0].deviceTime).toBe('2026-03-11 00:59:00');
    expect(all.data.list[0].receivedAt).toBe('2026-03-11 00:59:00');
    const hour = await ask(deviceDetailEndpoints.records, { from: MARCH_10, to: MARCH_10 + 60 * MINUTE - 1 });
    expect(hour.data.list).toHaveLength(60);
    expect(hour.data.truncated).toBe(false);
  });

  it('averages per chart period and widens the period rather than answer more than 1000 points', async () => {
    const fiveHours = { from: MARCH_10, to: MARCH_10 + 300 * MINUTE - 1 };
    const five = await ask(deviceDetailEndpoints.series, { ...fiveHours, period: 5 });
    expect(five.data.periodMinutes).toBe(5);
    expect(five.data.times).toHaveLength(60);
    expect(five.data.times[1] - five.data.times[0]).toBe(5 * MINUTE);
    expect(new Set(five.data.fields.loadPct)).toEqual(new Set([20]));
    expect(five.data.reports).toBe(300);
    const one = await ask(deviceDetailEndpoints.series, { ...fiveHours, period: 1 });
    expect(one.data.periodMinutes).toBe(1);
    expect(one.data.fields.loadPct.slice(0, 5)).toEqual([0, 10, 20, 30, 40]);

    const day = await ask(deviceDetailEndpoints.series, { from: MARCH_10, to: MARCH_10 + 1500 * MINUTE, period: 1 });
    expect(day.data.periodMinutes).toBe(15);
    expect(day.data.times.length).toBeLessThanOrEqual(HISTORY_MAX_RECORDS);
    expect(day.data.reports).toBe(1500);
    expect((await ask(deviceDetailEndpoints.series, { ...fiveHours, period: 7 })).status).toBe('400');
  });

  it("says 'no data in this time period' for an empty range", async () => {
    const empty = { from: Date.UTC(2025, 0, 5), to: Date.UTC(2025, 0, 6) };
    const en = await ask(deviceDetailEndpoints.series, empty);
    expect(en).toMatchObject({ status: '200', message: 'no data in this time period' });
    expect(en.data.times).toEqual([]);
    const zh = await ask(deviceDetailEndpoints.records, empty, 'zh_CN');
    expect(zh).toMatchObject({ status: '200', message: '该时间段内暂无数据', data: { list: [], truncated: false } });
  });

  it('lets a mower be queried within one day only', async () => {
    const mower = (await t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, await orgIdOf(t, LESSOR_A)), eq(devices.kind, 'mower')))
      .limit(1)
      .get())!;
    const twoDays = { id: mower.id, from: MARCH_10 + 10 * 60 * MINUTE, to: MARCH_10 + 26 * 60 * MINUTE };
    const refused = await t.call(deviceDetailEndpoints.series, { token: admin, headers: zone, query: twoDays });
    expect(refused).toMatchObject({ status: '400', message: 'Mower history can only be queried within one day' });
    const zh = await t.call(deviceDetailEndpoints.track, {
      token: admin,
      headers: zone,
      lang: 'zh_CN',
      query: twoDays,
    });
    expect(zh.message).toBe('割草机历史数据只能查询同一天');
    const oneDay = { ...twoDays, to: MARCH_10 + 23 * 60 * MINUTE };
    expect((await t.call(deviceDetailEndpoints.series, { token: admin, headers: zone, query: oneDay })).status).toBe(
      '200',
    );
    // Another kind may span days within the month.
    expect((await ask(deviceDetailEndpoints.series, { from: twoDays.from, to: twoDays.to })).status).toBe('200');
  });

  it('counts working hours per day from the hour meter, with their share of the day', async () => {
    const res = await ask(deviceDetailEndpoints.workingHours, {
      from: MARCH_10,
      to: MARCH_10 + 2 * 24 * 60 * MINUTE - 1,
    });
    expect(res.status, res.message).toBe('200');
    expect(res.data.hourMeter).toBe(true);
    expect(res.data.days.map((d: { date: string }) => d.date)).toEqual(['2026-03-10', '2026-03-11']);
    // 24 hours of reports on the 10th, then the meter runs until 01:00 on the 11th.
    expect(res.data.days[0]).toMatchObject({ hours: 24, utilisationPct: 100 });
    expect(res.data.days[1]).toMatchObject({ hours: 1, utilisationPct: 4.2 });
    expect(res.data.totalHours).toBe(25);
  });
});
