import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { ScopedData } from '../lib/data.ts';
import { trackPoints } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import type { ParsedQueryOf } from '@console/contract/http/endpoint';
import { TRACK_MAX_POINTS, trackEndpoints, type TrackAlarm, type TrackHistory } from '@console/contract/http/tracks';
import { translate, type Lang } from '@console/contract/messages/translate';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';
import { route, type HandlerContext, type RouteDef } from '../lib/route.ts';
import { formatInZone, wallTimeInZone } from '../lib/time.ts';
import { visibleDevice } from '../lib/device-access.ts';
import { trackCsv, trackKml } from './track-files.ts';
import { nearestPoint, summariseTrack } from './track-summary.ts';
import { keptPoints, rawWindowStart, type KeptPoint } from '../retention/read.ts';

type TrackQuery = ParsedQueryOf<typeof trackEndpoints.history>;

/** Alarms the machine reported with its positions (a point's alarm info) and those the rules raised. */
async function alarmsAlong(
  data: ScopedData,
  deviceId: number,
  serial: string,
  points: TrackHistory['points'],
  lang: Lang,
  timeZone: string,
): Promise<TrackAlarm[]> {
  if (points.length === 0) return [];
  const reported: TrackAlarm[] = points.flatMap((p, index) =>
    p.alarmInfo
      ? [
          {
            index,
            t: p.t,
            time: p.gpsTime,
            source: 'device' as const,
            alarmType: translate(lang, 'tracks.deviceAlarm'),
            alarmInfo: p.alarmInfo,
            value: p.alarmValue,
            level: 2,
          },
        ]
      : [],
  );
  const raised: TrackAlarm[] = (
    await data
      .select()
      .from(alarms, data.viaDevice(alarms.deviceId))
      .where(
        and(
          eq(alarms.deviceId, deviceId),
          gte(alarms.startedAt, new Date(points[0]!.t)),
          lte(alarms.startedAt, new Date(points.at(-1)!.t)),
        ),
      )
      .orderBy(asc(alarms.startedAt))
      .all()
  ).map((alarm) => ({
    index: nearestPoint(points, alarm.startedAt.getTime()),
    t: alarm.startedAt.getTime(),
    time: formatInZone(alarm.startedAt, timeZone),
    source: 'alarm' as const,
    alarmType: alarmTypeLabel(lang, alarm.type),
    alarmInfo: alarmInfo(lang, alarm.type, alarm.value, serial),
    value: alarm.value,
    level: alarm.level,
  }));
  return [...reported, ...raised].sort((a, b) => a.t - b.t);
}

/**
 * The track of a machine the user sees, between two wall-clock times of one month in the user's zone: at most
 * TRACK_MAX_POINTS points; when more follow, `nextStart` is where the next part begins.
 */
export async function readTrack(
  data: ScopedData,
  query: TrackQuery,
  ctx: Pick<HandlerContext<typeof trackEndpoints.history>, 'lang' | 'timeZone' | 't'> & { now: number },
): Promise<TrackHistory> {
  const device = await visibleDevice(data, query.id);
  const from = wallTimeInZone(query.startTime, ctx.timeZone);
  const to = wallTimeInZone(query.endTime, ctx.timeZone);
  // Before the machine's raw window, each 5-minute bucket's last point, then the raw points (decision 075).
  const cutoff = await rawWindowStart(data, device.id, ctx.now);
  const kept =
    from < cutoff ? await keptPoints(data, device.id, { from, to }, cutoff, 'asc', TRACK_MAX_POINTS + 1) : [];
  const raw: KeptPoint[] =
    to >= cutoff && kept.length <= TRACK_MAX_POINTS
      ? await data
          .select()
          .from(trackPoints, data.viaDevice(trackPoints.deviceId))
          .where(
            and(
              eq(trackPoints.deviceId, device.id),
              gte(trackPoints.gpsTime, new Date(Math.max(from, cutoff))),
              lte(trackPoints.gpsTime, new Date(to)),
            ),
          )
          .orderBy(asc(trackPoints.gpsTime), asc(trackPoints.id))
          .limit(TRACK_MAX_POINTS + 1 - kept.length)
          .all()
      : [];
  const rows = [...kept, ...raw];
  const truncated = rows.length > TRACK_MAX_POINTS;
  const points = rows.slice(0, TRACK_MAX_POINTS).map((row) => ({
    t: row.gpsTime.getTime(),
    gpsTime: formatInZone(row.gpsTime, ctx.timeZone),
    receivedAt: formatInZone(row.receivedAt, ctx.timeZone),
    lat: row.lat,
    lng: row.lng,
    speed: row.speed,
    alarmInfo: row.alarmInfo,
    alarmValue: row.alarmValue,
  }));
  const { summary, stops } = summariseTrack(points, query.stopMinutes * 60_000);
  return {
    device: { id: device.id, serialNumber: device.serialNumber, deviceName: device.deviceName, kind: device.kind },
    points,
    truncated,
    // Written to the second, so the next part starts with the first point this one left out.
    nextStart: truncated ? formatInZone(rows[TRACK_MAX_POINTS]!.gpsTime, ctx.timeZone) : null,
    summary,
    stops: stops.map(({ from: a, to: b }) => ({
      from: a,
      to: b,
      start: points[a]!.gpsTime,
      end: points[b]!.gpsTime,
      minutes: Math.round((points[b]!.t - points[a]!.t) / 6000) / 10,
      lat: points[a]!.lat,
      lng: points[a]!.lng,
    })),
    alarms: await alarmsAlong(data, device.id, device.serialNumber, points, ctx.lang, ctx.timeZone),
  };
}

export const trackRoutes: RouteDef[] = [
  route(trackEndpoints.history, async ({ query, data, lang, timeZone, t, setMessage, deps }) => {
    const track = await readTrack(data, query, { lang, timeZone, t, now: deps.now() });
    if (track.points.length === 0) setMessage('tracks.noData');
    return track;
  }),

  route(trackEndpoints.export, async ({ query, data, lang, timeZone, t, deps }) => {
    const track = await readTrack(data, query, { lang, timeZone, t, now: deps.now() });
    const stamp = query.startTime.replace(/\D/g, '').slice(0, 12);
    const fileName = `track-${track.device.serialNumber}-${stamp}.${query.format}`;
    if (query.format === 'csv') return { fileName, mimeType: 'text/csv;charset=utf-8', content: trackCsv(track, t) };
    const title = `${track.device.serialNumber} ${query.startTime} - ${query.endTime}`;
    return { fileName, mimeType: 'application/vnd.google-earth.kml+xml', content: trackKml(track, t, title) };
  }),
];
