import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { RenewalItemKind } from '@console/contract/codes/renewals';
import { renewalEndpoints, type RenewalItem } from '@console/contract/http/renewals';
import { RENEWAL_PAYERS } from '@console/contract/access/renewals';
import type { ParsedQueryOf } from '@console/contract/http/endpoint';
import { API_STATUS } from '@console/contract/http/envelope';
import { devices } from '@console/db/schema/devices';
import { renewalLines, renewalOrders, renewalPrices } from '@console/db/schema/renewals';
import { simCards } from '@console/db/schema/sim-cards';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { ApiError, forbidden } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { levelCode } from '../../risk/levels.ts';
import { expiryFilter, renewalWindow } from '../device-list.ts';
import { billedCurrencies } from '../../lib/currencies.ts';
import { payerCurrency, readerCurrencies } from './currencies.ts';
import { mapInOrder } from '@console/db/in-order';

/** The operator's finance and company administrator record payments and set prices (the operator sells the service). */
export const mayPay = (user: SessionUser) =>
  user.orgKind === 'operator' && (RENEWAL_PAYERS as readonly number[]).includes(user.roleId);

/** The price lists of these currencies (the operator's catalog, one list per currency). */
export function priceList(data: ScopedData, currencies: string[]) {
  return data
    .select({
      currency: renewalPrices.currency,
      kind: renewalPrices.kind,
      months: renewalPrices.months,
      priceCents: renewalPrices.priceCents,
    })
    .from(renewalPrices, data.shared('codeTable', sql`1 = 1`))
    .where(inArray(renewalPrices.currency, currencies))
    .orderBy(asc(renewalPrices.currency), asc(renewalPrices.kind), asc(renewalPrices.months))
    .all();
}

/** What the price dialog and the renew dialog read: the lists of the reader's currencies. */
async function priceLists(deps: AppDeps, data: ScopedData, user: SessionUser) {
  const currencies = await readerCurrencies(deps, data, user);
  return {
    currencies,
    list: await priceList(
      data,
      currencies.map((c) => c.currency.code),
    ),
    editable: mayPay(user),
  };
}

/** The orders waiting for payment that hold these items, and when each was last renewed. */
async function renewalsOf(data: ScopedData, kind: RenewalItemKind, ids: number[], timeZone: string) {
  if (ids.length === 0) return { pending: new Map<number, string>(), last: new Map<number, string>() };
  const orders = data.orgScope(renewalOrders.orgId);
  const pending = await data
    .select({ itemId: renewalLines.itemId, number: renewalOrders.number })
    .from(
      renewalLines,
      data.within(renewalLines.orderId, data.select({ id: renewalOrders.id }).from(renewalOrders, orders)),
    )
    .innerJoin(renewalOrders, eq(renewalOrders.id, renewalLines.orderId))
    .where(and(eq(renewalOrders.kind, kind), eq(renewalOrders.state, 'pending'), inArray(renewalLines.itemId, ids)))
    .all();
  const last = await data
    .select({ itemId: renewalLines.itemId, at: max(renewalOrders.settledAt) })
    .from(
      renewalLines,
      data.within(renewalLines.orderId, data.select({ id: renewalOrders.id }).from(renewalOrders, orders)),
    )
    .innerJoin(renewalOrders, eq(renewalOrders.id, renewalLines.orderId))
    .where(and(eq(renewalOrders.kind, kind), eq(renewalOrders.state, 'renewed'), inArray(renewalLines.itemId, ids)))
    .groupBy(renewalLines.itemId)
    .all();
  return {
    pending: new Map(pending.map((p) => [p.itemId, p.number])),
    last: new Map(last.flatMap((l) => (l.at ? [[l.itemId, formatInZone(l.at, timeZone)] as const] : []))),
  };
}

async function machineItems(data: ScopedData, query: ItemsQuery, today: string) {
  const where = and(
    query.expiry === undefined ? undefined : expiryFilter(query.expiry, today, devices.serviceExpiresAt),
    keywordIn(data.dialect, [devices.serialNumber, devices.hostName], query.keyword),
  );
  const { rows, ...paging } = await listPage(
    data,
    query,
    data.select().from(devices, data.orgScope(devices.orgId)).where(where),
    listOrder(query, { serviceExpiresAt: devices.serviceExpiresAt, label: devices.serialNumber }, devices.id, [
      // Soonest expiry first; machines without a service last.
      sql`${devices.serviceExpiresAt} is null`,
      asc(devices.serviceExpiresAt),
      asc(devices.id),
    ]),
  );
  const items = rows.map((d) => ({
    id: d.id,
    orgId: d.orgId,
    label: d.serialNumber,
    detail: d.hostName,
    serviceExpiresAt: d.serviceExpiresAt,
    status: d.status,
    lockLevel: levelCode(d.lockLevel),
  }));
  return { items, paging };
}

