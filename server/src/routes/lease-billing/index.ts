/**
 * Bills, receipts, the bill record and arrears (docs/decisions/036-lease-billing.md). Reads go through the
 * organisation scope on the bill's or receipt's lessor and renter: a lessor's people see their lessor's, a renter's
 * users their own, the operator's finance every lessor's. Receipts are written by server/src/billing, which checks
 * inside its unit of work that the user writes for the renter's lessor (`mayWriteFor`).
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { nameInSql } from '../../lib/org-brand.ts';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { devices } from '@console/db/schema/devices';
import { billLines, billOvertime, bills, ledgerEntries, receipts } from '@console/db/schema/lease-billing';
import { contracts, renters } from '@console/db/schema/lease';
import { organisations } from '@console/db/schema/accounts';
import { daysOverdue } from '@console/contract/codes/lease-billing';
import { billingEndpoints as api, type BillRow } from '@console/contract/http/lease-billing';
import { ARREARS_EXEMPTERS, BILL_VOIDERS, OPENING_WRITERS } from '@console/contract/access/lease-billing';
import { arrearsExemptions, lockDaySettings } from '@console/db/schema/risk';
import type { SessionUser } from '../../lib/session.ts';
import { activeExemptions, previewArrears, reachedSteps, runArrearsLocks } from '../../risk/arrears.ts';
import type { ScopedData } from '../../lib/data.ts';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import { orgToday, orgTodays } from '../../lib/org-day.ts';
import { formatInZone } from '../../lib/time.ts';
import { moneyOfOrgs, totalsPerCurrency } from '../../lib/currencies.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { issueLessorBills } from '@console/db/billing/issue';
import { billingToday } from '../../billing/zone.ts';
import { recordReceipt, voidReceipt } from '../../billing/receipts.ts';
import { voidBill } from '../../billing/void-bill.ts';
import { recordOpeningBalance } from '../../billing/opening.ts';
import { userNames } from '../../lib/maintenance.ts';
import { allocationRows, mayWriteFor, receiptIdsInScope } from './shared.ts';
import { billsWithHoursMissing, mayAdjustOvertime, overtimeLinesOf } from './overtime.ts';
import { adjustOvertime } from '../../billing/overtime-adjust.ts';

/** Renters paying their bills through the payment provider (decision 077): routes of this area. */
export { onlinePayRoutes } from './online-pay.ts';

const billFields = {
  id: bills.id,
  number: bills.number,
  kind: bills.kind,
  contractId: bills.contractId,
  contractNumber: sql<string>`coalesce(${contracts.number}, '')`,
  renterId: bills.renterOrgId,
  lessorOrgId: bills.lessorOrgId,
  periodStart: bills.periodStart,
  periodEnd: bills.periodEnd,
  issuedOn: bills.issuedOn,
  dueOn: bills.dueOn,
  amountCents: bills.amountCents,
  paidCents: bills.paidCents,
  state: bills.state,
  voidReason: bills.voidReason,
  voidedAt: bills.voidedAt,
  voidedBy: bills.voidedBy,
  note: bills.note,
};

const billRows = (data: ScopedData) =>
  data
    .select(billFields)
    .from(bills, data.orgScope(bills.lessorOrgId, bills.renterOrgId))
    .leftJoin(contracts, eq(contracts.id, bills.contractId));

type BillRecord = Awaited<ReturnType<ReturnType<typeof billRows>['all']>>[number];

/** A role of the rental company itself, for its own records. */
const ownCompany = (user: SessionUser, roles: readonly number[]) => (lessorOrgId: number) =>
  roles.includes(user.roleId) && user.orgKind === 'lessor' && user.orgId === lessorOrgId;
/** The administrator of the bill's own rental company voids it (decision 036, addendum). */
const mayVoidBill = (user: SessionUser) => ownCompany(user, BILL_VOIDERS);
/** The administrator of the renter's rental company brings its balance forward (decision 036, addendum). */
const mayRecordOpening = (user: SessionUser) => ownCompany(user, OPENING_WRITERS);

