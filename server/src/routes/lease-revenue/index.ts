/**
 * Rental income and revenue analysis, and the monthly usage statement (docs/decisions/040-revenue-analysis.md).
 * Every figure is summed in SQL over the bill lines of bills not voided, each with the overtime billed for its
 * machine and days (decision 070), read through the organisation scope on the bill's lessor (a lessor's administrator
 * and staff their own, the operator's finance every lessor's); a line belongs to the month of its last billed day.
 */
import { and, asc, between, count, desc, eq, gte, inArray, lte, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { dailyWork } from '@console/db/schema/analysis';
import { deviceExpenses } from '@console/db/schema/device-records';
import { devices } from '@console/db/schema/devices';
import { contracts, stores } from '@console/db/schema/lease';
import { billLines, billOvertime, bills } from '@console/db/schema/lease-billing';
import type { revenueFilter } from '@console/contract/http/lease-revenue';
import {
  DEFAULT_RANGE_MONTHS,
  MAX_RANGE_DAYS,
  revenueEndpoints as api,
  WORKDAY_HOURS,
  type RevenueSlice,
} from '@console/contract/http/lease-revenue';
import { leaseDays } from '@console/contract/codes/lease-pricing';
import type { ScopedData } from '../../lib/data.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { usageStatementPdf } from '../../lease/pdf/usage-statement.ts';
import { orgBrand } from '../../lib/org-brand.ts';
import { subleaseCostOf } from '../../lease/sublease-cost.ts';
import { currencyChoice } from '../../lib/currencies.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { subleases } from '@console/db/schema/lease-sublease';
import { chargeIncome, creditIncome, incomeColumns, incomeConditions } from '../../charges/income.ts';
import { payablesOfMachines } from '../../payables/margin.ts';

type Range = { from: string; to: string };
type Filter = z.infer<typeof revenueFilter> & { keyword?: string };

/** The range asked for, or the last twelve calendar months to today; at most two years. */
export function rangeOf(filter: Filter, today: string): Range {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const back = new Date(Date.UTC(y, m - DEFAULT_RANGE_MONTHS, 1)).toISOString().slice(0, 10);
  const from = filter.from || (filter.to ? `${filter.to.slice(0, 7)}-01` : back);
  const to = filter.to || today;
  if (to < from) throw invalidField('to', 'billing.dayRangeInvalid');
  if (leaseDays(from, to) > MAX_RANGE_DAYS) throw invalidField('to', 'revenue.rangeTooLong');
  return { from, to };
}

/**
 * The overtime a bill charges for a bill line's machine and days (decision 070): its overtime line is the line's
 * part's (same bill, lease period and days), as adjusted by the lessor's staff. Cast back to an integer: PostgreSQL
 * sums bigints as numeric, and the received share below must stay an integer division.
 */
const overtimeOfLine = sql<number>`(select cast(coalesce(sum(${billOvertime.amountCents}), 0) as bigint) from ${billOvertime}
  where ${billOvertime.billId} = ${bills.id} and ${billOvertime.leasePeriodId} = ${billLines.leasePeriodId}
    and ${billOvertime.fromOn} = ${billLines.fromOn} and ${billOvertime.toOn} = ${billLines.toOn})`;
/** A bill line's income: its days' amount and the overtime billed with them. */
const incomeOfLine = sql<number>`(${billLines.amountCents} + ${overtimeOfLine})`;

/**
 * The income lines of the filter as one scoped subquery, with everything a figure groups by: the scope is on the
 * bill's lessor; the figures then sum this subquery (`alreadyScoped`). A line's amount includes the overtime its bill
 * charges for the same machine and days (decision 070), so the income by month, machine, store, renter and salesperson
 * adds up to the bills' amounts.
 */
export function incomeOf(data: ScopedData, filter: Filter, range: Range, lessors?: number[]) {
  return (
    data
      .select(
        incomeColumns(data, {
          id: billLines.id,
          day: billLines.toOn,
          from: billLines.fromOn,
          days: billLines.days,
          deviceId: billLines.deviceId,
          amount: incomeOfLine,
          // The hours its machine worked on the line's days, from the daily work (decision 037).
          hours: sql`(select coalesce(sum(dw.hours_worked), 0) from ${dailyWork} dw where dw.device_id = ${billLines.deviceId} and dw.day between ${billLines.fromOn} and ${billLines.toOn})`,
        }),
      )
      .from(bills, data.orgScope(bills.lessorOrgId))
      .innerJoin(billLines, eq(billLines.billId, bills.id))
      .innerJoin(contracts, eq(contracts.id, bills.contractId))
      .leftJoin(devices, eq(devices.id, billLines.deviceId))
      .leftJoin(stores, eq(stores.id, contracts.storeId))
      .leftJoin(organisations, eq(organisations.id, bills.renterOrgId))
      .leftJoin(users, eq(users.id, contracts.salespersonId))
      .where(incomeConditions(data, filter, lessors, billLines.toOn)(range))
      // Billed charges and credit notes are income too (decision 074), in rows of the same shape.
      .unionAll(chargeIncome(data, filter, range, lessors))
      .unionAll(creditIncome(data, filter, range, lessors))
      .as('income')
  );
}
type Income = Awaited<ReturnType<typeof incomeOf>>;

/**
 * The currency a request's figures are in, and the lessors billing in it (decision 064): figures of companies billing
 * in two currencies are never added up. The currencies present are those of the lessors in scope that bill or rent
 * machines in; the one asked for when present, else the store's company's (a store filtered on) or the user's company's,
 * else the first present (the default brand's first). A company's own console has one.
 */
async function currencyScope(deps: AppDeps, data: ScopedData, filter: Filter, userOrgId: number) {
  const db = data.unscoped('alreadyScoped');
  const lessors = [
    ...(await data.selectDistinct({ id: bills.lessorOrgId }).from(bills, data.orgScope(bills.lessorOrgId)).all()),
    ...(await data.selectDistinct({ id: subleases.orgId }).from(subleases, data.orgScope(subleases.orgId)).all()),
  ].map((r) => r.id);
  // Without a currency asked, a store's figures are in its company's currency; else the user's company's.
  const store = filter.storeId
    ? await db.select({ orgId: stores.orgId }).from(stores).where(eq(stores.id, filter.storeId)).get()
    : undefined;
  const { orgIds, ...inCurrency } = await currencyChoice(deps, db, lessors, filter.currency, store?.orgId ?? userOrgId);
  return { ...inCurrency, lessors: orgIds };
}

/** The hours each line's machine worked on the line's days, from the daily work (decision 037), by line id. */
async function hoursOfLines(db: Db, lineIds: number[]): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({ id: billLines.id, hours: sql<number>`coalesce(sum(${dailyWork.hoursWorked}), 0)` })
    .from(billLines)
    .leftJoin(
      dailyWork,
      and(eq(dailyWork.deviceId, billLines.deviceId), between(dailyWork.day, billLines.fromOn, billLines.toOn)),
    )
    .where(inArray(billLines.id, lineIds))
    .groupBy(billLines.id)
    .all();
  return new Map(rows.map((r) => [r.id, r.hours]));
}

