/**
 * Readers of telemetry across the raw window (docs/decisions/075-telemetry-retention.md): once a machine's old raw
 * rows are pruned, the history chart, the working hours, the records, the track and the ISO 15143-3 API answer the
 * old period from the 5-minute buckets: the same chart and hours as the raw rows gave, each 5 minutes' last report
 * and position of the raw answer, and the daily work the usage statement reads is untouched.
 */
import { and, count, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { trackEndpoints } from '@console/contract/http/tracks';
import type { AempSeries } from '@console/contract/http/aemp';
import { dailyWork } from '@console/db/schema/analysis';
import { devices, telemetry } from '@console/db/schema/devices';
import { bucketAll } from '@console/server/src/retention/buckets';
import { prune } from '@console/server/src/retention/prune';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, orgIdOf } from '../devices/helpers.ts';
import { aempJson, createKey } from '../aemp/helpers.ts';

const MINUTE = 60_000;
const BUCKET = 5 * MINUTE;
/** 2026-03-10 00:00 in Shanghai (UTC+8), the zone of these requests: long before the server's clock. */
const MARCH_10 = Date.UTC(2026, 2, 9, 16);
const zone = { timeZone: 'Asia/Shanghai' };
const at = (i: number) => MARCH_10 + i * MINUTE + 7_000;

/** A list's items, newest or oldest first, keeping each 5-minute bucket's last (by the time `time` reads). */
function lastPerBucket<T>(items: T[], time: (item: T) => number): T[] {
  const kept = new Map<number, T>();
  for (const item of items) {
    const bucket = Math.floor(time(item) / BUCKET);
    const old = kept.get(bucket);
    if (!old || time(item) >= time(old)) kept.set(bucket, item);
  }
  return items.filter((item) => kept.get(Math.floor(time(item) / BUCKET)) === item);
}
const shanghai = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);

