import { and, desc, eq, gte, inArray, like, lt, notInArray, notLike, sql, type SQL } from 'drizzle-orm';
import type { OperationCategory } from '@console/contract/codes/device-records';
import { deviceRecordEndpoints, MAX_LOG_RECORDS } from '@console/contract/http/device-records';
import { COMMAND_REASONS } from '@console/contract/http/commands';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import type { Dialect } from '@console/db/dialect';
import { users } from '@console/db/schema/accounts';
import { deviceLogs, operationLogs } from '@console/db/schema/devices';
import { forbidden } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { visibleDevice } from '../../lib/device-access.ts';
import { mayReadExpensesOf } from './expenses.ts';

/**
 * The first and the first-after-last millisecond of a month (`YYYY-MM`) in the user's zone: a query covers one
 * calendar month and never crosses into another (spec section 5).
 */
export function monthRange(month: string, timeZone: string): [number, number] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [startOfDayInZone(`${month}-01`, timeZone), startOfDayInZone(`${next}-01`, timeZone)];
}

type Params = Record<string, string | number>;
type Translate = (key: MessageKey, params?: Params) => string;

/** The envelope message of a log answer: the spec's words when the month is empty or holds too many. */
function answerNote(ctx: { setMessage: (key: MessageKey, params?: Params) => void }, total: number) {
  if (total === 0) ctx.setMessage('deviceRecords.noData');
  else if (total > MAX_LOG_RECORDS) ctx.setMessage('deviceRecords.limited', { limit: MAX_LOG_RECORDS, total });
}

const SLEEP_WAKE = ['sleep', 'wake'];

/**
 * Operation log actions by category: commands by their type, the rest by the action's prefix (the server writes
 * the actions in lower case, so LIKE matches them alike on both engines).
 */
const categoryWhere = (dialect: Dialect): Record<OperationCategory, SQL> => {
  const commandType = dialect.jsonText(operationLogs.detail, 'type');
  return {
    command: and(like(operationLogs.action, 'command.%'), notInArray(commandType, SLEEP_WAKE))!,
    sleepWake: and(like(operationLogs.action, 'command.%'), inArray(commandType, SLEEP_WAKE))!,
    registry: like(operationLogs.action, 'registry.%'),
    file: like(operationLogs.action, 'file.%'),
    expense: like(operationLogs.action, 'expense.%'),
    other: sql`${operationLogs.action} not like 'command.%' and ${operationLogs.action} not like 'registry.%'
    and ${operationLogs.action} not like 'file.%' and ${operationLogs.action} not like 'expense.%'`,
  };
};

function categoryOf(action: string, type: unknown): OperationCategory {
  const prefix = action.split('.')[0];
  if (prefix === 'command') return type === 'sleep' || type === 'wake' ? 'sleepWake' : 'command';
  if (prefix === 'registry' || prefix === 'file' || prefix === 'expense') return prefix;
  return 'other';
}

const text = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The plain values of an entry's detail (JSON written by whoever logged it) that a reader needs. */
function detailText(action: string, detail: Record<string, unknown>, t: Translate): string {
  if (action.startsWith('command.')) {
    const reason = detail.reason;
    if (typeof reason === 'string' && (COMMAND_REASONS as readonly string[]).includes(reason)) {
      return t(`command.reason.${reason}` as MessageKey, { detail: text(detail.detail) });
    }
    return detail.params ? text(detail.params) : '';
  }
  if (action === 'registry.edit') {
    return Object.entries(detail)
      .map(([field, change]) => (Array.isArray(change) ? `${field}: ${text(change[0])} → ${text(change[1])}` : field))
      .join('; ');
  }
  return Object.values(detail).map(text).filter(Boolean).join(' ');
}

function parse(detail: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(detail);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return detail ? { detail } : {};
  }
}

export const logRoutes: RouteDef[] = [
  // Whoever sees the machine reads what it did (its customer and distributor too).
  route(deviceRecordEndpoints.deviceLog, async (ctx) => {
    const { query, data, timeZone } = ctx;
    await visibleDevice(data, query.deviceId);
    const logsInScope = data.viaDevice(deviceLogs.deviceId);
    const [from, to] = monthRange(query.month, timeZone);
    const where = and(
      eq(deviceLogs.deviceId, query.deviceId),
      gte(deviceLogs.at, new Date(from)),
      lt(deviceLogs.at, new Date(to)),
      query.event ? eq(deviceLogs.event, query.event) : undefined,
    );
    const total = (await data
      .select({ n: sql<number>`count(*)` })
      .from(deviceLogs, logsInScope)
      .where(where)
      .get())!.n;
    const rows = await data
      .select()
      .from(deviceLogs, logsInScope)
      .where(where)
      .orderBy(desc(deviceLogs.at), desc(deviceLogs.id))
      .limit(MAX_LOG_RECORDS)
      .all();
    answerNote(ctx, total);
    return {
      list: rows.map((r) => ({
        id: r.id,
        event: r.event as never,
        detail: r.detail,
        at: formatInZone(r.at, timeZone),
      })),
      total,
      limit: MAX_LOG_RECORDS,
    };
  }),

  // What people did to a machine is part of its history: whoever sees the machine reads it.
  route(deviceRecordEndpoints.operationLog, async (ctx) => {
    const { query, user, data, timeZone, t } = ctx;
    const device = await visibleDevice(data, query.deviceId);
    const logsInScope = data.viaDevice(operationLogs.deviceId);
    // The log repeats the expenses entered; they are shown only to whoever reads the expenses themselves.
    const expensesVisible = mayReadExpensesOf(data, user, device);
    if (query.category === 'expense' && !expensesVisible) throw forbidden();
    const [from, to] = monthRange(query.month, timeZone);
    const where = and(
      eq(operationLogs.deviceId, query.deviceId),
      gte(operationLogs.at, new Date(from)),
      lt(operationLogs.at, new Date(to)),
      query.category ? categoryWhere(data.dialect)[query.category] : undefined,
      expensesVisible ? undefined : notLike(operationLogs.action, 'expense.%'),
    );
    const total = (await data
      .select({ n: sql<number>`count(*)` })
      .from(operationLogs, logsInScope)
      .where(where)
      .get())!.n;
    const rows = await data
      .select({ log: operationLogs, userName: users.name })
      .from(operationLogs, logsInScope)
      .leftJoin(users, eq(users.id, operationLogs.userId))
      .where(where)
      .orderBy(desc(operationLogs.at), desc(operationLogs.id))
      .limit(MAX_LOG_RECORDS)
      .all();
    answerNote(ctx, total);
    return {
      list: rows.map(({ log, userName }) => {
        const detail = parse(log.detail);
        const isCommand = log.action.startsWith('command.');
        return {
          id: log.id,
          category: categoryOf(log.action, detail.type),
          action: log.action,
          commandType: isCommand ? text(detail.type) || null : null,
          lockLevel: isCommand && typeof detail.level === 'string' ? detail.level : null,
          commandId: log.commandId,
          userName: userName ?? '',
          detail: detailText(log.action, detail, t),
          at: formatInZone(log.at, timeZone),
        };
      }),
      total,
      limit: MAX_LOG_RECORDS,
    };
  }),
];