const sumOf = (value: SQLWrapper) => sql<number>`coalesce(sum(${value}), 0)`;
export const moneyOf = (i: Income) => ({
  billedCents: sumOf(i.amountCents),
  receivedCents: sumOf(i.receivedCents),
  lines: sql<number>`count(*)`,
});

/** Income summed per key (a store, renter, kind, salesperson), the largest first. */
async function breakdown(
  db: Db,
  i: Income,
  id: SQLWrapper,
  key: SQLWrapper,
  name: SQLWrapper,
): Promise<RevenueSlice[]> {
  const money = moneyOf(i);
  return (
    await db
      .select({ id: sql<number>`max(${id})`, key: sql<string>`${key}`, name: sql<string>`${name}`, ...money })
      .from(i)
      .groupBy(sql`${key}`)
      .orderBy(desc(money.billedCents), asc(sql`${key}`))
      .all()
  ).map((r) => ({ ...r, key: String(r.key), id: Number(r.id), name: String(r.name) }));
}

/** Months from the range's first to its last, `YYYY-MM`. */
export function monthsOf(range: Range): string[] {
  const months: string[] = [];
  let [y, m] = range.from.split('-').map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    months.push(month);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
  return months;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const utilisationOf = (hours: number, days: number) => (days > 0 ? round(hours / (days * WORKDAY_HOURS), 4) : 0);

export const leaseRevenueRoutes: RouteDef[] = [
  route(api.summary, async ({ query, data, today, deps, user }) => {
    const range = rangeOf(query, today());
    const { lessors, ...inCurrency } = await currencyScope(deps, data, query, user.orgId);
    const i = incomeOf(data, query, range, lessors);
    const db = data.unscoped('alreadyScoped');
    const money = moneyOf(i);
    const totals = (await db
      .select({
        ...money,
        // A charge of no machine is a row of machine 0 (decision 074): not a machine.
        machines: sql<number>`count(distinct nullif(${i.deviceId}, 0))`,
        daysBilled: sumOf(i.days),
        hoursWorked: sumOf(i.hoursWorked),
      })
      .from(i)
      .get())!;

    // The expenses of the machines billed under the filter, dated within the range.
    const expenseMonth = sql<string>`substr(${deviceExpenses.date}, 1, 7)`;
    const expenses = await data
      .select({ month: expenseMonth, cents: sumOf(deviceExpenses.amountCents) })
      .from(deviceExpenses, data.orgScope(deviceExpenses.orgId))
      .where(
        and(
          inArray(deviceExpenses.deviceId, db.selectDistinct({ id: i.deviceId }).from(i)),
          gte(deviceExpenses.date, range.from),
          lte(deviceExpenses.date, range.to),
        ),
      )
      .groupBy(expenseMonth)
      .all();
    const expenseByMonth = new Map(expenses.map((e) => [e.month, e.cents]));
    const expenseCents = expenses.reduce((s, e) => s + e.cents, 0);
    // The machines rented in cost their sub-lease's days within the range, idle or not (decision 042).
    const narrowed = query.storeId || query.renterId || query.salespersonId;
    const sublease = await subleaseCostOf(data, range, monthsOf(range), {
      kind: query.kind || undefined,
      lessors,
      billedMachines: narrowed ? db.selectDistinct({ id: i.deviceId }).from(i) : undefined,
    });

    const incomeByMonth = new Map(
      (
        await db
          .select({ month: i.month, ...money })
          .from(i)
          .groupBy(sql`${i.month}`)
          .all()
      ).map((r) => [r.month, r]),
    );
    const months = monthsOf(range).map((month) => {
      const income = incomeByMonth.get(month);
      const billedCents = income?.billedCents ?? 0;
      const spent = expenseByMonth.get(month) ?? 0;
      const subleaseCents = sublease.byMonth.get(month) ?? 0;
      return {
        month,
        billedCents,
        receivedCents: income?.receivedCents ?? 0,
        expenseCents: spent,
        subleaseCents,
        profitCents: billedCents - spent - subleaseCents,
      };
    });

    const hours = sumOf(i.hoursWorked);
    const days = sumOf(i.days);
    const machineRows = (
      await db
        .select({
          deviceId: i.deviceId,
          serialNumber: sql<string>`max(${i.serialNumber})`,
          kind: sql<string>`max(${i.kind})`,
          daysBilled: days,
          hoursWorked: hours,
          billedCents: sumOf(i.amountCents),
        })
        .from(i)
        .where(ne(i.deviceId, 0))
        .groupBy(sql`${i.deviceId}`)
        .orderBy(asc(sql`${hours} / nullif(${days}, 0)`), asc(sql`max(${i.serialNumber})`))
        .limit(200)
        .all()
    ).map((m) => ({
      ...m,
      hoursWorked: round(m.hoursWorked, 2),
      utilisation: utilisationOf(m.hoursWorked, m.daysBilled),
    }));
    // The machines rented in: what their sub-lessors are owed for the range, and the margin left (decision 079).
    const owed = await payablesOfMachines(
      data,
      range,
      machineRows.map((m) => m.deviceId),
      lessors,
    );
    const machines = machineRows.map((m) => {
      const payableCents = owed.get(m.deviceId);
      return payableCents === undefined ? m : { ...m, payableCents, marginCents: Number(m.billedCents) - payableCents };
    });

    return {
      ...inCurrency,
      range,
      totals: {
        billedCents: totals.billedCents,
        receivedCents: totals.receivedCents,
        expenseCents,
        subleaseCents: sublease.totalCents,
        profitCents: totals.billedCents - expenseCents - sublease.totalCents,
        lines: totals.lines,
        machines: totals.machines,
        daysBilled: totals.daysBilled,
        hoursWorked: round(totals.hoursWorked, 2),
        utilisation: utilisationOf(totals.hoursWorked, totals.daysBilled),
      },
      months,
      byStore: await breakdown(db, i, i.storeId, i.storeId, sql`max(${i.storeName})`),
      byRenter: await breakdown(db, i, i.renterId, i.renterId, sql`max(${i.renterName})`),
      byKind: await breakdown(db, i, sql`0`, i.kind, i.kind),
      bySalesperson: await breakdown(db, i, i.salespersonId, i.salespersonId, sql`max(${i.salespersonName})`),
      machines,
    };
  }),

  route(api.incomeList, async ({ query, data, today, deps, user }) => {
    const range = rangeOf(query, today());
    const { lessors, ...inCurrency } = await currencyScope(deps, data, query, user.orgId);
    const i = incomeOf(data, query, range, lessors);
    const db = data.unscoped('alreadyScoped');
    // Each line's hours are counted for the page's lines only, not for every line of the range before it is paged.
    const { salespersonId: _s, hoursWorked: _h, ...columns } = i._.selectedFields;
    const rows = db.select(columns).from(i).$dynamic();
    const order = listOrder(query, { toOn: i.toOn, amountCents: i.amountCents, days: i.days }, i.id, [
      desc(i.toOn),
      desc(i.id),
    ]);
    const totals = (await db
      .select({ ...moneyOf(i), days: sumOf(i.days), lines: count() })
      .from(i)
      .get())!;
    const { rows: page, ...paging } = await listPage(data, query, rows, order, totals.lines);
    const hours = await hoursOfLines(
      db,
      page.map((r) => r.id),
    );
    return {
      ...paging,
      ...inCurrency,
      list: page.map((r) => ({ ...r, hoursWorked: round(hours.get(r.id) ?? 0, 2), money: inCurrency.money })),
      totals: { billedCents: totals.billedCents, receivedCents: totals.receivedCents, days: totals.days },
    };
  }),

  route(api.statement, async ({ query, data, lang, deps }) => {
    const contract = await data
      .select({ id: contracts.id, lessorOrgId: contracts.lessorOrgId })
      .from(contracts, data.orgScope(contracts.lessorOrgId, contracts.renterOrgId))
      .where(eq(contracts.id, query.contractId))
      .get();
    if (!contract) throw notFound();
    const file = await usageStatementPdf(
      data.unscoped('alreadyScoped'),
      contract.id,
      query.month,
      lang === 'en_US' ? 'en' : 'zh',
      (await orgBrand(deps, data.unscoped('alreadyScoped'), contract.lessorOrgId)).money,
    );
    if (!file) throw notFound();
    return {
      fileName: file.fileName,
      mimeType: 'application/pdf',
      content: Buffer.from(file.bytes).toString('base64'),
    };
  }),
];
