import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { workOrders } from '@console/db/schema/work-orders';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { route, type RouteDef } from '../../lib/route.ts';
import { startOfDayInZone } from '../../lib/time.ts';
import { visibleOrders, workOrderScope } from '../../work-orders/access.ts';
import { toDetail, toRows } from '../../work-orders/view.ts';
import { likeText } from '../peripherals/shared.ts';
import { sortColumn } from '../../lib/sorting.ts';

const DAY_MS = 24 * 3600 * 1000;

const SORTS = {
  number: workOrders.number,
  createdAt: workOrders.createdAt,
  updatedAt: workOrders.updatedAt,
  level: workOrders.level,
  status: workOrders.status,
} as const;

export const workOrderListRoutes: RouteDef[] = [
  route(workOrderEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const day = (value: string | undefined) => (value ? startOfDayInZone(value, timeZone) : undefined);
    const from = day(query.from);
    const to = day(query.to);
    const where: SQL = and(
      workOrderScope(db, user),
      query.keyword
        ? or(
            likeText(workOrders.number, query.keyword),
            likeText(workOrders.title, query.keyword),
            likeText(workOrders.phone, query.keyword),
          )
        : undefined,
      query.status !== undefined ? eq(workOrders.status, query.status) : undefined,
      query.open === '1' ? ne(workOrders.status, WO_STATUS.resolved) : undefined,
      query.open === '0' ? eq(workOrders.status, WO_STATUS.resolved) : undefined,
      query.type !== undefined ? eq(workOrders.type, query.type) : undefined,
      query.level !== undefined ? eq(workOrders.level, query.level) : undefined,
      query.source ? eq(workOrders.source, query.source) : undefined,
      query.assigneeId ? eq(workOrders.assigneeId, query.assigneeId) : undefined,
      query.serialNumber ? likeText(devices.serialNumber, query.serialNumber) : undefined,
      query.deviceId ? eq(workOrders.deviceId, query.deviceId) : undefined,
      query.deviceKind ? eq(workOrders.deviceKind, query.deviceKind) : undefined,
      from !== undefined ? gte(workOrders.createdAt, new Date(from)) : undefined,
      to !== undefined ? lt(workOrders.createdAt, new Date(to + DAY_MS)) : undefined,
    )!;
    const total = db
      .select({ n: count() })
      .from(workOrders)
      .innerJoin(devices, eq(devices.id, workOrders.deviceId))
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const column = sortColumn(SORTS, query.sortField) ?? workOrders.createdAt;
    const ids = db
      .select({ id: workOrders.id })
      .from(workOrders)
      .innerJoin(devices, eq(devices.id, workOrders.deviceId))
      .where(where)
      .orderBy(order(column), order(workOrders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all()
      .map((r) => r.id);
    const rows = ids.length === 0 ? [] : db.select().from(workOrders).where(inArray(workOrders.id, ids)).all();
    const sorted = ids.map((id) => rows.find((r) => r.id === id)!);
    return { list: toRows(db, user, sorted, timeZone), total, page: query.page, pageSize: query.pageSize };
  }),

  route(workOrderEndpoints.detail, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const [order] = visibleOrders(db, user, [query.id]);
    return toDetail(db, user, order!, timeZone);
  }),
];
