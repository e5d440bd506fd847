import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { trackEndpoints, type TrackHistory } from '@console/contract/http/tracks';
import { writeTrackReports } from '../../fixtures/track-reports.ts';
import { alarms } from '@console/db/schema/warning';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { firstDeviceOf, LESSOR_A, LESSOR_B, orgIdOf } from '../devices/helpers.ts';

const SHANGHAI = { timeZone: 'Asia/Shanghai' };
/** 2026-03-10 08:00:00 in Shanghai: a month the demo history does not reach. */
const T0 = Date.UTC(2026, 2, 10, 0, 0, 0);
const MIN = 60_000;

/**
 * A known track heading north along the meridian in steps of 0.001° of latitude (110.87 m at 31°N on the WGS-84
 * ellipsoid): two minutes moving, 18 minutes parked, two minutes moving, with an alarm the machine reported.
 */
const KNOWN: { at: number; lat: number; speed: number; alarmInfo?: string; alarmValue?: number }[] = [
  { at: 0, lat: 31.0, speed: 0 },
  { at: 1, lat: 31.001, speed: 10 },
  { at: 2, lat: 31.002, speed: 20 },
  { at: 3, lat: 31.002, speed: 0 },
  { at: 20, lat: 31.002, speed: 0 },
  { at: 21, lat: 31.003, speed: 36 },
  { at: 22, lat: 31.004, speed: 52, alarmInfo: 'Overspeed 52 km/h & rising', alarmValue: 52 },
];
const STEP_KM = 0.11087;

