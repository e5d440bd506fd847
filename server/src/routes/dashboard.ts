import { asc, sql, type SQL } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import {
  dashboardEndpoints,
  FIGURE_STATUS,
  FLEET_FIGURES,
  RENEWAL_FIGURE_DAYS,
  type FleetFigure,
} from '@console/contract/http/dashboard';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { deviceScope } from '../lib/scope.ts';
import { openAlarmsInScope } from '../lib/open-alarms.ts';
import { formatInZone } from '../lib/time.ts';
import { workingHoursByDay } from './dashboard-utilisation.ts';
import { expiryFilter, statusFilter } from './device-list.ts';

/** A figure's machines: the same filter as the device list it links to, so the two counts agree. */
export function figureCondition(figure: FleetFigure, now: number): SQL {
  return figure === 'toBeRenewed' ? expiryFilter(RENEWAL_FIGURE_DAYS, now) : statusFilter(FIGURE_STATUS[figure]);
}

export const countWhere = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/** One row per machine kind, in the contract's order, with zero for the kinds the scope has none of. */
function everyKind<T>(rows: Map<string, T>, empty: T): (T & { kind: MachineKind })[] {
  return MACHINE_KINDS.map((kind) => ({ ...(rows.get(kind) ?? empty), kind }));
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

export const dashboardRoutes: RouteDef[] = [
  route(dashboardEndpoints.figures, ({ user, deps }) => {
    const { db } = deps.dbh;
    const now = deps.now();
    const scope = deviceScope(db, user);
    const columns = Object.fromEntries(FLEET_FIGURES.map((f) => [f, countWhere(figureCondition(f, now))]));
    const totals = db
      .select({ total: sql<number>`count(*)`, ...columns })
      .from(devices)
      .where(scope)
      .get() as Record<FleetFigure | 'total', number>;
    const kinds = db
      .select({ kind: devices.kind, total: sql<number>`count(*)` })
      .from(devices)
      .where(scope)
      .groupBy(devices.kind)
      .all();
    const { total, ...byStatus } = totals;
    return {
      total,
      byStatus,
      byKind: everyKind(new Map(kinds.map((k) => [k.kind, { total: k.total }])), { total: 0 }),
    };
  }),

  route(dashboardEndpoints.alarms, ({ query, user, deps, lang, timeZone }) => {
    const { db } = deps.dbh;
    const { count, rows } = openAlarmsInScope(db, user, query.limit);
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

  route(dashboardEndpoints.utilisation, ({ user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const scope = deviceScope(db, user);
    const kinds = db
      .select({ kind: devices.kind, total: sql<number>`count(*)`, working: countWhere(statusFilter(6)) })
      .from(devices)
      .where(scope)
      .groupBy(devices.kind)
      .all();
    return {
      days: workingHoursByDay(db, scope, deps.now(), timeZone),
      byKind: everyKind(new Map(kinds.map((k) => [k.kind, { total: k.total, working: k.working }])), {
        total: 0,
        working: 0,
      }),
    };
  }),

  route(dashboardEndpoints.positions, ({ user, deps }) => {
    const { db } = deps.dbh;
    const rows = db
      .select({
        id: devices.id,
        serial: devices.serialNumber,
        name: devices.deviceName,
        kind: devices.kind,
        status: devices.status,
        lat: devices.lat,
        lng: devices.lng,
      })
      .from(devices)
      .where(deviceScope(db, user))
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
