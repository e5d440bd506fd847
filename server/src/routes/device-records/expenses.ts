import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';
import { deviceRecordEndpoints, type ExpenseItem } from '@console/contract/http/device-records';
import { EXPENSE_READERS } from '@console/contract/access/device-records';
import type { ParsedBodyOf, ParsedQueryOf } from '@console/contract/http/endpoint';
import { users } from '@console/db/schema/accounts';
import { deviceExpenses } from '@console/db/schema/device-records';
import { devices } from '@console/db/schema/devices';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { keywordIn } from '../../lib/search.ts';
import { orgNames } from '../../lib/scope.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { ScopedData, Scope } from '../../lib/data.ts';
import type { SessionUser } from '../../lib/session.ts';
import { ownedDevice, ownerOrgIds } from '../../lib/device-access.ts';
import { logOperation } from './files.ts';
import { currencyChoice, moneyOfOrgs } from '../../lib/currencies.ts';
import type { AppDeps } from '../../lib/deps.ts';

type ExpenseBody = ParsedBodyOf<typeof deviceRecordEndpoints.createExpense>;

/** Cents as yuan with two decimals, as the operation log records an amount for people to read. */
const yuanText = (cents: number) => (cents / 100).toFixed(2);

/**
 * The expenses a user reads: of machines the user sees whose owner is one of the user's organisations (what
 * the owner paid is the owner's business, not its customer's or distributor's).
 */
function readableExpenses(data: ScopedData, user: SessionUser): Scope {
  const owners = data.orgScope(deviceExpenses.orgId);
  if (!(EXPENSE_READERS as readonly number[]).includes(user.roleId)) return data.narrow(owners, sql`1 = 0`);
  return data.narrow(owners, data.viaDevice(deviceExpenses.deviceId).sql);
}

/**
 * Whether a user reads the expenses of a machine the user sees: an expense reader of the organisation that owns
 * it (the same rule as the expense list). Everything that repeats expenses (the operation log) asks this too.
 */
export function mayReadExpensesOf(data: ScopedData, user: SessionUser, device: { orgId: number }): boolean {
  return (EXPENSE_READERS as readonly number[]).includes(user.roleId) && data.sees(device.orgId);
}

/** An expense the user may change: of a machine the user may change. */
async function ownExpense(data: ScopedData, user: SessionUser, id: number) {
  const row = await data
    .select()
    .from(deviceExpenses, readableExpenses(data, user))
    .where(eq(deviceExpenses.id, id))
    .get();
  if (!row) throw notFound();
  if (!(await ownerOrgIds(data, user)).includes(row.orgId)) throw forbidden();
  return row;
}

function expenseValues(body: ExpenseBody) {
  return { type: body.type, amountCents: body.amountCents, date: body.date, remark: body.remark };
}

const logged = (body: ExpenseBody) => ({ type: body.type, amount: yuanText(body.amountCents), date: body.date });

type ExpenseFilter = ParsedQueryOf<typeof deviceRecordEndpoints.expenseSummary>;

/** The filter of the list and of the ledger's totals, but the type (the totals show every type beside it). */
function matchingExpenses(dialect: Dialect, query: ExpenseFilter) {
  return and(
    query.deviceId ? eq(deviceExpenses.deviceId, query.deviceId) : undefined,
    query.orgId ? eq(deviceExpenses.orgId, query.orgId) : undefined,
    query.from ? gte(deviceExpenses.date, query.from) : undefined,
    query.to ? lte(deviceExpenses.date, query.to) : undefined,
    keywordIn(dialect, [devices.serialNumber, devices.hostName], query.keyword),
  );
}

const byType = <R extends { type: string; cents: number }>(rows: R[]) => {
  const centsOf = (type: string) => rows.filter((s) => s.type === type).reduce((sum, s) => sum + s.cents, 0);
  const [maintenance, violation, insurance] = [centsOf('maintenance'), centsOf('violation'), centsOf('insurance')];
  return { maintenance, violation, insurance, all: maintenance + violation + insurance };
};

/**
 * The currency the totals add up (decision 064): of the owners whose expenses match the filter, the one asked for,
 * else the user's company's, else the first present; with the owners billing in it.
 */
async function expenseCurrency(deps: AppDeps, data: ScopedData, user: SessionUser, query: ExpenseFilter) {
  const owners = (
    await data
      .selectDistinct({ id: deviceExpenses.orgId })
      .from(deviceExpenses, readableExpenses(data, user))
      .innerJoin(devices, eq(devices.id, deviceExpenses.deviceId))
      .where(matchingExpenses(data.dialect, query))
      .all()
  ).map((r) => r.id);
  const { orgIds, ...inCurrency } = await currencyChoice(
    deps,
    data.unscoped('alreadyScoped'),
    owners,
    query.currency,
    user.orgId,
  );
  return { ...inCurrency, inIt: inArray(deviceExpenses.orgId, orgIds.length > 0 ? orgIds : [0]) };
}

