import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { organisations, users } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contracts, renters, storeDevices, stores } from '@console/db/schema/lease';
import { leasePrices } from '@console/db/schema/products';
import { quoteEvents, quoteLines, quoteSettings, quotes, reservations } from '@console/db/schema/quotes';
import type { Dialect } from '@console/db/dialect';
import { ROLE } from '@console/contract/codes/roles';
import { addressText } from '@console/contract/formats/address';
import { MAX_DISCOUNT_BP } from '@console/contract/quotes/forms';
import { canEditQuote, canRescheduleQuote, quoteMoves, QUOTE_STATES } from '@console/contract/quotes/flow';
import { quoteEndpoints as api, type QuoteDetail, type QuoteRow } from '@console/contract/http/quotes';
import type { AppDeps } from '../../lib/deps.ts';
import type { Scope, ScopedData } from '../../lib/data.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';
import { nameInSql, orgBrand } from '../../lib/org-brand.ts';
import { userNames } from '../../lib/maintenance.ts';
import { orgNames } from '../../lib/scope.ts';
import { canSeeContract } from '../../lease/access.ts';
import { quoteActor, quotesVisibleTo } from '../../quotes/access.ts';
import { createQuote, holdDraft, moveQuote, updateQuote, visibleQuote } from '../../quotes/moves.ts';
import { DEFAULT_MAX_DISCOUNT_BP, discountLimitFor, maxDiscountOf } from '../../quotes/pricing.ts';
import { quotePdf } from '../../quotes/pdf.ts';
import { movedDaysOf } from '../../availability/movable.ts';

/**
 * Quotes and the reservations they hold (docs/decisions/069-quotes-and-reservations.md). Reads go through the
 * request's scope narrowed by the quotes' visibility rule; writes through server/src/quotes, which applies the same
 * rule to every quote it opens.
 */

type Quote = typeof quotes.$inferSelect;
const renterOrg = alias(organisations, 'quote_renter');

function quoteScope(data: ScopedData, user: SessionUser): Scope | null {
  const visible = quotesVisibleTo(user);
  if (visible === false) return null;
  return data.narrow(data.orgScope(quotes.orgId), visible);
}

function filtersOf(
  dialect: Dialect,
  q: { keyword?: string; storeId?: number; salespersonId?: number; startFrom?: string; startTo?: string },
): SQL | undefined {
  return and(
    keywordIn(dialect, [quotes.number, quotes.prospectName, renterOrg.name, quotes.siteAddress], q.keyword),
    q.storeId === undefined ? undefined : eq(quotes.storeId, q.storeId),
    q.salespersonId === undefined ? undefined : eq(quotes.salespersonId, q.salespersonId),
    q.startFrom ? sql`${quotes.startOn} >= ${q.startFrom}` : undefined,
    q.startTo ? sql`${quotes.startOn} <= ${q.startTo}` : undefined,
  );
}

const SORTS = {
  number: quotes.number,
  validUntil: quotes.validUntil,
  startOn: quotes.startOn,
  totalCents: quotes.totalCents,
  createdAt: quotes.createdAt,
};

