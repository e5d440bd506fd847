import { z } from 'zod';
import { MACHINE_KINDS, type MachineKind } from '../codes/machine-kinds.ts';
import type { DeviceStatus } from '../codes/device-status.ts';
import { STATUS } from '../codes/device-state.ts';
import { TO_BE_RENEWED_DAYS } from '../codes/device-conditions.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { deviceListQuery } from './devices.ts';
import { deviceScreens } from '../screens/devices.ts';
import { href } from '../screens/screen.ts';

/**
 * The device management home (/dashboard) and the fleet map. Every figure counts machines in the user's
 * scope and is the total of the device list filtered the same way, so each number links to that list.
 */

/**
 * The machine states of the home and the device overview, in display order: a partition, each machine in exactly one
 * (off line; on line with its controller silent; else by what the machine is doing), so the states add up to the
 * machines. Each is a device list status filter (hasStatus), which holds for exactly the machines counted; "on line"
 * is not a state of its own (it is the machines less the offline).
 */
export const FLEET_STATES = ['offline', 'deviceOffline', 'working', 'standby', 'stopped'] as const;
export type FleetState = (typeof FLEET_STATES)[number];

/** Conditions counted apart from the states: a machine in any state may hold none, one or several of them. */
export const FLEET_CONDITIONS = ['alarm', 'locked', 'toBeRenewed'] as const;
export type FleetCondition = (typeof FLEET_CONDITIONS)[number];

export type FleetFigure = FleetState | FleetCondition;

/** "To be renewed": connectivity service expiring within this many days (the machines' toBeRenewed condition). */
export const RENEWAL_FIGURE_DAYS = TO_BE_RENEWED_DAYS;

/** The device status filter code (contract/codes/device-state.ts hasStatus) behind each figure but toBeRenewed. */
export const FIGURE_STATUS = {
  offline: STATUS.offline,
  deviceOffline: STATUS.deviceOffline,
  working: STATUS.working,
  standby: STATUS.standby,
  stopped: STATUS.stopped,
  alarm: STATUS.alarm,
  locked: STATUS.locked,
} as const satisfies Record<Exclude<FleetFigure, 'toBeRenewed'>, DeviceStatus>;

/** The device list filter behind a figure: `{ status: <code> }`, or `{ expiry: 30 }` for toBeRenewed. */
export function figureFilter(figure: FleetFigure): { status: DeviceStatus } | { expiry: number } {
  return figure === 'toBeRenewed' ? { expiry: RENEWAL_FIGURE_DAYS } : { status: FIGURE_STATUS[figure] };
}

/** The device list URL behind a figure (`/deviceManagement?status=<code>` or `?expiry=30`) or a kind (`?kind=`). */
export function deviceListHref(filter: { figure: FleetFigure } | { kind: MachineKind } | 'all'): string {
  if (filter === 'all') return href(deviceScreens.list);
  if ('kind' in filter) return href(deviceScreens.list, { kind: filter.kind });
  return href(deviceScreens.list, figureFilter(filter.figure));
}

const count = z.number().int().min(0);
const machineKind = z.enum(MACHINE_KINDS);

export const fleetFigures = z.object({
  total: count,
  /** A partition: every machine in exactly one state, so the states add up to `total`. */
  byState: z.object(Object.fromEntries(FLEET_STATES.map((s) => [s, count])) as Record<FleetState, typeof count>),
  /** Machines holding each condition, whatever their state (they overlap the states and one another). */
  conditions: z.object(
    Object.fromEntries(FLEET_CONDITIONS.map((c) => [c, count])) as Record<FleetCondition, typeof count>,
  ),
  /** Every machine kind, in the order of MACHINE_KINDS, zero included. */
  byKind: z.array(z.object({ kind: machineKind, total: count })),
});
export type FleetFigures = z.infer<typeof fleetFigures>;

export const recentAlarm = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  kind: machineKind,
  /** 1 notice, 2 warning, 3 critical. */
  level: z.number().int(),
  /** Localised type and text, as the bell shows them. */
  alarmType: z.string(),
  alarmInfo: z.string(),
  /** Start time in the request's time zone. */
  alarmTime: z.string(),
});
export type RecentAlarm = z.infer<typeof recentAlarm>;

export const UTILISATION_DAYS = 7;

