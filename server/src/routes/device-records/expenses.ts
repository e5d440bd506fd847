import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { deviceRecordEndpoints, EXPENSE_READERS, type ExpenseItem } from '@console/contract/http/device-records';
import type { ParsedBodyOf } from '@console/contract/http/endpoint';
import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { deviceExpenses } from '@console/db/schema/device-records';
import { devices } from '@console/db/schema/devices';
import { forbidden, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { visibleOrgIds } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { inDeviceScope, ownedDevice, ownerOrgIds } from '../device-access.ts';
import { logOperation } from './files.ts';

type ExpenseBody = ParsedBodyOf<typeof deviceRecordEndpoints.createExpense>;

const toFen = (yuan: number) => Math.round(yuan * 100);
const toYuan = (fen: number) => fen / 100;

/**
 * The expenses a user reads: of machines the user sees whose owner is one of the user's organisations (what
 * the owner paid is the owner's business, not its customer's or distributor's).
 */
function readableExpenses(db: Db, user: SessionUser) {
  if (!(EXPENSE_READERS as readonly number[]).includes(user.roleId)) return sql`0`;
  return and(
    inArray(deviceExpenses.orgId, visibleOrgIds(db, user)),
    inArray(deviceExpenses.deviceId, db.select({ id: devices.id }).from(devices).where(inDeviceScope(db, user))),
  )!;
}

/** An expense the user may change: of a machine the user may change. */
function ownExpense(db: Db, user: SessionUser, id: number) {
  const row = db
    .select()
    .from(deviceExpenses)
    .where(and(eq(deviceExpenses.id, id), readableExpenses(db, user)))
    .get();
  if (!row) throw notFound();
  if (!ownerOrgIds(db, user).includes(row.orgId)) throw forbidden();
  return row;
}

function expenseValues(body: ExpenseBody) {
  return { type: body.type, amountFen: toFen(body.amount), date: body.date, remark: body.remark };
}

const logged = (body: ExpenseBody) => ({ type: body.type, amount: body.amount.toFixed(2), date: body.date });

export const expenseRoutes: RouteDef[] = [
  route(deviceRecordEndpoints.expenses, ({ query, user, deps }) => {
    const { db } = deps.dbh;
    const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const matching = and(
      readableExpenses(db, user),
      query.deviceId ? eq(deviceExpenses.deviceId, query.deviceId) : undefined,
      query.from ? gte(deviceExpenses.date, query.from) : undefined,
      query.to ? lte(deviceExpenses.date, query.to) : undefined,
      query.keyword
        ? or(
            sql`${devices.serialNumber} like ${contains(query.keyword)} escape '\\'`,
            sql`${devices.hostName} like ${contains(query.keyword)} escape '\\'`,
          )
        : undefined,
    );
    // Totals per type cover the whole filter but the type, so the summary shows every type beside the list.
    const sums = db
      .select({ type: deviceExpenses.type, fen: sql<number>`sum(${deviceExpenses.amountFen})` })
      .from(deviceExpenses)
      .innerJoin(devices, eq(devices.id, deviceExpenses.deviceId))
      .where(matching)
      .groupBy(deviceExpenses.type)
      .all();
    const fenOf = (type: string) => sums.find((s) => s.type === type)?.fen ?? 0;
    const where = and(matching, query.type ? eq(deviceExpenses.type, query.type) : undefined);
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(deviceExpenses)
      .innerJoin(devices, eq(devices.id, deviceExpenses.deviceId))
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const sortColumn = query.sortField === 'amount' ? deviceExpenses.amountFen : deviceExpenses.date;
    const rows = db
      .select({
        expense: deviceExpenses,
        serialNumber: devices.serialNumber,
        hostName: devices.hostName,
        by: users.name,
      })
      .from(deviceExpenses)
      .innerJoin(devices, eq(devices.id, deviceExpenses.deviceId))
      .leftJoin(users, eq(users.id, deviceExpenses.createdBy))
      .where(where)
      .orderBy(order(sortColumn), order(deviceExpenses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    const owned = ownerOrgIds(db, user);
    const list: ExpenseItem[] = rows.map(({ expense, serialNumber, hostName, by }) => ({
      id: expense.id,
      deviceId: expense.deviceId,
      serialNumber,
      hostName,
      type: expense.type,
      amount: toYuan(expense.amountFen),
      date: expense.date,
      remark: expense.remark,
      createdBy: by ?? '',
      editable: owned.includes(expense.orgId),
    }));
    const [maintenance, violation, insurance] = [fenOf('maintenance'), fenOf('violation'), fenOf('insurance')];
    const device = query.deviceId
      ? db.select({ orgId: devices.orgId }).from(devices).where(eq(devices.id, query.deviceId)).get()
      : undefined;
    return {
      list,
      total,
      page: query.page,
      pageSize: query.pageSize,
      totals: {
        maintenance: toYuan(maintenance),
        violation: toYuan(violation),
        insurance: toYuan(insurance),
        all: toYuan(maintenance + violation + insurance),
      },
      // May the user add expenses here: to the machine asked for, or to any machine of theirs.
      editable: device ? owned.includes(device.orgId) : owned.length > 0,
    };
  }),

  route(deviceRecordEndpoints.createExpense, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    const device = ownedDevice(db, user, body.deviceId);
    const now = deps.now();
    const created = db
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
    logOperation(db, user, device.id, 'expense.create', logged(body), now);
    setMessage('deviceRecords.expenseSaved');
    return { id: created.id };
  }),

  route(deviceRecordEndpoints.updateExpense, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    const expense = ownExpense(db, user, body.id);
    // The expense may move to another of the user's machines.
    const device = ownedDevice(db, user, body.deviceId);
    db.update(deviceExpenses)
      .set({ ...expenseValues(body), deviceId: device.id, orgId: device.orgId })
      .where(eq(deviceExpenses.id, expense.id))
      .run();
    logOperation(db, user, device.id, 'expense.update', logged(body), deps.now());
    setMessage('deviceRecords.expenseSaved');
    return { id: expense.id };
  }),

  route(deviceRecordEndpoints.deleteExpense, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    const expense = ownExpense(db, user, body.id);
    db.delete(deviceExpenses).where(eq(deviceExpenses.id, expense.id)).run();
    logOperation(
      db,
      user,
      expense.deviceId,
      'expense.delete',
      { type: expense.type, amount: toYuan(expense.amountFen).toFixed(2), date: expense.date },
      deps.now(),
    );
    setMessage('deviceRecords.expenseDeleted');
    return { id: expense.id };
  }),
];
