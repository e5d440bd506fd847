import { eq, inArray, sql } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { FLEET_FIGURES, type FleetFigure } from '@console/contract/http/dashboard';
import { deviceOverviewEndpoints } from '@console/contract/http/device-overview';
import { kindData, type KindData } from '@console/contract/mqtt/payloads';
import { route, type RouteDef } from '../lib/route.ts';
import { deviceScope } from '../lib/scope.ts';
import { countWhere, figureCondition } from './dashboard.ts';
import { inDeviceScope } from './device-access.ts';
import { listDevices } from './device-list.ts';

/** A stored reading as the contract has it; one that no longer fits (an older protocol) shows as none. */
const reading = (value: unknown): KindData | null => {
  const parsed = kindData.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export const deviceOverviewRoutes: RouteDef[] = [
  // The device list's query and rows, narrowed to one kind, with each machine's latest readings beside.
  route(deviceOverviewEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const page = listDevices(db, user, query, timeZone, deps.now());
    const ids = page.list.map((row) => row.id);
    const latest = new Map(
      (ids.length
        ? db.select({ id: devices.id, latest: devices.latest }).from(devices).where(inArray(devices.id, ids)).all()
        : []
      ).map((row) => [row.id, reading(row.latest)]),
    );
    return { ...page, list: page.list.map((row) => ({ ...row, latest: latest.get(row.id) ?? null })) };
  }),

  // The same figures as the fleet home, for one kind, so each links to the device list filtered alike.
  route(deviceOverviewEndpoints.figures, ({ query, user, deps }) => {
    const { db } = deps.dbh;
    const now = deps.now();
    const columns = Object.fromEntries(FLEET_FIGURES.map((f) => [f, countWhere(figureCondition(f, now))]));
    const totals = db
      .select({ total: sql<number>`count(*)`, ...columns })
      .from(devices)
      .where(inDeviceScope(db, user, eq(devices.kind, query.kind)))
      .get() as Record<FleetFigure | 'total', number>;
    const kinds = new Map(
      db
        .select({ kind: devices.kind, total: sql<number>`count(*)` })
        .from(devices)
        .where(deviceScope(db, user))
        .groupBy(devices.kind)
        .all()
        .map((row) => [row.kind, row.total]),
    );
    const { total, ...byStatus } = totals;
    return {
      kind: query.kind,
      total,
      byStatus,
      byKind: MACHINE_KINDS.map((k) => ({ kind: k, total: kinds.get(k) ?? 0 })),
    };
  }),
];