async function presentBills(
  data: ScopedData,
  rows: BillRecord[],
  /** The bill's lessor's today: days overdue count on its calendar, the same for every viewer. */
  todayOf: (lessorOrgId: number) => string,
  user: SessionUser,
  timeZone: string,
  /** Each lessor's money: a bill is in its lessor's brand's currency (decision 064). */
  moneyOf: (lessorOrgId: number) => BillRow['money'],
): Promise<BillRow[]> {
  const names = await orgNames(
    data,
    rows.flatMap((r) => [r.renterId, r.lessorOrgId]),
  );
  const people = await userNames(
    data,
    rows.map((r) => r.voidedBy),
  );
  const mayVoid = mayVoidBill(user);
  const missing = await billsWithHoursMissing(
    data,
    rows.map((r) => r.id),
  );
  return rows.map(({ lessorOrgId, voidReason, voidedAt, voidedBy, ...r }) => {
    const unpaidCents = r.state === 'void' ? 0 : r.amountCents - r.paidCents;
    return {
      ...r,
      renterName: names.get(r.renterId) ?? '',
      lessorName: names.get(lessorOrgId) ?? '',
      unpaidCents,
      daysOverdue: unpaidCents > 0 ? daysOverdue(r.dueOn, todayOf(lessorOrgId)) : 0,
      voidReason: voidReason ?? '',
      voidedAt: voidedAt ? formatInZone(voidedAt, timeZone) : '',
      voidedByName: voidedBy ? (people.get(voidedBy) ?? '') : '',
      voidable: r.state === 'open' && r.paidCents === 0 && mayVoid(lessorOrgId),
      hoursMissing: missing.has(r.id),
      money: moneyOf(lessorOrgId),
    };
  });
}

/** A filter's day range on a day column, both days included. */
const inDays = (column: SQLiteColumn, from?: string, to?: string) =>
  and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);

function checkRange(from?: string, to?: string) {
  if (from && to && to < from) throw invalidField('to', 'billing.dayRangeInvalid');
}

/** A renter the user sees, for a receipt or an opening balance; any other is refused on the renter field. */
async function renterInScope(data: ScopedData, renterId: number) {
  const renter = await data
    .select({ id: renters.orgId, lessorOrgId: renters.lessorOrgId })
    .from(renters, data.orgScope(renters.lessorOrgId))
    .where(eq(renters.orgId, renterId))
    .get();
  if (!renter) throw invalidField('renterId', 'billing.renterRequired');
  return renter;
}

/** A contract in scope, for its arrears. */
async function contractInScope(data: ScopedData, contractId: number) {
  const contract = await data
    .select({ id: contracts.id, lessorOrgId: contracts.lessorOrgId })
    .from(contracts, data.orgScope(contracts.lessorOrgId, contracts.renterOrgId))
    .where(eq(contracts.id, contractId))
    .get();
  if (!contract) throw notFound();
  return contract;
}

/** Only the administrator of the contract's own rental company exempts it or lifts the exemption. */
const mayExempt = (user: SessionUser, lessorOrgId: number) =>
  (ARREARS_EXEMPTERS as readonly number[]).includes(user.roleId) && user.orgId === lessorOrgId;

async function exemptable(data: ScopedData, user: SessionUser, contractId: number) {
  const contract = await contractInScope(data, contractId);
  if (!mayExempt(user, contract.lessorOrgId)) throw forbidden();
  return contract;
}

/** How far ahead a contract's page shows its next arrears steps (the lock day preview's window). */
const NEXT_STEPS_DAYS = 30;