async function cardItems(data: ScopedData, query: ItemsQuery, today: string) {
  const where = and(
    query.expiry === undefined ? undefined : expiryFilter(query.expiry, today, simCards.serviceExpiresAt),
    keywordIn(data.dialect, [simCards.iccid, simCards.imei, devices.serialNumber], query.keyword),
  );
  const { rows, ...paging } = await listPage(
    data,
    query,
    data
      .select({ card: simCards, serial: devices.serialNumber })
      .from(simCards, data.orgScope(simCards.orgId))
      .leftJoin(devices, eq(devices.id, simCards.deviceId))
      .where(where),
    listOrder(query, { serviceExpiresAt: simCards.serviceExpiresAt, label: simCards.iccid }, simCards.id, [
      sql`${simCards.serviceExpiresAt} is null`,
      asc(simCards.serviceExpiresAt),
      asc(simCards.id),
    ]),
  );
  const items = rows.map(({ card, serial }) => ({
    id: card.id,
    orgId: card.orgId,
    label: card.iccid,
    detail: [card.imei, serial].filter(Boolean).join(' · '),
    serviceExpiresAt: card.serviceExpiresAt,
    status: null,
    lockLevel: null,
  }));
  return { items, paging };
}

type ItemsQuery = ParsedQueryOf<typeof renewalEndpoints.items>;

export const renewalItemRoutes: RouteDef[] = [
  route(renewalEndpoints.items, async ({ query, data, deps, timeZone, today: todayOf }) => {
    // Expiry days are judged on the viewer's organisation's today, as the device and SIM card lists' (decision 026).
    const today = todayOf();
    const { items, paging } = await (query.kind === 'sim' ? cardItems : machineItems)(data, query, today);
    const owners = await orgNames(
      data,
      items.map((i) => i.orgId),
    );
    const { pending, last } = await renewalsOf(
      data,
      query.kind,
      items.map((i) => i.id),
      timeZone,
    );
    const currencies = new Map(
      await mapInOrder([...new Set(items.map((i) => i.orgId))], async (orgId) => [
        orgId,
        await payerCurrency(deps, data, orgId),
      ]),
    );
    const list: RenewalItem[] = items.map((i) => ({
      id: i.id,
      kind: query.kind,
      label: i.label,
      detail: i.detail,
      ownerName: owners.get(i.orgId) ?? '',
      serviceExpiresAt: i.serviceExpiresAt ?? '',
      renewal: renewalWindow(i.serviceExpiresAt, today),
      status: i.status,
      lockLevel: i.lockLevel,
      pendingNumber: pending.get(i.id) ?? '',
      lastRenewedAt: last.get(i.id) ?? '',
      currency: currencies.get(i.orgId) ?? '',
    }));
    return { list, ...paging };
  }),

  route(renewalEndpoints.prices, ({ data, user, deps }) => priceLists(deps, data, user)),

  route(renewalEndpoints.savePrices, async ({ body, data, user, deps, setMessage }) => {
    if (!mayPay(user)) throw forbidden();
    const billed = billedCurrencies(deps).map((c) => c.currency.code);
    body.prices.forEach(({ currency }, i) => {
      if (!billed.includes(currency)) {
        const field = `prices.${i}.currency`;
        const issues = [{ path: field, message: 'renewal.currencyNotBilled' }];
        throw new ApiError(API_STATUS.invalid, 'renewal.currencyNotBilled', { currency }, { field, issues });
      }
    });
    await data.write(async (tx) => {
      for (const price of body.prices) {
        const where = and(
          eq(renewalPrices.currency, price.currency),
          eq(renewalPrices.kind, price.kind),
          eq(renewalPrices.months, price.months),
        );
        if (price.priceCents === null) {
          await tx.delete(renewalPrices).where(where).run();
          continue;
        }
        await tx
          .insert(renewalPrices)
          .values({ ...price, priceCents: price.priceCents, updatedBy: user.id, updatedAt: new Date(deps.now()) })
          .onConflictDoUpdate({
            target: [renewalPrices.currency, renewalPrices.kind, renewalPrices.months],
            set: { priceCents: price.priceCents, updatedBy: user.id, updatedAt: new Date(deps.now()) },
          })
          .run();
      }
    });
    setMessage('renewal.pricesSaved');
    return priceLists(deps, data, user);
  }),
];