describe('track playback', () => {
  let t: TestApp;
  let token: string;
  let deviceId: number;
  let serial: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.tokenFor(ROLE.lessorAdmin);
    const device = await firstDeviceOf(t, await orgIdOf(t, LESSOR_A));
    deviceId = device.id;
    serial = device.serialNumber;
    await writeTrackReports(
      t.dbh.db,
      deviceId,
      KNOWN.map((p) => ({
        gpsTime: new Date(T0 + p.at * MIN),
        receivedAt: new Date(T0 + p.at * MIN + 900),
        lat: p.lat,
        lng: 121,
        speed: p.speed,
        alarmInfo: p.alarmInfo,
        alarmValue: p.alarmValue,
      })),
    );
    // The alarm rules raised an overspeed alarm at 08:19, while the machine stood (nearest point: 08:20).
    await t.dbh.db
      .insert(alarms)
      .values({ deviceId, type: 'overspeed', level: 2, value: 40, startedAt: new Date(T0 + 19 * MIN) })
      .run();
  });
  afterEach(() => t.dbh.close());

  const history = (query: Record<string, unknown>, lang: 'en_US' | 'zh_CN' = 'en_US', headers = SHANGHAI) =>
    t.call(trackEndpoints.history, { token, lang, headers, loose: { query: { id: deviceId, ...query } } });
  const morning = { startTime: '2026-03-10 07:00', endTime: '2026-03-10 09:00:00' };

  it('sums distance, moving and parked time, top and average speed of a known track', async () => {
    const res = await history(morning);
    expect(res.status, res.message).toBe('200');
    const track = res.data as TrackHistory;
    expect(track.device).toMatchObject({ id: deviceId, serialNumber: serial });
    expect(track.points.map((p) => p.gpsTime)).toEqual(
      KNOWN.map((p) => `2026-03-10 08:${String(p.at).padStart(2, '0')}:00`),
    );
    expect(track.points[0]).toMatchObject({ receivedAt: '2026-03-10 08:00:00', lat: 31, lng: 121, speed: 0 });
    expect(track.truncated).toBe(false);
    expect(track.summary.points).toBe(7);
    expect(track.summary.distanceKm).toBeCloseTo(4 * STEP_KM, 3);
    expect(track.summary.movingSeconds).toBe(4 * 60);
    expect(track.summary.parkedSeconds).toBe(18 * 60);
    expect(track.summary.maxSpeedKmh).toBe(52);
    // 443.5 m in four minutes.
    expect(track.summary.avgSpeedKmh).toBeCloseTo((4 * STEP_KM) / (4 / 60), 0);
    expect(track.summary.avgSpeedKmh).toBe(6.7);
    expect(track.stops).toEqual([
      expect.objectContaining({
        from: 2,
        to: 4,
        start: '2026-03-10 08:02:00',
        end: '2026-03-10 08:20:00',
        minutes: 18,
      }),
    ]);
    expect(track.alarms.map((a) => [a.index, a.source, a.time, a.alarmType])).toEqual([
      [4, 'alarm', '2026-03-10 08:19:00', 'Overspeed alarm'],
      [6, 'device', '2026-03-10 08:22:00', 'Reported by the device'],
    ]);
    expect(track.alarms[1]).toMatchObject({ alarmInfo: 'Overspeed 52 km/h & rising', value: 52 });
  });

  it('marks stops by the chosen threshold and reads times in the user’s zone', async () => {
    const longStops = await history({ ...morning, stopMinutes: 30 });
    expect(longStops.data.stops).toEqual([]);
    const berlin = await history({ startTime: '2026-03-10 01:00:00', endTime: '2026-03-10 01:10:00' }, 'en_US', {
      timeZone: 'Europe/Berlin',
    });
    expect(berlin.data.points.map((p: { gpsTime: string }) => p.gpsTime)).toEqual([
      '2026-03-10 01:00:00',
      '2026-03-10 01:01:00',
      '2026-03-10 01:02:00',
      '2026-03-10 01:03:00',
    ]);
  });

  it('queries by month, never across months, and names what is missing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { startTime: '2026-03-31 20:00:00', endTime: '2026-04-01 08:00:00' },
        'endTime',
        'History is queried by month: the range cannot cross months',
        '按月查询，不能跨月查询',
      ],
      [
        { startTime: '2026-03-10 09:00:00', endTime: '2026-03-10 08:00:00' },
        'endTime',
        'The end must be after the start',
        '结束时间须晚于开始时间',
      ],
      [{ startTime: '2026-03-10 08:00:00' }, 'endTime', 'please select a time range', '请选择时间范围'],
      [{ ...morning, id: '' }, 'id', 'please select machinery', '请选择机械'],
      [{ startTime: '2026-02-30 08:00:00', endTime: morning.endTime }, 'startTime', 'valid time', '有效的时间'],
    ];
    for (const [query, field, english, chinese] of cases) {
      const en = await history(query);
      expect(en.status, JSON.stringify(query)).toBe('400');
      expect(en.data.field).toBe(field);
      expect(en.message).toContain(english);
      expect((await history(query, 'zh_CN')).message).toContain(chinese);
    }
  });

  it("answers 'no data in this time period' for a period without points", async () => {
    const res = await history({ startTime: '2026-03-11 00:00:00', endTime: '2026-03-11 23:59:59' });
    expect(res.status).toBe('200');
    expect(res.message).toBe('no data in this time period');
    expect(res.data.points).toEqual([]);
    expect(res.data.summary).toMatchObject({ points: 0, distanceKm: 0, movingSeconds: 0 });
    const zh = await history({ startTime: '2026-03-11 00:00:00', endTime: '2026-03-11 23:59:59' }, 'zh_CN');
    expect(zh.message).toBe('该时间段内暂无数据');
  });

  it('answers at most 1000 points a query and where the next part starts', async () => {
    const day = Date.UTC(2026, 2, 14, 0, 0, 0);
    await writeTrackReports(
      t.dbh.db,
      deviceId,
      Array.from({ length: 1005 }, (_, i) => ({
        gpsTime: new Date(day + i * 10_000),
        receivedAt: new Date(day + i * 10_000),
        lat: 31 + i * 1e-5,
        lng: 121,
        speed: 5,
      })),
    );
    const first = await history({ startTime: '2026-03-14 00:00:00', endTime: '2026-03-14 23:59:59' });
    expect(first.data.points).toHaveLength(1000);
    expect(first.data.truncated).toBe(true);
    // Point 1000 (0-based) is 10,000 s after 08:00 Shanghai time.
    expect(first.data.nextStart).toBe('2026-03-14 10:46:40');
    const rest = await history({ startTime: first.data.nextStart, endTime: '2026-03-14 23:59:59' });
    expect(rest.data.points).toHaveLength(5);
    expect(rest.data.truncated).toBe(false);
    expect(rest.data.nextStart).toBeNull();
  });

  it('exports the track as CSV with the track point fields and as KML with its stops and alarms', async () => {
    const csv = await t.call(trackEndpoints.export, {
      token,
      headers: SHANGHAI,
      query: { id: deviceId, ...morning, format: 'csv' },
    });
    expect(csv.status, csv.message).toBe('200');
    expect(csv.data.fileName).toBe(`track-${serial}-202603100700.csv`);
    const lines = (csv.data.content as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('GPS time,Longitude,Latitude,Speed (km/h),Alarm info,Alarm value,Receive time');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('2026-03-10 08:00:00,121,31,0,,,2026-03-10 08:00:00');
    expect(lines[7]).toBe('2026-03-10 08:22:00,121,31.004,52,Overspeed 52 km/h & rising,52,2026-03-10 08:22:00');
    const zh = await t.call(trackEndpoints.export, {
      token,
      lang: 'zh_CN',
      headers: SHANGHAI,
      query: { id: deviceId, ...morning, format: 'csv' },
    });
    expect(zh.data.content).toContain('GPS时间,经度,纬度,速度(km/h),报警信息,报警值,接收时间\r\n');

    const kml = await t.call(trackEndpoints.export, {
      token,
      headers: SHANGHAI,
      query: { id: deviceId, ...morning, format: 'kml' },
    });
    const text = kml.data.content as string;
    expect(kml.data.mimeType).toBe('application/vnd.google-earth.kml+xml');
    expect(
      text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">'),
    ).toBe(true);
    expect(text).toContain(
      '<coordinates>121,31,0 121,31.001,0 121,31.002,0 121,31.002,0 121,31.002,0 121,31.003,0 121,31.004,0</coordinates>',
    );
    expect(text).toContain('<name>Parked 18 min</name>');
    expect(text).toContain('<name>Overspeed alarm</name>');
    expect(text).toContain('Overspeed 52 km/h &amp; rising');
    expect(text.match(/<Placemark>/g)).toHaveLength(1 + 1 + 2);
  });

  it("shows a machine's track only to those who see the machine", async () => {
    const other = await firstDeviceOf(t, await orgIdOf(t, LESSOR_B));
    const foreign = await history({ ...morning, id: other.id });
    expect(foreign.status).toBe('404');
    const exported = await t.call(trackEndpoints.export, {
      token,
      query: { id: other.id, ...morning, format: 'csv' },
    });
    expect(exported.status).toBe('404');
    const operator = await t.call(trackEndpoints.history, {
      token: await t.tokenFor(ROLE.companyAdmin),
      headers: SHANGHAI,
      query: { id: deviceId, ...morning },
    });
    expect(operator.data.points).toHaveLength(7);
    const screen = await t.call(trackEndpoints.history, {
      token: await t.tokenFor(ROLE.screenViewer),
      query: { id: deviceId, ...morning },
    });
    expect(screen.status).toBe('403');
  });
});