async function contractArrearsOf(
  deps: AppDeps,
  data: ScopedData,
  user: SessionUser,
  contractId: number,
  now: number,
  timeZone: string,
) {
  const contract = await contractInScope(data, contractId);
  // Days overdue on the company's billing calendar, as the arrears steps count them (decision 039).
  const today = await billingToday(data.unscoped('alreadyScoped'), contract.lessorOrgId, now);
  const owed = await data
    .select({
      overdueCents: sql<number>`coalesce(sum(${bills.amountCents} - ${bills.paidCents}), 0)`,
      oldestDueOn: sql<string | null>`min(${bills.dueOn})`,
    })
    .from(bills, data.orgScope(bills.lessorOrgId, bills.renterOrgId))
    .where(and(eq(bills.contractId, contract.id), inArray(bills.state, ['open', 'partlyPaid']), lt(bills.dueOn, today)))
    .get();
  const db = data.unscoped('alreadyScoped');
  const exemption = (await activeExemptions(db, [contract.id])).get(contract.id);
  const by = exemption ? (await userNames(data, [exemption.createdBy])).get(exemption.createdBy) : undefined;
  const setting = await db.select().from(lockDaySettings).where(eq(lockDaySettings.orgId, contract.lessorOrgId)).get();
  return {
    contractId: contract.id,
    overdueCents: owed?.overdueCents ?? 0,
    daysOverdue: owed?.oldestDueOn ? daysOverdue(owed.oldestDueOn, today) : 0,
    step: (await reachedSteps(db, [contract.id])).get(contract.id) ?? -1,
    exempt: exemption !== undefined,
    exemptReason: exemption?.reason ?? '',
    exemptByName: by ?? '',
    exemptAt: exemption ? formatInZone(exemption.createdAt, timeZone) : '',
    mayExempt: mayExempt(user, contract.lessorOrgId),
    lockingOn: setting?.arrearsEnabled ?? false,
    nextSteps:
      setting?.arrearsEnabled && !exemption
        ? await previewArrears(db, contract.lessorOrgId, setting, now, NEXT_STEPS_DAYS, contract.id)
        : [],
    money: (await moneyOfOrgs(deps, db))(contract.lessorOrgId),
  };
}

const BILL_SORTS = { issuedOn: bills.issuedOn, dueOn: bills.dueOn, amountCents: bills.amountCents };