/** The rows as the list and the detail show them. */
async function present(data: ScopedData, deps: AppDeps, rows: Quote[], timeZone: string): Promise<QuoteRow[]> {
  const db = data.unscoped('alreadyScoped');
  const ids = rows.map((r) => r.id);
  const names = await orgNames(
    data,
    rows.map((r) => r.renterOrgId),
  );
  const people = await userNames(
    data,
    rows.map((r) => r.salespersonId),
  );
  const storeRows = rows.length
    ? await db
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(inArray(stores.id, [...new Set(rows.map((r) => r.storeId))]))
        .all()
    : [];
  const counts = ids.length
    ? await db
        .select({ quoteId: quoteLines.quoteId, n: sql<number>`sum(${quoteLines.count})` })
        .from(quoteLines)
        .where(inArray(quoteLines.quoteId, ids))
        .groupBy(quoteLines.quoteId)
        .all()
    : [];
  const holding = ids.length
    ? await db
        .selectDistinct({ quoteId: reservations.quoteId })
        .from(reservations)
        .where(and(inArray(reservations.quoteId, ids), eq(reservations.state, 'held')))
        .all()
    : [];
  const contractIds = rows.flatMap((r) => (r.contractId === null ? [] : [r.contractId]));
  const contractRows = contractIds.length
    ? await db
        .select({ id: contracts.id, number: contracts.number })
        .from(contracts)
        .where(inArray(contracts.id, contractIds))
        .all()
    : [];
  const moneyOf = await moneyOfOrgs(deps, db);
  return rows.map((q) => ({
    id: q.id,
    number: q.number,
    state: q.state,
    customerName: q.renterOrgId === null ? q.prospectName : (names.get(q.renterOrgId) ?? ''),
    prospect: q.renterOrgId === null,
    storeName: storeRows.find((s) => s.id === q.storeId)?.name ?? '',
    salespersonName: q.salespersonId === null ? '' : (people.get(q.salespersonId) ?? ''),
    validUntil: q.validUntil,
    startOn: q.startOn,
    endOn: q.endOn,
    machineCount: Number(counts.find((c) => c.quoteId === q.id)?.n ?? 0),
    totalCents: q.totalCents,
    holding: holding.some((h) => h.quoteId === q.id),
    contractId: q.contractId,
    contractNumber: contractRows.find((c) => c.id === q.contractId)?.number ?? '',
    createdAt: formatInZone(q.createdAt, timeZone),
    money: moneyOf(q.orgId),
  }));
}

