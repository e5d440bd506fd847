import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractLines, contracts, renters, storeDevices, stores } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { quotes, reservations } from '@console/db/schema/quotes';
import { availabilityEndpoints as api } from '@console/contract/http/availability';
import type { Dialect } from '@console/db/dialect';
import type { Db } from '@console/db/client';
import { orgTimeZones } from '@console/db/org-zone';
import { holdsOf, lastDayOf, layDays } from '../../availability/calendar.ts';
import { modelFreeDays } from '../../availability/models.ts';
import { claimingLine } from '../../lease/machines-held.ts';
import { rescheduleContract } from '../../lease/reschedule.ts';
import { rescheduleQuote } from '../../quotes/reschedule.ts';
import { movableRefs } from '../../availability/movable.ts';
import type { ScopedData } from '../../lib/data.ts';
import { notFound } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-page.ts';
import { nameInSql } from '../../lib/org-brand.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';

/**
 * The availability calendar (docs/decisions/072-availability-calendar.md). The machines are the rental fleet the
 * person sees: machines placed in a store of an organisation in their scope (the lessor's own; every company's for
 * the operator's staff). A page of machines is read through that scope; what holds them is then read for exactly
 * those machines by server/src/availability, a few set-based reads per page whatever its size and span.
 */

/** The stores in the person's scope, as a condition on `stores`. */
const storesInScope = (data: ScopedData): SQL => inArray(stores.orgId, data.orgIds());

/** The machines some record of this renter holds on a day of [from, to]: leases, reservations, contracts in force. */
function heldForRenter(db: Db, renterId: number, from: string, to: string): SQL {
  return or(
    inArray(
      devices.id,
      db
        .select({ id: leasePeriods.deviceId })
        .from(leasePeriods)
        .where(
          and(
            eq(leasePeriods.renterOrgId, renterId),
            lte(leasePeriods.startOn, to),
            or(isNull(leasePeriods.endOn), gte(leasePeriods.endOn, from)),
          ),
        ),
    ),
    inArray(
      devices.id,
      db
        .select({ id: reservations.deviceId })
        .from(reservations)
        .leftJoin(quotes, eq(quotes.id, reservations.quoteId))
        .leftJoin(contracts, eq(contracts.id, reservations.contractId))
        .where(
          and(
            eq(reservations.state, 'held'),
            lte(reservations.startOn, to),
            gte(reservations.endOn, from),
            or(eq(contracts.renterOrgId, renterId), and(isNull(contracts.id), eq(quotes.renterOrgId, renterId))),
          ),
        ),
    ),
    inArray(
      devices.id,
      db
        .select({ id: contractLines.deviceId })
        .from(contractLines)
        .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
        .where(
          and(
            eq(contracts.renterOrgId, renterId),
            claimingLine(),
            lte(contracts.startOn, to),
            gte(contracts.endOn, from),
          ),
        ),
    ),
  )!;
}

function machineFilters(
  dialect: Dialect,
  q: { storeId?: number; kind?: string; modelId?: number; keyword?: string },
  lang: 'zh' | 'en',
): SQL | undefined {
  return and(
    q.storeId === undefined ? undefined : eq(storeDevices.storeId, q.storeId),
    q.kind === undefined ? undefined : eq(devices.kind, q.kind as typeof devices.$inferSelect.kind),
    q.modelId === undefined ? undefined : eq(devices.modelId, q.modelId),
    keywordIn(dialect, [devices.serialNumber, devices.deviceName, nameInSql(deviceModels, lang)], q.keyword),
  );
}