export const leaseBillingRoutes: RouteDef[] = [
  route(api.renters, async ({ data, deps }) => {
    const rows = await data
      .select({
        id: renters.orgId,
        name: nameInSql(organisations, data.lang),
        lessorOrgId: renters.lessorOrgId,
        arrearsCents: renters.arrearsCents,
      })
      .from(renters, data.orgScope(renters.lessorOrgId, renters.orgId))
      .innerJoin(organisations, eq(organisations.id, renters.orgId))
      .orderBy(asc(organisations.name))
      .limit(2000)
      .all();
    const lessors = await orgNames(
      data,
      rows.map((r) => r.lessorOrgId),
    );
    // The lessor's today: the day a receipt from this renter is received on unless told otherwise.
    const todayOf = await orgTodays(data.unscoped('domainRule'), deps.now());
    // What a renter owes and pays is in its lessor's currency (decision 064).
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    return {
      list: rows.map(({ lessorOrgId, ...r }) => ({
        ...r,
        lessorName: lessors.get(lessorOrgId) ?? '',
        today: todayOf(lessorOrgId),
        money: moneyOf(lessorOrgId),
      })),
    };
  }),

  route(api.billList, async ({ query, user, data, deps, timeZone }) => {
    checkRange(query.from, query.to);
    const where = and(
      keywordIn(data.dialect, [bills.number, contracts.number], query.keyword),
      query.renterId ? eq(bills.renterOrgId, query.renterId) : undefined,
      query.contractId ? eq(bills.contractId, query.contractId) : undefined,
      query.state ? eq(bills.state, query.state) : undefined,
      query.unpaid ? inArray(bills.state, ['open', 'partlyPaid']) : undefined,
      inDays(bills.issuedOn, query.from, query.to),
    );
    const order = listOrder(query, BILL_SORTS, bills.id, [asc(bills.dueOn), asc(bills.id)]);
    const { rows, ...paging } = await listPage(data, query, billRows(data).where(where), order);
    return {
      list: await presentBills(
        data,
        rows,
        await orgTodays(data.unscoped('domainRule'), deps.now()),
        user,
        timeZone,
        await moneyOfOrgs(deps, data.unscoped('alreadyScoped')),
      ),
      ...paging,
    };
  }),

  route(api.billDetail, async ({ query, user, data, deps, timeZone }) => {
    const row = await billRows(data).where(eq(bills.id, query.id)).get();
    if (!row) throw notFound();
    const lines = await data
      .select({
        id: billLines.id,
        deviceId: billLines.deviceId,
        serialNumber: sql<string>`coalesce(${devices.serialNumber}, '')`,
        businessModel: billLines.businessModel,
        dayCents: billLines.dayCents,
        monthCents: billLines.monthCents,
        fromOn: billLines.fromOn,
        toOn: billLines.toOn,
        days: billLines.days,
        amountCents: billLines.amountCents,
      })
      .from(
        billLines,
        data.within(
          billLines.billId,
          data.select({ id: bills.id }).from(bills, data.orgScope(bills.lessorOrgId, bills.renterOrgId)),
        ),
      )
      .leftJoin(devices, eq(devices.id, billLines.deviceId))
      .where(eq(billLines.billId, row.id))
      .orderBy(asc(devices.serialNumber), asc(billLines.id))
      .all();
    return {
      bill: (
        await presentBills(
          data,
          [row],
          await orgTodays(data.unscoped('domainRule'), deps.now()),
          user,
          timeZone,
          await moneyOfOrgs(deps, data.unscoped('alreadyScoped')),
        )
      )[0]!,
      lines,
      allocations: await allocationRows(data, { billIds: [row.id] }),
      overtime: await overtimeLinesOf(data, row, user, timeZone),
    };
  }),

  route(api.overtimeAdjust, async ({ body, user, data, deps }) => {
    // A bill the user sees; only its own lessor's administrator or staff adjust it (checked again in the unit of work).
    const line = await data
      .unscoped('domainRule')
      .select({ billId: billOvertime.billId })
      .from(billOvertime)
      .where(eq(billOvertime.id, body.id))
      .get();
    const seen = line && (await billRows(data).where(eq(bills.id, line.billId)).get());
    if (!seen) throw notFound();
    if (!mayAdjustOvertime(user)(seen.lessorOrgId)) throw forbidden();
    const made = await adjustOvertime(
      data.unscoped('domainRule'),
      body,
      { userId: user.id, mayAdjust: mayAdjustOvertime(user) },
      deps.now(),
    );
    // A lowered bill may clear the arrears: the steps follow at once, as after a receipt (decision 039).
    if (seen.contractId !== null) {
      await runArrearsLocks(deps, {
        lessorOrgId: seen.lessorOrgId,
        clearing: { by: 'billVoid', contractId: seen.contractId },
      });
    }
    return made;
  }),

  route(api.billVoid, async ({ body, user, data, deps }) => {
    // A bill the user sees; only its own lessor's administrator voids it (checked again in the unit of work).
    const seen = await billRows(data).where(eq(bills.id, body.id)).get();
    if (!seen) throw notFound();
    if (!mayVoidBill(user)(seen.lessorOrgId)) throw forbidden();
    const made = await voidBill(
      data.unscoped('domainRule'),
      body,
      { userId: user.id, mayVoid: mayVoidBill(user) },
      deps.now(),
    );
    // A voided bill is not owed: the arrears steps follow at once, as after a receipt (decision 039).
    await runArrearsLocks(deps, {
      lessorOrgId: seen.lessorOrgId,
      clearing: seen.contractId === null ? undefined : { by: 'billVoid', contractId: seen.contractId },
    });
    return made;
  }),

  route(api.openingCreate, async ({ body, user, data, deps, setMessage }) => {
    // The unit of work checks again that the user administers the renter's lessor.
    const renter = await renterInScope(data, body.renterId);
    if (!mayRecordOpening(user)(renter.lessorOrgId)) throw forbidden();
    const { renterId, ...input } = body;
    const made = await recordOpeningBalance(
      data.unscoped('domainRule'),
      { ...input, renterOrgId: renterId },
      { mayWrite: mayRecordOpening(user) },
      deps.now(),
    );
    setMessage('billing.openingRecorded');
    return made;
  }),

  route(api.receiptList, async ({ query, user, data, deps, timeZone }) => {
    checkRange(query.from, query.to);
    const where = and(
      keywordIn(data.dialect, [receipts.reference, receipts.note], query.keyword),
      query.renterId ? eq(receipts.renterOrgId, query.renterId) : undefined,
      query.method ? eq(receipts.method, query.method) : undefined,
      query.voided === undefined ? undefined : sql`(${receipts.voidedAt} is not null) = ${query.voided}`,
      inDays(receipts.receivedOn, query.from, query.to),
    );
    const rows = data.select().from(receipts, data.orgScope(receipts.lessorOrgId, receipts.renterOrgId)).where(where);
    const order = listOrder(
      query,
      { receivedOn: receipts.receivedOn, amountCents: receipts.amountCents },
      receipts.id,
      [desc(receipts.receivedOn), desc(receipts.id)],
    );
    const page = await listPage(data, query, rows, order);
    const names = await orgNames(
      data,
      page.rows.flatMap((r) => [r.renterOrgId, r.lessorOrgId]),
    );
    const people = await userNames(
      data,
      page.rows.flatMap((r) => [r.createdBy, r.voidedBy]),
    );
    const parts = await allocationRows(data, { receiptIds: page.rows.map((r) => r.id) });
    const mayWrite = mayWriteFor(data, user);
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    const { rows: _rows, ...paging } = page;
    return {
      ...paging,
      list: page.rows.map((r) => {
        const mine = parts.filter((p) => p.receiptId === r.id);
        return {
          id: r.id,
          renterId: r.renterOrgId,
          renterName: names.get(r.renterOrgId) ?? '',
          lessorName: names.get(r.lessorOrgId) ?? '',
          amountCents: r.amountCents,
          allocatedCents: mine.reduce((s, p) => s + p.amountCents, 0),
          method: r.method,
          receivedOn: r.receivedOn,
          reference: r.reference,
          note: r.note,
          createdByName: people.get(r.createdBy) ?? '',
          createdAt: formatInZone(r.createdAt, timeZone),
          voided: r.voidedAt !== null,
          voidReason: r.voidReason ?? '',
          voidedAt: r.voidedAt ? formatInZone(r.voidedAt, timeZone) : '',
          voidedByName: r.voidedBy ? (people.get(r.voidedBy) ?? '') : '',
          allocations: mine,
          voidable: r.voidedAt === null && mayWrite(r.lessorOrgId),
          money: moneyOf(r.lessorOrgId),
        };
      }),
    };
  }),

  route(api.receiptCreate, async ({ body, user, data, deps }) => {
    // The unit of work checks again that the user writes for the renter's lessor.
    const renter = await renterInScope(data, body.renterId);
    if (body.receivedOn > (await billingToday(data.unscoped('domainRule'), renter.lessorOrgId, deps.now()))) {
      throw invalidField('receivedOn', 'billing.dayInFuture');
    }
    const { renterId, ...input } = body;
    const made = await recordReceipt(
      data.unscoped('domainRule'),
      { ...input, renterOrgId: renterId },
      { userId: user.id, mayWrite: mayWriteFor(data, user) },
      deps.now(),
    );
    // The receipt that clears a contract's arrears unlocks its machines at once (decision 039).
    await runArrearsLocks(deps, {
      lessorOrgId: renter.lessorOrgId,
      clearing: { by: 'receipt', renterOrgId: body.renterId },
    });
    return { id: made.id, allocations: await allocationRows(data, { receiptIds: [made.id] }) };
  }),

  route(api.receiptVoid, async ({ body, user, data, deps }) => {
    const seen = await receiptIdsInScope(data).where(eq(receipts.id, body.id)).get();
    if (!seen) throw notFound();
    return voidReceipt(
      data.unscoped('domainRule'),
      body,
      { userId: user.id, mayWrite: mayWriteFor(data, user) },
      deps.now(),
    );
  }),

  route(api.ledger, async ({ query, data, deps, timeZone }) => {
    checkRange(query.from, query.to);
    const where = and(
      query.renterId ? eq(ledgerEntries.renterOrgId, query.renterId) : undefined,
      query.type ? eq(ledgerEntries.type, query.type) : undefined,
      inDays(ledgerEntries.day, query.from, query.to),
    );
    const rows = data
      .select()
      .from(ledgerEntries, data.orgScope(ledgerEntries.lessorOrgId, ledgerEntries.renterOrgId))
      .where(where);
    // Newest first, an opening balance last: it is what a renter owed before its billing moved here, whenever it
    // was recorded (decision 036's addendum), so the record reads down to where the renter's account began.
    const order = listOrder(
      query,
      { day: ledgerEntries.day, amountCents: ledgerEntries.amountCents },
      ledgerEntries.id,
      [asc(sql`${ledgerEntries.type} = 'opening'`), desc(ledgerEntries.id)],
    );
    const { rows: page, ...paging } = await listPage(data, query, rows, order);
    const names = await orgNames(
      data,
      page.flatMap((r) => [r.renterOrgId, r.lessorOrgId]),
    );
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    const missing = await billsWithHoursMissing(
      data,
      page.flatMap((r) => (r.type === 'bill' && r.billId !== null ? [r.billId] : [])),
    );
    return {
      ...paging,
      list: page.map((r) => ({
        id: r.id,
        renterId: r.renterOrgId,
        renterName: names.get(r.renterOrgId) ?? '',
        lessorName: names.get(r.lessorOrgId) ?? '',
        type: r.type,
        billId: r.billId,
        receiptId: r.receiptId,
        subject: r.subject,
        detail: r.detail,
        amountCents: r.amountCents,
        balanceCents: r.balanceCents,
        day: r.day,
        createdAt: formatInZone(r.createdAt, timeZone),
        hoursMissing: r.type === 'bill' && r.billId !== null && missing.has(r.billId),
        money: moneyOf(r.lessorOrgId),
      })),
    };
  }),

  route(api.arrears, async ({ query, user, data, deps }) => {
    // Overdue on the calendar of the user's company (the lessor's, whose bills these are), not the browser's.
    const today = await orgToday(data.unscoped('domainRule'), user.orgId, deps.now());
    const overdue = sql<number>`sum(${bills.amountCents} - ${bills.paidCents})`;
    const oldest = sql<string>`min(${bills.dueOn})`;
    const rows = data
      .select({
        renterId: bills.renterOrgId,
        contractId: bills.contractId,
        lessorOrgId: bills.lessorOrgId,
        contractNumber: sql<string>`coalesce(${contracts.number}, '')`,
        renterName: nameInSql(organisations, data.lang),
        overdueCents: overdue,
        bills: sql<number>`count(*)`,
        oldestDueOn: oldest,
      })
      .from(bills, data.orgScope(bills.lessorOrgId, bills.renterOrgId))
      .leftJoin(contracts, eq(contracts.id, bills.contractId))
      .leftJoin(organisations, eq(organisations.id, bills.renterOrgId))
      .where(
        and(
          inArray(bills.state, ['open', 'partlyPaid']),
          lt(bills.dueOn, today),
          query.renterId ? eq(bills.renterOrgId, query.renterId) : undefined,
          keywordIn(data.dialect, [contracts.number, organisations.name], query.keyword),
        ),
      )
      // The lessor, the contract's and the renter's columns are one per group: grouped by too, as PostgreSQL asks.
      .groupBy(bills.renterOrgId, bills.contractId, bills.lessorOrgId, contracts.id, organisations.id)
      .having(query.minDays ? sql`${data.dialect.daysBetween(oldest, today)} >= ${query.minDays}` : undefined);
    const order = listOrder(query, { overdueCents: overdue, oldestDueOn: oldest }, bills.contractId, [
      desc(overdue),
      asc(bills.contractId),
    ]);
    const all = await rows.all();
    const { rows: page, ...paging } = await listPage(data, query, rows, order);
    const lessors = await orgNames(
      data,
      page.map((r) => r.lessorOrgId),
    );
    // The arrears steps taken and the exemptions of the contracts listed (read for contracts in scope).
    const ids = page.flatMap((r) => (r.contractId === null ? [] : [r.contractId]));
    const db = data.unscoped('alreadyScoped');
    const reached = await reachedSteps(db, ids);
    const exempt = await activeExemptions(db, ids);
    // Each row in its lessor's money; the total per currency, never added across (decision 064).
    const moneyOf = await moneyOfOrgs(deps, db);
    return {
      ...paging,
      list: page.map(({ lessorOrgId, ...r }) => {
        // An opening balance (no contract) takes no arrears step and has nothing to exempt.
        const exemption = r.contractId === null ? undefined : exempt.get(r.contractId);
        return {
          ...r,
          key: `${r.renterId}-${r.contractId ?? 'opening'}`,
          lessorName: lessors.get(lessorOrgId) ?? '',
          daysOverdue: daysOverdue(r.oldestDueOn, today),
          step: r.contractId === null ? -1 : (reached.get(r.contractId) ?? -1),
          exempt: exemption !== undefined,
          exemptReason: exemption?.reason ?? '',
          money: moneyOf(lessorOrgId),
        };
      }),
      totals: {
        overdue: totalsPerCurrency(
          all,
          (r) => r.overdueCents,
          (r) => moneyOf(r.lessorOrgId),
        ),
        renters: new Set(all.map((r) => r.renterId)).size,
        contracts: all.length,
      },
    };
  }),

  route(api.contractArrears, ({ query, user, data, deps, timeZone }) =>
    contractArrearsOf(deps, data, user, query.contractId, deps.now(), timeZone),
  ),

  route(api.exempt, async ({ body, user, data, deps, timeZone, setMessage }) => {
    const contract = await exemptable(data, user, body.contractId);
    await data.write(async (tx) => {
      if ((await activeExemptions(tx.unscoped('alreadyScoped'), [contract.id])).has(contract.id)) {
        throw conflict('billing.alreadyExempt');
      }
      await tx
        .insert(arrearsExemptions)
        .values({ contractId: contract.id, reason: body.reason, createdBy: user.id, createdAt: new Date(deps.now()) })
        .run();
    });
    // An exempted contract no longer moves: what its arrears locked is released at once (decision 059).
    await runArrearsLocks(deps, { lessorOrgId: contract.lessorOrgId });
    setMessage('billing.exempted');
    return contractArrearsOf(deps, data, user, contract.id, deps.now(), timeZone);
  }),

  route(api.liftExemption, async ({ body, user, data, deps, timeZone, setMessage }) => {
    const contract = await exemptable(data, user, body.contractId);
    await data.write(async (tx) => {
      const lifted = await tx
        .update(arrearsExemptions)
        .set({ liftedAt: new Date(deps.now()), liftedBy: user.id })
        .where(and(eq(arrearsExemptions.contractId, contract.id), isNull(arrearsExemptions.liftedAt)))
        .run();
      if (lifted.changes === 0) throw conflict('billing.notExempt');
    });
    setMessage('billing.exemptionLifted');
    return contractArrearsOf(deps, data, user, contract.id, deps.now(), timeZone);
  }),

  route(api.run, async ({ body, user, data, deps }) => {
    const contract = await data
      .select({ id: contracts.id, lessorOrgId: contracts.lessorOrgId })
      .from(contracts, data.orgScope(contracts.lessorOrgId))
      .where(eq(contracts.id, body.contractId))
      .get();
    if (!contract) throw notFound();
    if (contract.lessorOrgId !== user.orgId) throw forbidden();
    const db = data.unscoped('domainRule');
    return issueLessorBills(
      db,
      contract.lessorOrgId,
      await billingToday(db, contract.lessorOrgId, deps.now()),
      contract.id,
    );
  }),
];
