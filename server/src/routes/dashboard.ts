import { and, asc, avg, count, isNotNull, sql, type SQL } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import {
  dashboardEndpoints,
  FIGURE_STATUS,
  figureFilter,
  FLEET_CONDITIONS,
  FLEET_STATES,
  PLACE_RESULTS,
  type FleetFigure,
  type FleetFigures,
  type FleetPositions,
} from '@console/contract/http/dashboard';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';
import type { ScopedData } from '../lib/data.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { openAlarmsInScope } from '../lib/open-alarms.ts';
import { keywordIn, textContains } from '../lib/search.ts';
import { formatInZone } from '../lib/time.ts';
import { workingHoursByDay } from './dashboard-utilisation.ts';
import { expiryFilter, listWhere, statusFilter } from './device-list.ts';

/** A figure's machines: the same filter as the device list it links to, so the two counts agree. */
function figureCondition(figure: FleetFigure, today: string): SQL {
  const filter = figureFilter(figure);
  return 'status' in filter ? statusFilter(filter.status) : expiryFilter(filter.expiry, today);
}

export const countWhere = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/**
 * The machines in scope (narrowed by `where`) in all, per state (a partition: they add up to the total) and per
 * condition, each counted by its device list filter (the home and the device overview).
 */
export async function stateFigures(
  data: ScopedData,
  where: SQL | undefined,
  today: string,
): Promise<Pick<FleetFigures, 'total' | 'byState' | 'conditions'>> {
  const figures: readonly FleetFigure[] = [...FLEET_STATES, ...FLEET_CONDITIONS];
  const row = (await data
    .select({
      total: sql<number>`count(*)`,
      ...Object.fromEntries(figures.map((f) => [f, countWhere(figureCondition(f, today))])),
    })
    .from(devices, data.deviceScope())
    .where(where)
    .get()) as Record<FleetFigure | 'total', number>;
  const pick = <F extends FleetFigure>(keys: readonly F[]) =>
    Object.fromEntries(keys.map((f) => [f, row[f]])) as Record<F, number>;
  return { total: row.total, byState: pick(FLEET_STATES), conditions: pick(FLEET_CONDITIONS) };
}

