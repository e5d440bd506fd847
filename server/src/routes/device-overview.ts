import { eq, inArray, sql } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { deviceOverviewEndpoints } from '@console/contract/http/device-overview';
import { kindData, type KindData } from '@console/contract/mqtt/payloads';
import { route, type RouteDef } from '../lib/route.ts';
import { stateFigures } from './dashboard.ts';
import { listDevices } from './device-list.ts';

/** A stored reading as the contract has it; one that no longer fits (an older protocol) shows as none. */
const reading = (value: unknown): KindData | null => {
  const parsed = kindData.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export const deviceOverviewRoutes: RouteDef[] = [
  // The device list's query and rows, narrowed to one kind, with each machine's latest readings beside.
  route(deviceOverviewEndpoints.list, async ({ query, user, data, timeZone, today }) => {
    const page = await listDevices(data, user, query, timeZone, today());
    const ids = page.list.map((row) => row.id);
    const latest = new Map(
      (ids.length
        ? await data
            .select({ id: devices.id, latest: devices.latest })
            .from(devices, data.deviceScope())
            .where(inArray(devices.id, ids))
            .all()
        : []
      ).map((row) => [row.id, reading(row.latest)]),
    );
    return { ...page, list: page.list.map((row) => ({ ...row, latest: latest.get(row.id) ?? null })) };
  }),

  // The same states and conditions as the fleet home, for one kind, so each links to the device list filtered alike.
  route(deviceOverviewEndpoints.figures, async ({ query, data, today }) => {
    const figures = await stateFigures(data, eq(devices.kind, query.kind), today());
    const kinds = new Map(
      (
        await data
          .select({ kind: devices.kind, total: sql<number>`count(*)` })
          .from(devices, data.deviceScope())
          .groupBy(devices.kind)
          .all()
      ).map((row) => [row.kind, row.total]),
    );
    return {
      kind: query.kind,
      ...figures,
      byKind: MACHINE_KINDS.map((k) => ({ kind: k, total: kinds.get(k) ?? 0 })),
    };
  }),
];