describe('telemetry readers before and after pruning', () => {
  let t: TestApp;
  let admin: string;
  let device: typeof devices.$inferSelect;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    device = (await t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, await orgIdOf(t, LESSOR_A)), eq(devices.kind, 'aerialPlatform')))
      .limit(1)
      .get())!;
    key = (await createKey(t, admin)).secret;
    // A day of reports a minute apart, each with its position, as ingest writes them.
    const rows = Array.from({ length: 1440 }, (_, i) => i);
    for (let k = 0; k < rows.length; k += 360) {
      const slice = rows.slice(k, k + 360);
      await t.dbh.db
        .insert(telemetry)
        .values(
          slice.map((i) => ({
            deviceId: device.id,
            deviceTime: new Date(at(i)),
            receivedAt: new Date(at(i) + 500),
            data: {
              kind: 'aerialPlatform' as const,
              platformHeightM: 5 + (i % 4),
              loadPct: (i * 13) % 90,
              tiltDeg: 1,
              batteryV: 24,
              batteryPct: 90 - Math.floor(i / 30),
              driving: i % 2 === 0,
              lifting: true,
              workingHours: 300 + (i < 600 ? i / 60 : 10),
              faults: [],
            },
            lat: 31.2 + i / 10_000,
            lng: 121.4 + (i % 60) / 10_000,
            speed: i % 5,
            alarmInfo: '',
          })),
        )
        .run();
    }
    // On PostgreSQL the first test app of a run may seed the demo template (minutes on this host).
  }, 900_000);
  afterAll(() => t?.dbh.close());

  const ask = <E extends (typeof deviceDetailEndpoints)[keyof typeof deviceDetailEndpoints]>(
    endpoint: E,
    query: Record<string, unknown>,
  ) => t.call(endpoint, { token: admin, lang: 'en_US', headers: zone, loose: { query: { id: device.id, ...query } } });
  const day = { from: MARCH_10, to: MARCH_10 + 86_400_000 - 1 };
  const morning = { from: MARCH_10 + 8 * 60 * MINUTE, to: MARCH_10 + 10 * 60 * MINUTE - 1 };
  const aempPath = (point: string, page: number) =>
    `/Fleet/Equipment/ID/${device.serialNumber}/${point}/${new Date(day.from).toISOString()}/${new Date(day.to + 1).toISOString()}/${page}`;
  async function aempAll(point: 'OperatingHours' | 'Locations') {
    const out: { datetime: string }[] = [];
    for (let page = 1; ; page += 1) {
      const doc = await aempJson<AempSeries>(t, key, aempPath(point, page));
      const records = (point === 'OperatingHours' ? doc.CumulativeOperatingHours : doc.Location) ?? [];
      out.push(...(records as { datetime: string }[]));
      if (!doc.Links.some((l) => l.rel === 'next')) return out;
    }
  }
  const answers = async () => ({
    series5: (await ask(deviceDetailEndpoints.series, { ...day, period: 5 })).data,
    series60: (await ask(deviceDetailEndpoints.series, { ...day, period: 60 })).data,
    series1: (await ask(deviceDetailEndpoints.series, { ...morning, period: 1 })).data,
    hours: (await ask(deviceDetailEndpoints.workingHours, day)).data,
    records: (await ask(deviceDetailEndpoints.records, morning)).data,
    track: (await ask(deviceDetailEndpoints.track, morning)).data,
    tracks: (
      await t.call(trackEndpoints.history, {
        token: admin,
        lang: 'en_US',
        headers: zone,
        loose: { query: { id: device.id, startTime: '2026-03-10 08:00:00', endTime: '2026-03-10 09:59:59' } },
      })
    ).data,
    days: (await t.dbh.db.select().from(dailyWork).where(eq(dailyWork.deviceId, device.id)).all()).length,
  });

  it('answers an old period from the buckets once its raw rows are pruned', { timeout: 300_000 }, async () => {
    const before = await answers();
    // The ISO 15143-3 series are compared last, after every other reader (each call asserts its own 200).
    const aempRead = async () => ({ hours: await aempAll('OperatingHours'), locations: await aempAll('Locations') });
    const aempBefore = await aempRead().catch((error: unknown) => error as Error);
    expect(before.series5.times.length).toBe(288);
    expect(before.records.list.length).toBe(120);

    // The machine's reports of the last six days (the seed's, if any) are within the window.
    const recentRows = async () =>
      (await t.dbh.db
        .select({ n: count() })
        .from(telemetry)
        .where(
          and(eq(telemetry.deviceId, device.id), gte(telemetry.deviceTime, new Date(t.deps.now() - 6 * 86_400_000))),
        )
        .get())!.n;
    const recentBefore = await recentRows();
    await bucketAll(t.dbh.db);
    const pruned = await prune(t.dbh.db, t.deps.now(), { batch: 500 });
    expect(pruned.telemetry).toBeGreaterThanOrEqual(1440);
    // The day's raw rows are gone; the last days' are kept.
    const left = await t.dbh.db
      .select({ n: count() })
      .from(telemetry)
      .where(and(eq(telemetry.deviceId, device.id), lte(telemetry.deviceTime, new Date(day.to))))
      .get();
    expect(left!.n).toBe(0);
    expect(await recentRows()).toBe(recentBefore);

    const after = await answers();
    // The chart in periods of 5 minutes or more, and the working hours per day: the same figures.
    expect(after.series5).toEqual(before.series5);
    expect(after.series60).toEqual(before.series60);
    expect(after.hours).toEqual(before.hours);
    expect(after.hours.totalHours).toBe(10);
    // A 1-minute chart of a pruned period is drawn in the buckets' 5 minutes, and says so.
    expect(after.series1.periodMinutes).toBe(5);
    expect(after.series1.times).toEqual(before.series5.times.filter((x) => x >= morning.from && x <= morning.to));
    // Records, tracks and the ISO 15143-3 series: each 5 minutes' last report or position of the raw answer.
    expect(after.records.list).toEqual(lastPerBucket(before.records.list, (r) => shanghai(r.deviceTime)));
    expect(after.records.list.length).toBe(24);
    expect(after.track.list).toEqual(lastPerBucket(before.track.list, (p) => shanghai(p.gpsTime)));
    expect(after.tracks.points).toEqual(lastPerBucket(before.tracks.points, (p) => p.t));
    expect(after.tracks.summary.points).toBe(after.tracks.points.length);
    // The daily work the usage statement and the analysis read is never pruned.
    expect(after.days).toBe(before.days);

    if (aempBefore instanceof Error) throw aempBefore;
    expect(aempBefore.hours.length).toBe(1440);
    const aempAfter = await aempRead();
    expect(aempAfter.hours).toEqual(lastPerBucket(aempBefore.hours, (r) => Date.parse(r.datetime)));
    expect(aempAfter.hours.at(-1)).toEqual(aempBefore.hours.at(-1));
    expect(aempAfter.locations).toEqual(lastPerBucket(aempBefore.locations, (r) => Date.parse(r.datetime)));
  });
});