/** One row per machine kind, in the contract's order, with zero for the kinds the scope has none of. */
function everyKind<T>(rows: Map<string, T>, empty: T): (T & { kind: MachineKind })[] {
  return MACHINE_KINDS.map((kind) => ({ ...(rows.get(kind) ?? empty), kind }));
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** The placed machines in scope under `where`, columnar (the fleet map's load: the home, the big screens). */
export async function fleetPositionsOf(data: ScopedData, where: SQL | undefined): Promise<FleetPositions> {
  const rows = await data
    .select({
      id: devices.id,
      serial: devices.serialNumber,
      name: devices.deviceName,
      kind: devices.kind,
      status: devices.status,
      lat: devices.lat,
      lng: devices.lng,
    })
    .from(devices, data.deviceScope())
    .where(where)
    .orderBy(asc(devices.id))
    .all();
  const placed = rows.filter((r) => r.lat !== null && r.lng !== null);
  return {
    ids: placed.map((r) => r.id),
    serials: placed.map((r) => r.serial),
    names: placed.map((r) => r.name),
    kinds: placed.map((r) => r.kind),
    statuses: placed.map((r) => r.status),
    lats: placed.map((r) => round5(r.lat!)),
    lngs: placed.map((r) => round5(r.lng!)),
    unplaced: rows.length - placed.length,
  };
}

export const dashboardRoutes: RouteDef[] = [
  route(dashboardEndpoints.figures, async ({ data, today }) => {
    // The renewal figure counts expiry days on the viewer's organisation's today, as the device list it links to does.
    const figures = await stateFigures(data, undefined, today());
    const kinds = await data
      .select({ kind: devices.kind, total: sql<number>`count(*)` })
      .from(devices, data.deviceScope())
      .groupBy(devices.kind)
      .all();
    return {
      ...figures,
      byKind: everyKind(new Map(kinds.map((k) => [k.kind, { total: k.total }])), { total: 0 }),
    };
  }),

  route(dashboardEndpoints.alarms, async ({ query, data, lang, timeZone }) => {
    const { count, rows } = await openAlarmsInScope(data, query.limit);
    return {
      count,
      list: rows.map(({ alarm, device }) => ({
        id: alarm.id,
        deviceId: device.id,
        serialNumber: device.serialNumber,
        deviceName: device.deviceName,
        kind: device.kind,
        level: alarm.level,
        alarmType: alarmTypeLabel(lang, alarm.type),
        alarmInfo: alarmInfo(lang, alarm.type, alarm.value, device.serialNumber),
        alarmTime: formatInZone(alarm.startedAt, timeZone),
      })),
    };
  }),

  route(dashboardEndpoints.utilisation, async ({ data, deps, user }) => {
    const kinds = await data
      .select({
        kind: devices.kind,
        total: sql<number>`count(*)`,
        working: countWhere(statusFilter(FIGURE_STATUS.working)),
      })
      .from(devices, data.deviceScope())
      .groupBy(devices.kind)
      .all();
    return {
      days: await workingHoursByDay(data, user, deps.now()),
      byKind: everyKind(new Map(kinds.map((k) => [k.kind, { total: k.total, working: k.working }])), {
        total: 0,
        working: 0,
      }),
    };
  }),

  route(dashboardEndpoints.positions, async ({ query, data, today }) =>
    fleetPositionsOf(data, listWhere(data.dialect, query, today())),
  ),

  // Offline there is no geocoder: the places the console knows are where the user's machines are.
  route(dashboardEndpoints.places, async ({ query, data }) => {
    const placed = data.narrow(data.deviceScope(), and(isNotNull(devices.lat), isNotNull(devices.lng)));
    const addresses = await data
      .select({ label: devices.location, lat: avg(devices.lat), lng: avg(devices.lng), machines: count() })
      .from(devices, placed)
      .where(textContains(data.dialect, devices.location, query.keyword))
      .groupBy(devices.location)
      .orderBy(asc(devices.location))
      .limit(PLACE_RESULTS)
      .all();
    const machines = await data
      .select({ serial: devices.serialNumber, name: devices.deviceName, lat: devices.lat, lng: devices.lng })
      .from(devices, placed)
      .where(keywordIn(data.dialect, [devices.serialNumber, devices.deviceName, devices.hostName], query.keyword))
      .orderBy(asc(devices.serialNumber))
      .limit(PLACE_RESULTS)
      .all();
    return {
      list: [
        ...addresses.map((a) => ({
          kind: 'address' as const,
          label: a.label,
          lat: round5(Number(a.lat)),
          lng: round5(Number(a.lng)),
          machines: a.machines,
        })),
        ...machines.map((m) => ({
          kind: 'machine' as const,
          label: `${m.serial} · ${m.name}`,
          lat: round5(m.lat!),
          lng: round5(m.lng!),
          machines: 1,
        })),
      ].slice(0, PLACE_RESULTS),
    };
  }),

  route(dashboardEndpoints.mapSettings, ({ deps }) => ({
    global: tileSource(deps.env.MAP_TILES_GLOBAL, 'abc', 19, {
      host: 'tile.openstreetmap.org',
      attribution: '© OpenStreetMap contributors',
    }),
    regional: tileSource(deps.env.MAP_TILES_REGIONAL, '1234', 18, {
      host: 'autonavi.com',
      attribution: '© AutoNavi',
    }),
  })),
];

/** A tile server's settings; its attribution is the provider's own for the default servers, else its host name. */
function tileSource(url: string, subdomains: string, maxZoom: number, known: { host: string; attribution: string }) {
  const host = url ? new URL(url.replace(/[{}]/g, '')).hostname : '';
  const attribution = host.endsWith(known.host) ? known.attribution : host;
  return { url, subdomains, attribution, maxZoom };
}
