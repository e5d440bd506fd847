import { z } from 'zod';
import { DEVICE_CONDITION } from '../codes/device-status.ts';
import type { MachineKind } from '../codes/machine-kinds.ts';
import { kindData, SIGNALS } from '../mqtt/payloads.ts';
import { deviceRow } from './devices.ts';
import { DEVICE_READERS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, LATEST_INSTANT, pageQuery, paged } from './fields.ts';

/**
 * One machine's detail page: its registry row with the latest reported state, and its history (telemetry
 * series, raw reports, track, working hours, alarms). Who may read follows deviceScope, like the device list.
 *
 * History rules (spec section 5, docs/decisions/012-device-history.md): a query stays within one calendar month
 * of the user's time zone, a mower's within one calendar day; one answer carries at most 1000 records (or chart
 * points: the server widens a chart's period until it fits).
 */
export const HISTORY_MAX_RECORDS = 1000;
/** Chart periods in minutes (spec section 9): each point is the average over one period. */
export const CHART_PERIODS = [1, 5] as const;
/** Wider periods the server steps up to when the chosen one would give more than 1000 points (minutes). */
export const WIDER_PERIODS = [15, 30, 60, 180, 360, 720, 1440] as const;
/** The preset history ranges (spec section 9): the last N hours, or N calendar days up to now. */
export const HISTORY_HOURS = [1, 6, 12, 24] as const;
export const HISTORY_DAYS = [1, 3, 7, 15, 30] as const;
/** The battery tab's ranges: 8 hours, 1, 7, 15, 30 days. */
export const BATTERY_HOURS = [8] as const;
export const BATTERY_DAYS = [1, 7, 15, 30] as const;
/** The charts' auto refresh, when switched on (spec section 9). */
export const AUTO_REFRESH_MS = 10_000;
/** How far back the location tab draws the track by default. */
export const RECENT_TRACK_HOURS = 24;

/**
 * The numeric telemetry of each kind (contract/mqtt kindData) that history charts average; `pumpCurrentA.0` is
 * the first element of the pump currents. The server reads only these names, so a query names no other path.
 */
export const TELEMETRY_FIELDS = {
  aerialPlatform: ['platformHeightM', 'loadPct', 'tiltDeg', 'batteryV', 'batteryPct', 'workingHours'],
  concretePump: ['displacementM3h', 'pressureMpa', 'pumpCurrentA.0', 'pumpCurrentA.1', 'engineHours'],
  wetSprayer: ['sprayRateM3h', 'pressureMpa', 'acceleratorPct', 'engineHours'],
  mower: ['bladeRpm', 'batteryPct', 'areaTodayM2', 'workingHours'],
  boat: ['engineRpm', 'fuelPct', 'waterTempC', 'engineHours'],
  forklift: ['loadKg', 'forkHeightM', 'batteryPct', 'workingHours'],
  battery: ['chargePct', 'voltageV', 'currentA', 'temperatureC', 'cycles'],
  charger: ['outputV', 'outputA', 'energyKwh'],
} as const satisfies Record<MachineKind, readonly string[]>;
export type TelemetryField = (typeof TELEMETRY_FIELDS)[MachineKind][number];

/** A moment as ms since the epoch; the month and day rules are read in the request's time zone. */
const instant = z.coerce
  .number({ error: 'deviceDetail.selectRange' })
  .int({ error: 'deviceDetail.selectRange' })
  .min(0, { error: 'deviceDetail.selectRange' })
  .max(LATEST_INSTANT, { error: 'deviceDetail.selectRange' });

export const historyRange = z.object({
  id: idParam,
  from: instant,
  to: instant,
});

