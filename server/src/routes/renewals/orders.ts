import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { renewalAllows, RENEWAL_ACTIONS_OF, type RenewalAction } from '@console/contract/codes/renewals';
import { isMessageKey } from '@console/contract/messages/translate';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { renewalEndpoints, type RenewalOrderRow } from '@console/contract/http/renewals';
import { RENEWAL_ONLINE_PAYERS } from '@console/contract/access/renewals';
import { API_STATUS } from '@console/contract/http/envelope';
import { devices } from '@console/db/schema/devices';
import { renewalLines, renewalOrders, renewalPrices } from '@console/db/schema/renewals';
import { simCards } from '@console/db/schema/sim-cards';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { ApiError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type HandlerContext, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { unlockRenewed } from '../../risk/renewal-unlock.ts';
import { currencyFormat } from '../../lib/currencies.ts';
import { payerCurrency } from './currencies.ts';
import { mayPay } from './items.ts';
import { openPayments } from '../../renewals/open-payments.ts';
import { linesOf, settleOrder, type OrderRow, type Settled } from '../../renewals/settle.ts';
import { mapInOrder } from '@console/db/in-order';

type Ctx = Pick<HandlerContext<typeof renewalEndpoints.list>, 'data' | 'user' | 'timeZone' | 't' | 'deps'>;

/** The actions a user may take on an order now: the flow allows it, and paying is the operator's. */
function actionsOf(order: OrderRow, user: SessionUser): RenewalAction[] {
  return RENEWAL_ACTIONS_OF.filter((a) => renewalAllows(a, order.state) && (a !== 'pay' || mayPay(user)));
}

/** Orders as the lists show them. */
export async function presentOrders(ctx: Ctx, orders: OrderRow[]): Promise<RenewalOrderRow[]> {
  const { data, user, timeZone, t, deps } = ctx;
  const lines = await linesOf(
    data,
    orders.map((o) => o.id),
  );
  const owners = await orgNames(
    data,
    orders.map((o) => o.orgId),
  );
  const names = await userNames(
    data,
    orders.flatMap((o) => [o.createdBy, o.settledBy]),
  );
  const open = await openPayments(
    data,
    orders.map((o) => o.id),
  );
  const paysOnline = (RENEWAL_ONLINE_PAYERS as readonly number[]).includes(user.roleId);
  return orders.map((o) => {
    const own = lines.filter((l) => l.orderId === o.id);
    const failure = o.failure && isMessageKey(o.failure.key) ? t(o.failure.key, o.failure.params) : '';
    return {
      id: o.id,
      number: o.number,
      kind: o.kind,
      ownerName: owners.get(o.orgId) ?? '',
      months: o.months,
      money: currencyFormat(deps, o.currency),
      itemCount: own.length,
      labels: own
        .slice(0, 5)
        .map((l) => l.label)
        .join(', ')
        .concat(own.length > 5 ? ` … (+${own.length - 5})` : ''),
      totalCents: o.totalCents,
      state: o.state,
      paymentMethod: o.paymentMethod,
      paymentReference: o.paymentReference,
      note: o.note,
      failure,
      createdByName: names.get(o.createdBy) ?? '',
      createdAt: formatInZone(o.createdAt, timeZone),
      settledByName: o.settledBy ? (names.get(o.settledBy) ?? '') : '',
      settledAt: o.settledAt ? formatInZone(o.settledAt, timeZone) : '',
      actions: actionsOf(o, user),
      payUrl: open.get(o.id) ?? '',
      payOnline: paysOnline && o.state === 'pending' && o.orgId === user.orgId,
    };
  });
}

/** An order in scope, read inside the unit of work that changes it (so two payments cannot both pass). */
async function orderIn(tx: ScopedData, id: number): Promise<OrderRow> {
  const order = await tx
    .select()
    .from(renewalOrders, tx.orgScope(renewalOrders.orgId))
    .where(eq(renewalOrders.id, id))
    .get();
  if (!order) throw notFound();
  return order;
}

/** The items asked for, each the caller's (else not found) and in no other order waiting for payment. */
async function itemsToRenew(tx: ScopedWrite, kind: 'device' | 'sim', ids: number[]) {
  const wanted = [...new Set(ids)];
  const items =
    kind === 'device'
      ? await tx
          .select({ id: devices.id, orgId: devices.orgId, label: devices.serialNumber })
          .from(devices, tx.orgScope(devices.orgId))
          .where(inArray(devices.id, wanted))
          .all()
      : await tx
          .select({ id: simCards.id, orgId: simCards.orgId, label: simCards.iccid })
          .from(simCards, tx.orgScope(simCards.orgId))
          .where(inArray(simCards.id, wanted))
          .all();
  if (items.length !== wanted.length) throw notFound();
  const held = await tx
    .select({ itemId: renewalLines.itemId, number: renewalOrders.number })
    .from(
      renewalLines,
      tx.within(
        renewalLines.orderId,
        tx.select({ id: renewalOrders.id }).from(renewalOrders, tx.orgScope(renewalOrders.orgId)),
      ),
    )
    .innerJoin(renewalOrders, eq(renewalOrders.id, renewalLines.orderId))
    .where(and(eq(renewalOrders.kind, kind), eq(renewalOrders.state, 'pending'), inArray(renewalLines.itemId, wanted)))
    .orderBy(renewalLines.id)
    .get();
  if (held) {
    const label = items.find((i) => i.id === held.itemId)?.label ?? '';
    throw new ApiError(API_STATUS.conflict, 'renewal.alreadyPending', { label, number: held.number });
  }
  return items;
}

/**
 * The price of a period in a currency's list; a period the list lacks is not offered in that currency, and the
 * refusal names the currency (the operator may be renewing for companies of several).
 */
async function priceIn(tx: ScopedData, currency: string, kind: 'device' | 'sim', months: number): Promise<number> {
  const price = await tx
    .select({ priceCents: renewalPrices.priceCents })
    .from(renewalPrices, tx.shared('codeTable', sql`1 = 1`))
    .where(and(eq(renewalPrices.currency, currency), eq(renewalPrices.kind, kind), eq(renewalPrices.months, months)))
    .get();
  if (price) return price.priceCents;
  const issues = [{ path: 'months', message: 'renewal.noPrice' }];
  throw new ApiError(API_STATUS.invalid, 'renewal.noPriceIn', { currency, months }, { field: 'months', issues });
}

/** After the unit of work: unlock what the renewals freed, then refuse a failed settlement ('renewal failed'). */
async function afterSettling(
  deps: HandlerContext<typeof renewalEndpoints.pay>['deps'],
  settled: Settled[],
): Promise<void> {
  for (const { order, renewed } of settled) await unlockRenewed(deps, order, renewed);
}

function failedError(order: OrderRow): ApiError {
  return new ApiError(
    API_STATUS.conflict,
    order.failure && isMessageKey(order.failure.key) ? order.failure.key : 'renewal.failed',
    order.failure?.params ?? {},
  );
}

export const renewalOrderRoutes: RouteDef[] = [
  route(renewalEndpoints.create, async (ctx) => {
    const { body, user, data, deps, setMessage } = ctx;
    if (body.payNow && !mayPay(user)) throw invalidField('payNow', 'renewal.payNowNotAllowed');
    const now = deps.now();
    const settled = await data.write(async (tx) => {
      const items = await itemsToRenew(tx, body.kind, body.ids);
      // One order per owner: each company pays for its own machines and cards, in its brand's currency.
      const byOwner = new Map<number, typeof items>();
      for (const item of items) byOwner.set(item.orgId, [...(byOwner.get(item.orgId) ?? []), item]);
      const priced = await mapInOrder([...byOwner], async ([orgId, owned]) => {
        const currency = await payerCurrency(deps, tx, orgId);
        return { orgId, owned, currency, price: await priceIn(tx, currency, body.kind, body.months) };
      });
      const made: Settled[] = [];
      for (const { orgId, owned, currency, price } of priced) {
        const created = await tx
          .insert(renewalOrders)
          .values({
            number: randomUUID(),
            orgId,
            kind: body.kind,
            months: body.months,
            currency,
            totalCents: price * owned.length,
            note: body.note,
            createdBy: user.id,
            createdAt: new Date(now),
          })
          .returning()
          .get();
        const order = await tx
          .update(renewalOrders)
          .set({ number: `XF${String(created.id).padStart(8, '0')}` })
          .where(eq(renewalOrders.id, created.id))
          .returning()
          .get();
        await tx
          .insert(renewalLines)
          .values(owned.map((i) => ({ orderId: order.id, itemId: i.id, label: i.label, priceCents: price })))
          .run();
        made.push(
          body.payNow
            ? await settleOrder(tx, order, { method: 'recorded', reference: body.paymentReference, by: user.id, now })
            : { order, renewed: [] },
        );
      }
      return made;
    });
    await afterSettling(deps, settled);
    const failed = settled.find((s) => s.order.state === 'failed');
    if (failed) throw failedError(failed.order);
    setMessage(body.payNow ? 'renewal.renewed' : 'renewal.created');
    return {
      orders: await presentOrders(
        ctx,
        settled.map((s) => s.order),
      ),
    };
  }),

  route(renewalEndpoints.pay, async (ctx) => {
    const { body, user, data, deps, setMessage } = ctx;
    if (!mayPay(user)) throw invalidField('id', 'renewal.payNowNotAllowed');
    const settled = await data.write(async (tx) => {
      const order = await orderIn(tx, body.id);
      if (!renewalAllows('pay', order.state)) throw conflict();
      return settleOrder(tx, order, {
        method: 'recorded',
        reference: body.paymentReference,
        by: user.id,
        now: deps.now(),
      });
    });
    await afterSettling(deps, [settled]);
    if (settled.order.state === 'failed') throw failedError(settled.order);
    setMessage('renewal.renewed');
    return (await presentOrders(ctx, [settled.order]))[0]!;
  }),

  route(renewalEndpoints.cancel, async (ctx) => {
    const { body, data, setMessage, deps, user } = ctx;
    const order = await data.write(async (tx) => {
      const order = await orderIn(tx, body.id);
      if (!renewalAllows('cancel', order.state)) throw conflict();
      return tx
        .update(renewalOrders)
        .set({
          state: 'cancelled',
          failure: { key: 'renewal.cancelReason', params: { reason: body.reason } },
          settledBy: user.id,
          settledAt: new Date(deps.now()),
        })
        .where(eq(renewalOrders.id, order.id))
        .returning()
        .get();
    });
    setMessage('renewal.cancelled');
    return (await presentOrders(ctx, [order]))[0]!;
  }),

  route(renewalEndpoints.list, async (ctx) => {
    const { query, data, timeZone } = ctx;
    const scope = data.orgScope(renewalOrders.orgId);
    const holding = (condition: ReturnType<typeof and>) =>
      data.within(
        renewalOrders.id,
        data
          .select({ id: renewalLines.orderId })
          .from(
            renewalLines,
            data.within(renewalLines.orderId, data.select({ id: renewalOrders.id }).from(renewalOrders, scope)),
          )
          .where(condition),
      ).sql;
    const where = and(
      query.state ? eq(renewalOrders.state, query.state) : undefined,
      query.kind ? eq(renewalOrders.kind, query.kind) : undefined,
      query.keyword
        ? sql`(${keywordIn(data.dialect, [renewalOrders.number], query.keyword)} or ${holding(keywordIn(data.dialect, [renewalLines.label], query.keyword))})`
        : undefined,
      query.itemId ? holding(eq(renewalLines.itemId, query.itemId)) : undefined,
      // Days made, in the reader's calendar.
      query.from ? gte(renewalOrders.createdAt, new Date(startOfDayInZone(query.from, timeZone))) : undefined,
      query.to
        ? lt(renewalOrders.createdAt, new Date(startOfDayInZone(addDaysToDay(query.to, 1), timeZone)))
        : undefined,
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(renewalOrders, scope).where(where),
      listOrder(query, { createdAt: renewalOrders.createdAt, totalCents: renewalOrders.totalCents }, renewalOrders.id, [
        desc(renewalOrders.id),
      ]),
    );
    return { list: await presentOrders(ctx, rows), ...paging };
  }),

  route(renewalEndpoints.detail, async (ctx) => {
    const order = await orderIn(ctx.data, ctx.query.id);
    const lines = await linesOf(ctx.data, [order.id]);
    return {
      order: (await presentOrders(ctx, [order]))[0]!,
      lines: lines.map((l) => ({
        id: l.id,
        itemId: l.itemId,
        label: l.label,
        priceCents: l.priceCents,
        previousExpiry: l.previousExpiry ?? '',
        newExpiry: l.newExpiry ?? '',
        unlocked: l.unlockTaskId !== null,
      })),
    };
  }),
];