export const expenseRoutes: RouteDef[] = [
  route(deviceRecordEndpoints.expenseSummary, async ({ query, user, data, deps }) => {
    const month = sql<string>`substr(${deviceExpenses.date}, 1, 7)`;
    const { inIt, ...inCurrency } = await expenseCurrency(deps, data, user, query);
    const rows = await data
      .select({ month, type: deviceExpenses.type, cents: sql<number>`sum(${deviceExpenses.amountCents})` })
      .from(deviceExpenses, readableExpenses(data, user))
      .innerJoin(devices, eq(devices.id, deviceExpenses.deviceId))
      .where(
        and(matchingExpenses(data.dialect, query), inIt, query.type ? eq(deviceExpenses.type, query.type) : undefined),
      )
      .groupBy(month, deviceExpenses.type)
      .all();
    const months = [...new Set(rows.map((r) => r.month))].sort().reverse();
    return {
      ...inCurrency,
      months: months.map((m) => ({ month: m, ...byType(rows.filter((r) => r.month === m)) })),
      totals: byType(rows),
    };
  }),

  route(deviceRecordEndpoints.expenses, async ({ query, user, data, deps }) => {
    const readable = readableExpenses(data, user);
    const matching = matchingExpenses(data.dialect, query);
    const { inIt, money } = await expenseCurrency(deps, data, user, query);
    // Totals per type cover the whole filter but the type, so the summary shows every type beside the list.
    const sums = await data
      .select({ type: deviceExpenses.type, cents: sql<number>`sum(${deviceExpenses.amountCents})` })
      .from(deviceExpenses, readable)
      .innerJoin(devices, eq(devices.id, deviceExpenses.deviceId))
      .where(and(matching, inIt))
      .groupBy(deviceExpenses.type)
      .all();
    const where = and(matching, query.type ? eq(deviceExpenses.type, query.type) : undefined);
    const by = sortDirection(query);
    const column = query.sortField === 'amountCents' ? deviceExpenses.amountCents : deviceExpenses.date;
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select({
          expense: deviceExpenses,
          serialNumber: devices.serialNumber,
          hostName: devices.hostName,
          by: users.name,
        })
        .from(deviceExpenses, readable)
        .innerJoin(devices, eq(devices.id, deviceExpenses.deviceId))
        .leftJoin(users, eq(users.id, deviceExpenses.createdBy))
        .where(where),
      [by(column), by(deviceExpenses.id)],
    );
    const owned = await ownerOrgIds(data, user);
    const owners = await orgNames(
      data,
      rows.map((r) => r.expense.orgId),
    );
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    const list: ExpenseItem[] = rows.map(({ expense, serialNumber, hostName, by }) => ({
      id: expense.id,
      deviceId: expense.deviceId,
      serialNumber,
      hostName,
      type: expense.type,
      amountCents: expense.amountCents,
      date: expense.date,
      remark: expense.remark,
      createdBy: by ?? '',
      ownerName: owners.get(expense.orgId) ?? '',
      editable: owned.includes(expense.orgId),
      money: moneyOf(expense.orgId),
    }));
    // A machine the user does not see takes no expenses from them (as one not theirs).
    const device = query.deviceId
      ? ((await data
          .select({ orgId: devices.orgId })
          .from(devices, data.deviceScope())
          .where(eq(devices.id, query.deviceId))
          .get()) ?? {
          orgId: -1,
        })
      : undefined;
    return {
      list,
      ...paging,
      totals: byType(sums),
      money,
      // May the user add expenses here: to the machine asked for, or to any machine of theirs.
      editable: device ? owned.includes(device.orgId) : owned.length > 0,
    };
  }),

  route(deviceRecordEndpoints.createExpense, async ({ body, user, data, deps, setMessage }) => {
    const now = deps.now();
    const created = await data.write(async (tx) => {
      const device = await ownedDevice(tx, user, body.deviceId);
      const created = await tx
        .insert(deviceExpenses)
        .values({
          deviceId: device.id,
          orgId: device.orgId,
          ...expenseValues(body),
          createdBy: user.id,
          createdAt: new Date(now),
        })
        .returning({ id: deviceExpenses.id })
        .get();
      await logOperation(tx, user, device.id, 'expense.create', logged(body), now);
      return created;
    });
    setMessage('deviceRecords.expenseSaved');
    return { id: created.id };
  }),

  route(deviceRecordEndpoints.updateExpense, async ({ body, user, data, deps, setMessage }) => {
    const expense = await data.write(async (tx) => {
      const expense = await ownExpense(tx, user, body.id);
      // The expense may move to another of the user's machines.
      const device = await ownedDevice(tx, user, body.deviceId);
      await tx
        .update(deviceExpenses)
        .set({ ...expenseValues(body), deviceId: device.id, orgId: device.orgId })
        .where(eq(deviceExpenses.id, expense.id))
        .run();
      await logOperation(tx, user, device.id, 'expense.update', logged(body), deps.now());
      return expense;
    });
    setMessage('deviceRecords.expenseSaved');
    return { id: expense.id };
  }),

  route(deviceRecordEndpoints.deleteExpense, async ({ body, user, data, deps, setMessage }) => {
    const expense = await data.write(async (tx) => {
      const expense = await ownExpense(tx, user, body.id);
      await tx.delete(deviceExpenses).where(eq(deviceExpenses.id, expense.id)).run();
      await logOperation(
        tx,
        user,
        expense.deviceId,
        'expense.delete',
        { type: expense.type, amount: yuanText(expense.amountCents), date: expense.date },
        deps.now(),
      );
      return expense;
    });
    setMessage('deviceRecords.expenseDeleted');
    return { id: expense.id };
  }),
];
