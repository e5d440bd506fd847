import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { shopOrderEvents, shopOrders } from '@console/db/schema/shop-orders';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { startOfDayInZone } from '../../lib/time.ts';
import { orderIn, orderScope } from './access.ts';
import { presentEvents, presentOrders } from './present.ts';

export const listRoutes: RouteDef[] = [
  route(shopOrderEndpoints.list, async (ctx) => {
    const { query, data, user, timeZone } = ctx;
    const scope = orderScope(data);
    // Every filter but the state: the tabs count the orders of each state under them.
    const filtered = and(
      query.side === 'bought' ? eq(shopOrders.orgId, user.orgId) : undefined,
      query.side === 'sold' ? eq(shopOrders.sellerOrgId, user.orgId) : undefined,
      query.keyword
        ? sql`(${keywordIn(
            data.dialect,
            [
              shopOrders.number,
              shopOrders.productName,
              shopOrders.receiver,
              shopOrders.receiverPhone,
              shopOrders.courierNumber,
              shopOrders.serials,
            ],
            query.keyword,
          )})`
        : undefined,
      query.from ? gte(shopOrders.createdAt, new Date(startOfDayInZone(query.from, timeZone))) : undefined,
      query.to ? lt(shopOrders.createdAt, new Date(startOfDayInZone(addDaysToDay(query.to, 1), timeZone))) : undefined,
    );
    const stateCounts = Object.fromEntries(
      (
        await data
          .select({ state: shopOrders.state, n: count() })
          .from(shopOrders, scope)
          .where(filtered)
          .groupBy(shopOrders.state)
          .all()
      ).map((r) => [r.state, r.n]),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select()
        .from(shopOrders, scope)
        .where(and(filtered, query.state ? eq(shopOrders.state, query.state) : undefined)),
      listOrder(
        query,
        { createdAt: shopOrders.createdAt, payCents: shopOrders.payCents, paidAt: shopOrders.paidAt },
        shopOrders.id,
        [desc(shopOrders.id)],
      ),
    );
    return { list: await presentOrders(ctx, rows), ...paging, stateCounts };
  }),

  route(shopOrderEndpoints.detail, async (ctx) => {
    const order = await orderIn(ctx.data, ctx.query.id);
    const events = await ctx.data
      .unscoped('alreadyScoped')
      .select()
      .from(shopOrderEvents)
      .where(eq(shopOrderEvents.orderId, order.id))
      .orderBy(asc(shopOrderEvents.at), asc(shopOrderEvents.id))
      .all();
    return { order: (await presentOrders(ctx, [order]))[0]!, events: await presentEvents(ctx, events) };
  }),
];