export const availabilityRoutes: RouteDef[] = [
  route(api.calendar, async ({ query, data, today, user }) => {
    const from = query.from;
    const to = lastDayOf(from, query.days);
    const db = data.unscoped('alreadyScoped');
    const page = await listPage(
      data,
      query,
      data
        .select({
          id: devices.id,
          ownerOrgId: devices.orgId,
          serialNumber: devices.serialNumber,
          deviceName: devices.deviceName,
          modelId: devices.modelId,
          modelName: nameInSql(deviceModels, data.lang),
          kind: devices.kind,
          storeId: stores.id,
          storeName: stores.name,
          online: devices.online,
          lockLevel: devices.lockLevel,
        })
        .from(devices, data.deviceScope())
        .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
        .innerJoin(stores, and(eq(stores.id, storeDevices.storeId), storesInScope(data)))
        .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
        .where(
          and(
            machineFilters(data.dialect, query, data.lang),
            query.customerId === undefined
              ? undefined
              : heldForRenter(data.unscoped('domainRule'), query.customerId, from, to),
          ),
        ),
      [
        asc(stores.name),
        asc(stores.id),
        asc(nameInSql(deviceModels, data.lang)),
        asc(devices.serialNumber),
        asc(devices.id),
      ],
    );
    const machines = page.rows.map((m) => ({
      id: m.id,
      ownerOrgId: m.ownerOrgId,
      online: m.online,
      locked: m.lockLevel !== 'unlocked',
    }));
    const now = today();
    const holds = await holdsOf(db, machines, from, to, now, await orgTimeZones(db));
    const laid = layDays(
      machines.map((m) => m.id),
      holds,
      from,
      to,
    );
    return {
      list: page.rows.map((m) => ({
        id: m.id,
        serialNumber: m.serialNumber,
        name: m.deviceName,
        modelId: m.modelId,
        modelName: m.modelName,
        kind: m.kind,
        storeId: m.storeId,
        storeName: m.storeName,
        online: m.online,
        locked: m.lockLevel !== 'unlocked',
        spans: laid.spans.get(m.id) ?? [],
      })),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      from,
      to,
      today: now,
      refs: await movableRefs(db, user, laid.refs),
    };
  }),

  route(api.models, async ({ query, data }) => {
    const store = await data
      .select({ id: stores.id, orgId: stores.orgId })
      .from(stores, data.orgScope(stores.orgId))
      .where(eq(stores.id, query.storeId))
      .get();
    if (!store) throw notFound();
    const from = query.from;
    const to = lastDayOf(from, query.days);
    const filter = and(
      query.kind === undefined ? undefined : eq(devices.kind, query.kind),
      query.modelId === undefined ? undefined : eq(devices.modelId, query.modelId),
    );
    const answer = await modelFreeDays(data.unscoped('domainRule'), store, from, to, filter, data.lang);
    return { from, to, ...answer };
  }),

  route(api.options, async ({ data }) => {
    const storeRows = await data
      .select({ id: stores.id, name: stores.name })
      .from(stores, data.orgScope(stores.orgId))
      .orderBy(stores.name, stores.id)
      .limit(500)
      .all();
    const models = await data
      .selectDistinct({ id: deviceModels.id, name: nameInSql(deviceModels, data.lang), kind: deviceModels.category })
      .from(devices, data.deviceScope())
      .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
      .innerJoin(stores, and(eq(stores.id, storeDevices.storeId), storesInScope(data)))
      .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .orderBy(nameInSql(deviceModels, data.lang))
      .all();
    const customers = await data
      .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
      .from(organisations, data.orgScope(organisations.parentId))
      .innerJoin(renters, eq(renters.orgId, organisations.id))
      .where(eq(organisations.kind, 'customer'))
      .orderBy(organisations.name)
      .limit(2000)
      .all();
    return { stores: storeRows, models, customers };
  }),

  // A drag of a reservation bar, or the "Move dates" dialog: the quote's or contract draft's own move, which moves
  // its holds with it or refuses, changing nothing.
  route(api.reschedule, async ({ body, user, data, deps, setMessage }) => {
    const db = data.unscoped('domainRule');
    const days = { startOn: body.startOn, endOn: body.endOn };
    const moved =
      body.kind === 'quote'
        ? await rescheduleQuote(db, user, body.id, days, deps.now(), data.lang)
        : await rescheduleContract(db, user, body.id, days, deps.now(), data.lang);
    setMessage('availability.rescheduled', { number: moved.number, from: moved.startOn, to: moved.endOn });
    return { kind: body.kind, ...moved };
  }),
];
