import { and, eq, gte, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { workOrders } from '@console/db/schema/work-orders';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { keywordIn, textContains } from '../../lib/search.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { startOfDayInZone } from '../../lib/time.ts';
import { visibleOrders, workOrderScope } from '../../work-orders/access.ts';
import { toDetail, toRows } from '../../work-orders/view.ts';
import { sortColumn } from '../../lib/sorting.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';

const DAY_MS = 24 * 3600 * 1000;

const SORTS = {
  number: workOrders.number,
  createdAt: workOrders.createdAt,
  updatedAt: workOrders.updatedAt,
  level: workOrders.level,
  status: workOrders.status,
} as const;

export const workOrderListRoutes: RouteDef[] = [
  route(workOrderEndpoints.list, async ({ query, user, data, deps, timeZone }) => {
    const day = (value: string | undefined) => (value ? startOfDayInZone(value, timeZone) : undefined);
    const from = day(query.from);
    const to = day(query.to);
    const where: SQL = and(
      keywordIn(data.dialect, [workOrders.number, workOrders.title, workOrders.phone], query.keyword),
      query.status !== undefined ? eq(workOrders.status, query.status) : undefined,
      query.open === '1' ? ne(workOrders.status, WO_STATUS.resolved) : undefined,
      query.open === '0' ? eq(workOrders.status, WO_STATUS.resolved) : undefined,
      query.type !== undefined ? eq(workOrders.type, query.type) : undefined,
      query.level !== undefined ? eq(workOrders.level, query.level) : undefined,
      query.source ? eq(workOrders.source, query.source) : undefined,
      query.assigneeId ? eq(workOrders.assigneeId, query.assigneeId) : undefined,
      textContains(data.dialect, devices.serialNumber, query.serialNumber),
      query.deviceId ? eq(workOrders.deviceId, query.deviceId) : undefined,
      query.deviceKind ? eq(workOrders.deviceKind, query.deviceKind) : undefined,
      from !== undefined ? gte(workOrders.createdAt, new Date(from)) : undefined,
      to !== undefined ? lt(workOrders.createdAt, new Date(to + DAY_MS)) : undefined,
    )!;
    const by = sortDirection(query);
    const column = sortColumn(SORTS, query.sortField) ?? workOrders.createdAt;
    // The page's ids first (a narrow sort), then their rows.
    const { rows: page, ...paging } = await listPage(
      data,
      query,
      data
        .select({ id: workOrders.id })
        .from(workOrders, workOrderScope(data, user))
        .innerJoin(devices, eq(devices.id, workOrders.deviceId))
        .where(where),
      [by(column), by(workOrders.id)],
    );
    const ids = page.map((r) => r.id);
    const rows =
      ids.length === 0
        ? []
        : await data.select().from(workOrders, workOrderScope(data, user)).where(inArray(workOrders.id, ids)).all();
    const sorted = ids.map((id) => rows.find((r) => r.id === id)!);
    // A payment is in the currency of the organisation keeping the order (decision 064), whichever console reads it.
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    return { list: await toRows(data, user, sorted, timeZone, moneyOf), ...paging };
  }),

  route(workOrderEndpoints.detail, async ({ query, user, data, deps, timeZone }) => {
    const [order] = await visibleOrders(data, user, [query.id]);
    return toDetail(data, user, order!, timeZone, await moneyOfOrgs(deps, data.unscoped('alreadyScoped')));
  }),
];