/** The latest state a machine reported, beside its registry row. */
export const deviceDetail = z.object({
  device: deviceRow,
  /** The kind's latest telemetry (contract/mqtt kindData), null before the first report. */
  latest: kindData.nullable(),
  /**
   * The time of the latest report (its device time), '' before the first: the one "last report" of the page, its
   * header's and its latest values' (decision 062).
   */
  lastDeviceTime: z.string(),
  /** The signal strength that report gave: the last known one while the machine is off line. */
  lastSignal: z.enum(SIGNALS),
  /** When the machine went off line (the status message that said so), '' while on line. */
  offlineSince: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  speed: z.number(),
  machineOnline: z.boolean(),
  activity: z.enum(['working', 'standby', 'stopped']),
  /** Report interval (s) and overspeed threshold (km/h, 0 = not monitored) the machine runs with. */
  reportIntervalS: z.number().int(),
  overspeedKmh: z.number(),
  /** Risk-control actions apply to this status (spec section 4: true for 2, 3, 5, 8). */
  riskPermission: z.boolean(),
  /** The user may command this machine (lock, unlock, parameters): a command role of its owner. */
  commandable: z.boolean(),
  /** The condition labels that hold (the device row's, contract/codes/device-conditions deviceConditions). */
  conditions: z.array(z.enum(DEVICE_CONDITION.values)),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

export const telemetrySeries = z.object({
  /** The period each point averages, in minutes: the one asked for, or wider to stay within 1000 points. */
  periodMinutes: z.number().int(),
  /** The start of each period (ms since the epoch), oldest first; only periods with reports. */
  times: z.array(z.number().int()),
  /** Per numeric telemetry field, its average in each period (null where a period lacks the field). */
  fields: z.record(z.string(), z.array(z.number().nullable())),
  /** How many reports the periods average. */
  reports: z.number().int(),
});
export type TelemetrySeries = z.infer<typeof telemetrySeries>;

export const telemetryRecord = z.object({
  deviceTime: z.string(),
  receivedAt: z.string(),
  data: kindData,
});

export const trackPoint = z.object({
  gpsTime: z.string(),
  receivedAt: z.string(),
  lat: z.number(),
  lng: z.number(),
  speed: z.number(),
  alarmInfo: z.string(),
  alarmValue: z.number().nullable(),
});
export type TrackPoint = z.infer<typeof trackPoint>;

export const workingDay = z.object({
  /** `YYYY-MM-DD` in the user's time zone. */
  date: z.string(),
  /** Hours on the machine's hour meter that day. */
  hours: z.number(),
  /** Those hours as a share of the day, 0-100 %. */
  utilisationPct: z.number(),
});

export const ALARM_STATES = ['open', 'ended'] as const;

export const deviceAlarm = z.object({
  id: z.number().int(),
  type: z.string(),
  typeLabel: z.string(),
  info: z.string(),
  /** 1 notice, 2 warning, 3 critical. */
  level: z.number().int(),
  value: z.number().nullable(),
  startedAt: z.string(),
  endedAt: z.string(),
  handledAt: z.string(),
});
export type DeviceAlarm = z.infer<typeof deviceAlarm>;

export const deviceDetailEndpoints = {
  detail: defineEndpoint({
    method: 'GET',
    path: '/deviceDetail/get.do',
    summary: 'One machine in the user scope: its registry row, latest telemetry, position, parameters and lock state',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: z.object({ id: idParam }),
    body: noInput,
    response: deviceDetail,
  }),
  series: defineEndpoint({
    method: 'GET',
    path: '/deviceDetail/series.do',
    summary:
      'A machine’s telemetry averaged per period (1 or 5 minutes, wider when the range would give more than 1000 ' +
      'points) within one calendar month (a mower: one day); empty says “no data in this time period”',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: historyRange.extend({
      period: z.coerce
        .number()
        .pipe(z.literal(CHART_PERIODS, { error: 'validation.invalid' }))
        .default(5),
    }),
    body: noInput,
    response: telemetrySeries,
  }),
  records: defineEndpoint({
    method: 'GET',
    path: '/deviceDetail/records.do',
    summary:
      'A machine’s raw reports, newest first, within one calendar month (a mower: one day), at most 1000 per query',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: historyRange,
    body: noInput,
    response: z.object({
      list: z.array(telemetryRecord),
      /** More reports lie in the range than one query carries: narrow it to see them. */
      truncated: z.boolean(),
    }),
  }),
  track: defineEndpoint({
    method: 'GET',
    path: '/deviceDetail/track.do',
    summary:
      'A machine’s track points, oldest first, within one calendar month (a mower: one day), at most 1000 per query',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: historyRange,
    body: noInput,
    response: z.object({ list: z.array(trackPoint), truncated: z.boolean() }),
  }),
  workingHours: defineEndpoint({
    method: 'GET',
    path: '/deviceDetail/workingHours.do',
    summary: 'A machine’s working hours and utilisation per calendar day within one month, from its hour meter',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: historyRange,
    body: noInput,
    response: z.object({ days: z.array(workingDay), totalHours: z.number(), hourMeter: z.boolean() }),
  }),
  alarms: defineEndpoint({
    method: 'GET',
    path: '/deviceDetail/alarms.do',
    summary: 'A machine’s alarms, newest first, open or ended, started within an optional time range',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: pageQuery.extend({
      id: idParam,
      state: z.enum(ALARM_STATES, { error: 'validation.invalid' }).optional(),
      from: instant.optional(),
      to: instant.optional(),
    }),
    body: noInput,
    response: paged(deviceAlarm),
  }),
} as const;