export const utilisation = z.object({
  /** The last seven days of the viewer's organisation's calendar, oldest first, today last (so far). */
  days: z.array(
    z.object({
      /** YYYY-MM-DD */
      date: z.string(),
      /** Working hours of the machines in scope that day, from the daily work (the work analysis's figure). */
      hours: z.number().min(0),
      /** Machines that worked that day. */
      machines: count,
    }),
  ),
  /** Machines working now (status filter 6) against all machines, per kind, every kind included. */
  byKind: z.array(z.object({ kind: machineKind, total: count, working: count })),
});
export type Utilisation = z.infer<typeof utilisation>;

/**
 * Every placed machine in scope, column by column (10,000+ points stay small and parse fast): row i is
 * ids[i], serials[i] ... Positions are WGS-84, rounded to 1e-5 degrees (about a metre).
 */
export const fleetPositions = z.object({
  ids: z.array(z.number().int()),
  serials: z.array(z.string()),
  names: z.array(z.string()),
  kinds: z.array(machineKind),
  /** The primary status code 1-9 (contract/codes/device-state.ts primaryStatus). */
  statuses: z.array(z.number().int()),
  lats: z.array(z.number()),
  lngs: z.array(z.number()),
  /** Machines in scope that have reported no position yet (not on the map). */
  unplaced: count,
});
export type FleetPositions = z.infer<typeof fleetPositions>;

/** The device list's filters (no paging): the list's map view shows the machines the list shows. */
export const positionsQuery = deviceListQuery.omit({ page: true, pageSize: true, sortField: true, sortOrder: true });
export type PositionsFilter = z.input<typeof positionsQuery>;

/** A tile server: a Leaflet URL template (`{z}/{x}/{y}`, `{s}` for a subdomain); empty when none is configured. */
const tileSource = z.object({
  url: z.string(),
  subdomains: z.string(),
  attribution: z.string(),
  maxZoom: z.number().int(),
});
export type TileSource = z.infer<typeof tileSource>;

export const mapSettings = z.object({
  /** The global provider's tiles (WGS-84). */
  global: tileSource,
  /** The regional (mainland China) provider's tiles, drawn in GCJ-02. */
  regional: tileSource,
});
export type MapSettings = z.infer<typeof mapSettings>;

/** How many places one search answers. */
export const PLACE_RESULTS = 10;

/**
 * A place to centre a map on (the fence editor's search): an address the user's machines report from, at the
 * centre of those machines, or one machine. No geocoding service is reached (the console works offline).
 */
export const knownPlace = z.object({
  kind: z.enum(['address', 'machine']),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Machines in scope at that address (1 for a machine). */
  machines: count,
});
export type KnownPlace = z.infer<typeof knownPlace>;

export const dashboardEndpoints = {
  figures: defineEndpoint({
    method: 'GET',
    path: '/dashboard/figures.do',
    summary:
      "Fleet figures of the user's scope: total, per machine state (adding up to the total), per condition and per kind",
    access: 'signedIn',
    scope: 'machines',
    query: noInput,
    body: noInput,
    response: fleetFigures,
  }),
  alarms: defineEndpoint({
    method: 'GET',
    path: '/dashboard/alarms.do',
    summary: "The most recent open alarms of the user's scope, with their machines",
    access: 'signedIn',
    scope: 'machines',
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    body: noInput,
    response: z.object({ count, list: z.array(recentAlarm) }),
  }),
  utilisation: defineEndpoint({
    method: 'GET',
    path: '/dashboard/utilisation.do',
    summary:
      'Working hours per day over the last 7 days (from the daily work table) and the share of machines working now',
    access: 'signedIn',
    scope: 'machines',
    query: noInput,
    body: noInput,
    response: utilisation,
  }),
  positions: defineEndpoint({
    method: 'GET',
    path: '/dashboard/positions.do',
    summary: "Map positions of the machines in the user's scope (columnar), filtered as the device list is",
    access: 'signedIn',
    scope: 'machines',
    query: positionsQuery,
    body: noInput,
    response: fleetPositions,
  }),
  places: defineEndpoint({
    method: 'GET',
    path: '/dashboard/places.do',
    summary:
      "Places known to the console whose name contains the keyword: addresses the user's machines report from " +
      '(at their centre) and machines by serial or name, WGS-84',
    access: 'signedIn',
    scope: 'machines',
    query: z.object({ keyword: z.string().trim().min(1, { error: 'validation.required' }).max(60) }),
    body: noInput,
    response: z.object({ list: z.array(knownPlace) }),
  }),
  mapSettings: defineEndpoint({
    method: 'GET',
    path: '/dashboard/mapSettings.do',
    summary: "The map providers' tile servers (server settings MAP_TILES_GLOBAL and MAP_TILES_REGIONAL)",
    access: 'signedIn',
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: mapSettings,
  }),
} as const;
