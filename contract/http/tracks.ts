import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { DEVICE_READERS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';

/**
 * Track playback (spec: "Track playback: start, pause, speed, alarm list"; the track point of section 3). History
 * is queried by month, never across months, at most 1000 points a query (section 5); a longer period is read
 * part by part from `nextStart`.
 */
export const TRACK_MAX_POINTS = 1000;
/** A machine reporting at or below this speed (km/h) is parked. */
export const MOVING_KMH = 1;
/** A longer silence between two points is counted as parked: nothing says the machine moved. */
export const TRACK_GAP_MS = 10 * 60 * 1000;
/** The stop markers' threshold choices (minutes parked) and its default. */
export const STOP_MINUTES = [3, 5, 10, 30, 60] as const;
export const DEFAULT_STOP_MINUTES = 10;
/** Playback speeds of the player, 1x to 32x. */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16, 32] as const;

/** `YYYY-MM-DD HH:mm[:ss]`, a wall-clock time in the request's time zone (the `timeZone` header). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

export function isWallTime(value: string): boolean {
  const m = WALL_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d! && h! < 24 && mi! < 60 && s! < 60;
}

/** Seconds written out, so two times compare as text. */
const withSeconds = (value: string) => (value.length === 16 ? `${value}:00` : value);

const wallTime = z
  .string({ error: 'tracks.selectRange' })
  .trim()
  .min(1, { error: 'tracks.selectRange' })
  .refine(isWallTime, { error: 'tracks.invalidTime' })
  .transform(withSeconds);

const trackRange = z.object({
  id: z.coerce
    .number({ error: 'tracks.selectMachine' })
    .int({ error: 'tracks.selectMachine' })
    .positive({ error: 'tracks.selectMachine' }),
  startTime: wallTime,
  endTime: wallTime,
  stopMinutes: z.coerce
    .number()
    .pipe(z.literal(STOP_MINUTES, { error: 'validation.invalid' }))
    .default(DEFAULT_STOP_MINUTES),
});

// Both times are wall-clock times of one zone written alike, so their text orders them and names the month.
const withRangeRules = <S extends z.ZodType<{ startTime: string; endTime: string }>>(schema: S) =>
  schema
    .refine((q) => q.endTime > q.startTime, { path: ['endTime'], error: 'tracks.endBeforeStart' })
    .refine((q) => q.endTime.slice(0, 7) === q.startTime.slice(0, 7), {
      path: ['endTime'],
      error: 'tracks.crossMonth',
    });

export const trackQuery = withRangeRules(trackRange);

/** A track point (spec section 3): GPS time, longitude, latitude, speed, alarm info, alarm value, receive time. */
export const trackPoint = z.object({
  /** The GPS time in milliseconds since the epoch, for the player's clock. */
  t: z.number().int(),
  gpsTime: z.string(),
  receivedAt: z.string(),
  /** WGS-84; the regional map converts to GCJ-02 when it draws. */
  lat: z.number(),
  lng: z.number(),
  /** km/h */
  speed: z.number(),
  alarmInfo: z.string(),
  alarmValue: z.number().nullable(),
});
export type TrackPoint = z.infer<typeof trackPoint>;

/** Where the machine stood still for at least the stop threshold: points `from` to `to`. */
export const trackStop = z.object({
  from: z.number().int(),
  to: z.number().int(),
  start: z.string(),
  end: z.string(),
  minutes: z.number(),
  lat: z.number(),
  lng: z.number(),
});
export type TrackStop = z.infer<typeof trackStop>;

/** An alarm along the track, at the point nearest its time (`index`), so the player can jump there. */
export const trackAlarm = z.object({
  index: z.number().int(),
  t: z.number().int(),
  time: z.string(),
  /** 'alarm': raised by the server's alarm rules; 'device': reported with the position. */
  source: z.enum(['alarm', 'device']),
  alarmType: z.string(),
  alarmInfo: z.string(),
  value: z.number().nullable(),
  /** 1 notice, 2 warning, 3 critical. */
  level: z.number().int(),
});
export type TrackAlarm = z.infer<typeof trackAlarm>;

export const trackSummary = z.object({
  points: z.number().int(),
  /** Geodesic length of the track on the WGS-84 ellipsoid. */
  distanceKm: z.number(),
  movingSeconds: z.number().int(),
  parkedSeconds: z.number().int(),
  maxSpeedKmh: z.number(),
  /** Distance covered while moving over the time spent moving. */
  avgSpeedKmh: z.number(),
});
export type TrackSummary = z.infer<typeof trackSummary>;

export const trackHistory = z.object({
  device: z.object({
    id: z.number().int(),
    serialNumber: z.string(),
    deviceName: z.string(),
    kind: z.enum(MACHINE_KINDS),
  }),
  points: z.array(trackPoint),
  /** More points follow in the period than one query answers: read on from `nextStart`. */
  truncated: z.boolean(),
  nextStart: z.string().nullable(),
  summary: trackSummary,
  stops: z.array(trackStop),
  alarms: z.array(trackAlarm),
});
export type TrackHistory = z.infer<typeof trackHistory>;

export const TRACK_EXPORT_FORMATS = ['csv', 'kml'] as const;

export const trackEndpoints = {
  history: defineEndpoint({
    method: 'GET',
    path: '/track/history.do',
    summary:
      'The track of a machine in the user scope between two times of one month (at most 1000 points, then ' +
      '`nextStart`), with its summary (distance, moving and parked time, top and average speed), stops and alarms',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: trackQuery,
    body: noInput,
    response: trackHistory,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/track/export.do',
    summary: 'The same track as a file: CSV (the track point fields) or KML (the line, its stops and alarms)',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: withRangeRules(trackRange.extend({ format: z.enum(TRACK_EXPORT_FORMATS, { error: 'validation.invalid' }) })),
    body: noInput,
    response: z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() }),
  }),
} as const;