export const quoteRoutes: RouteDef[] = [
  route(api.list, async ({ query, user, data, deps, timeZone }) => {
    const scope = quoteScope(data, user);
    if (!scope) return { list: [], total: 0, page: query.page, pageSize: query.pageSize, counts: [] };
    const filters = filtersOf(data.dialect, query);
    const page = await listPage(
      data,
      query,
      data
        .select({ quote: quotes })
        .from(quotes, scope)
        .leftJoin(renterOrg, eq(renterOrg.id, quotes.renterOrgId))
        .where(and(filters, query.state ? eq(quotes.state, query.state) : undefined)),
      listOrder(query, SORTS, quotes.id, [desc(quotes.createdAt), desc(quotes.id)]),
    );
    const byState = await data
      .select({ state: quotes.state, count: count() })
      .from(quotes, scope)
      .leftJoin(renterOrg, eq(renterOrg.id, quotes.renterOrgId))
      .where(filters)
      .groupBy(quotes.state)
      .all();
    return {
      list: await present(
        data,
        deps,
        page.rows.map((r) => r.quote),
        timeZone,
      ),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      counts: QUOTE_STATES.map((state) => ({ state, count: byState.find((b) => b.state === state)?.count ?? 0 })),
    };
  }),

  route(api.detail, async ({ query, user, data, deps, timeZone }) => {
    const db = data.unscoped('domainRule');
    const q = await visibleQuote(db, user, query.id);
    const [row] = await present(data, deps, [q], timeZone);
    const lang = data.lang;
    const lines = await db
      .select({ line: quoteLines, serial: devices.serialNumber, model: nameInSql(deviceModels, lang) })
      .from(quoteLines)
      .leftJoin(devices, eq(devices.id, quoteLines.deviceId))
      .leftJoin(deviceModels, eq(deviceModels.id, sql`coalesce(${quoteLines.modelId}, ${devices.modelId})`))
      .where(eq(quoteLines.quoteId, q.id))
      .orderBy(quoteLines.id)
      .all();
    const held = await db
      .select({
        r: reservations,
        serial: devices.serialNumber,
        model: nameInSql(deviceModels, lang),
        contractNumber: contracts.number,
      })
      .from(reservations)
      .leftJoin(devices, eq(devices.id, reservations.deviceId))
      .leftJoin(deviceModels, eq(deviceModels.id, sql`coalesce(${reservations.modelId}, ${devices.modelId})`))
      .leftJoin(contracts, eq(contracts.id, reservations.contractId))
      .where(eq(reservations.quoteId, q.id))
      .orderBy(reservations.id)
      .all();
    const events = await db
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, q.id))
      .orderBy(quoteEvents.at, quoteEvents.id)
      .all();
    const people = await userNames(
      data,
      events.map((e) => e.userId),
    );
    const who = quoteActor(user);
    const drafting = canEditQuote(q, who);
    const holds = held.some((h) => h.r.state === 'held');
    const detail: QuoteDetail = {
      ...row!,
      renterId: q.renterOrgId,
      prospectName: q.prospectName,
      prospectContact: q.prospectContact,
      prospectPhone: q.prospectPhone,
      storeId: q.storeId,
      salespersonId: q.salespersonId,
      siteProvince: q.siteProvince,
      siteCity: q.siteCity,
      siteDistrict: q.siteDistrict,
      siteAddress: q.siteAddress,
      site: addressText({
        province: q.siteProvince,
        city: q.siteCity,
        district: q.siteDistrict,
        address: q.siteAddress,
      }),
      remark: q.remark,
      lang: q.lang,
      lines: lines.map(({ line, serial, model }) => ({
        id: line.id,
        deviceId: line.deviceId,
        serialNumber: serial ?? '',
        modelId: line.modelId,
        modelName: model ?? '',
        count: line.count,
        businessModel: line.businessModel,
        listDayCents: line.listDayCents,
        listMonthCents: line.listMonthCents,
        discountBp: line.discountBp,
        dayCents: line.dayCents,
        monthCents: line.monthCents,
        amountCents: line.amountCents,
      })),
      reservations: held.map(({ r, serial, model, contractNumber }) => ({
        id: r.id,
        state: r.state,
        holder: r.contractId === null ? ('quote' as const) : ('contract' as const),
        holderNumber: r.contractId === null ? q.number : (contractNumber ?? ''),
        machine: r.deviceId === null ? (model ?? '') : `${model ?? ''} ${serial ?? ''}`.trim(),
        count: r.count,
        startOn: r.startOn,
        endOn: r.endOn,
        endReason: r.endReason,
      })),
      events: events.map((e) => ({
        id: e.id,
        action: e.action,
        userName: e.userId === null ? '' : (people.get(e.userId) ?? ''),
        fromState: e.fromState,
        toState: e.toState,
        reason: e.reason,
        days: movedDaysOf(e.details),
        at: formatInZone(e.at, timeZone),
      })),
      actions: quoteMoves(q, who),
      editable: drafting,
      canHold: drafting && !holds,
      canUnhold: drafting && holds,
      movable: canRescheduleQuote(q, who),
    };
    return detail;
  }),

  route(api.options, async ({ user, data, deps }) => {
    const money = (await orgBrand(deps, data.unscoped('domainRule'), user.orgId)).money;
    const maxDiscountBp = (await discountLimitFor(data.unscoped('domainRule'), user)) ?? MAX_DISCOUNT_BP;
    const none = { renters: [], stores: [], salespeople: [], machines: [], models: [], prices: [] };
    if (user.orgKind !== 'lessor') return { ...none, maxDiscountBp, money };
    const renterRows = await data
      .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
      .from(organisations, data.orgScope(organisations.parentId))
      .innerJoin(renters, eq(renters.orgId, organisations.id))
      .where(and(eq(organisations.parentId, user.orgId), eq(organisations.kind, 'customer')))
      .orderBy(organisations.name)
      .all();
    const storeRows = await data
      .select({ id: stores.id, name: stores.name })
      .from(stores, data.orgScope(stores.orgId))
      .where(eq(stores.orgId, user.orgId))
      .orderBy(stores.name)
      .all();
    const people = (
      await data
        .select({ id: users.id, name: users.name, nickname: users.nickname })
        .from(users, data.orgScope(users.orgId))
        .where(and(eq(users.orgId, user.orgId), eq(users.roleId, ROLE.lessorSales)))
        .orderBy(users.id)
        .all()
    ).map((u) => ({ id: u.id, name: u.name || u.nickname }));
    const machines = (
      await data
        .select({
          id: devices.id,
          serialNumber: devices.serialNumber,
          model: nameInSql(deviceModels, data.lang),
          modelId: devices.modelId,
          storeId: storeDevices.storeId,
        })
        .from(devices, data.deviceScope())
        .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
        .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
        .where(eq(devices.orgId, user.orgId))
        .orderBy(devices.serialNumber)
        .limit(2000)
        .all()
    ).map((m) => ({
      id: m.id,
      name: `${m.model ?? ''} ${m.serialNumber}`.trim(),
      serialNumber: m.serialNumber,
      storeId: m.storeId,
      modelId: m.modelId,
    }));
    const prices = await data
      .select({
        modelId: leasePrices.modelId,
        businessModel: leasePrices.businessModel,
        dayCents: leasePrices.dayCents,
        monthCents: leasePrices.monthCents,
      })
      .from(leasePrices, data.orgScope(leasePrices.orgId))
      .where(eq(leasePrices.orgId, user.orgId))
      .all();
    const priced = [...new Set(prices.map((p) => p.modelId))];
    const models = priced.length
      ? await data
          .unscoped('referencedNames')
          .select({ id: deviceModels.id, name: nameInSql(deviceModels, data.lang) })
          .from(deviceModels)
          .where(inArray(deviceModels.id, priced))
          .orderBy(nameInSql(deviceModels, data.lang))
          .all()
      : [];
    return {
      renters: renterRows,
      stores: storeRows,
      salespeople: people,
      machines,
      models: models.map((m) => ({ id: m.id, name: m.name ?? '' })),
      prices,
      maxDiscountBp,
      money,
    };
  }),

  route(api.create, ({ body, user, data, deps }) =>
    createQuote(data.unscoped('domainRule'), deps, user, body, data.lang),
  ),

  route(api.update, async ({ query, body, user, data, deps }) => {
    await updateQuote(data.unscoped('domainRule'), deps, user, query.id, body, data.lang);
    return { id: query.id };
  }),

  route(api.move, async ({ body, user, data, deps, setMessage }) => {
    const moved = await moveQuote(data.unscoped('domainRule'), deps, user, body, data.lang);
    if (body.action === 'accept') setMessage('quotes.accepted', { number: moved.contractNumber });
    else if (body.action === 'send') setMessage('quotes.sent');
    else setMessage(body.action === 'decline' ? 'quotes.declined' : 'quotes.withdrawn');
    return { id: body.id, contractId: moved.contractId };
  }),

  route(api.hold, async ({ body, user, data, deps, setMessage }) => {
    await holdDraft(data.unscoped('domainRule'), deps, user, body.id, body.hold, data.lang);
    setMessage(body.hold ? 'quotes.held' : 'quotes.unheld');
    return { id: body.id };
  }),

  route(api.pdf, async ({ query, user, data, deps }) => {
    const db = data.unscoped('domainRule');
    const q = await visibleQuote(db, user, query.id);
    const bytes = await quotePdf(db, q.id, (await orgBrand(deps, db, q.orgId)).money);
    if (!bytes) throw notFound();
    return { fileName: `${q.number}.pdf`, mimeType: 'application/pdf', content: Buffer.from(bytes).toString('base64') };
  }),

  route(api.ofContract, async ({ query, user, data }) => {
    const db = data.unscoped('domainRule');
    const c = await db.select().from(contracts).where(eq(contracts.id, query.id)).get();
    if (!c || !canSeeContract(user, c)) throw notFound();
    // The quote is named to those who read it; a contract's other readers (its renter) see no link.
    const scope = quoteScope(data, user);
    if (!scope) return { quote: null };
    const q = await data
      .select({ id: quotes.id, number: quotes.number })
      .from(quotes, scope)
      .where(eq(quotes.contractId, c.id))
      .get();
    return { quote: q ?? null };
  }),

  route(api.settings, async ({ user, data }) => ({
    maxDiscountBp:
      user.orgKind === 'lessor'
        ? await maxDiscountOf(data.unscoped('domainRule'), user.orgId)
        : DEFAULT_MAX_DISCOUNT_BP,
    editable: user.roleId === ROLE.lessorAdmin && user.orgKind === 'lessor',
  })),

  route(api.saveSettings, async ({ body, user, data, deps, setMessage }) => {
    if (user.orgKind !== 'lessor') throw forbidden();
    await data.write(async (tx) => {
      const values = { maxDiscountBp: body.maxDiscountBp, updatedBy: user.id, updatedAt: new Date(deps.now()) };
      await tx
        .insert(quoteSettings)
        .values({ orgId: user.orgId, ...values })
        .onConflictDoUpdate({ target: quoteSettings.orgId, set: values })
        .run();
    });
    setMessage('quotes.settingsSaved');
    return { maxDiscountBp: body.maxDiscountBp };
  }),
];
