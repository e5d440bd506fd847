import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  COMMAND_LOG_STEPS,
  EXECUTION_STATES,
  commandEndpoints,
  type CreateCommandForm,
} from '@console/contract/http/commands';
import { API_STATUS } from '@console/contract/http/envelope';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { commands, devices, operationLogs } from '@console/db/schema/devices';
import { selectCommands, toCommandItem, type CommandRecord } from '../commands/view.ts';
import { ApiError, forbidden, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { deviceScope, visibleOrgIds } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { formatInZone } from '../lib/time.ts';

/** Case-insensitive "contains" without LIKE, so the user's % and _ are plain characters. */
const contains = (column: AnySQLiteColumn, text: string) => sql`instr(lower(${column}), ${text.toLowerCase()}) > 0`;

/** The refusal when a machine is not online and the caller asked not to queue: the spec's words for locks. */
const OFFLINE_REFUSAL: Record<CreateCommandForm['type'], MessageKey> = {
  lock: 'command.lockFailedOffline',
  unlock: 'command.unlockFailedOffline',
  sleep: 'command.offline',
  wake: 'command.offline',
  params: 'command.offline',
};

/**
 * Commanding a machine is its owner's: a user may command and cancel on machines their organisations own (the
 * operator's staff: all). Seeing commands follows the machines the user may see (deviceScope).
 */
function assertOwner(db: Db, user: SessionUser, orgIds: number[]): void {
  const mine = new Set(visibleOrgIds(db, user));
  if (orgIds.some((id) => !mine.has(id))) throw forbidden();
}

function visibleCommand(db: Db, user: SessionUser, id: string): CommandRecord {
  const record = selectCommands(db, and(eq(commands.id, id), deviceScope(db, user))).get();
  if (!record) throw notFound();
  return record;
}

export const commandRoutes: RouteDef[] = [
  route(commandEndpoints.create, ({ body, user, deps, t, timeZone, setMessage }) => {
    const { db } = deps.dbh;
    const ids = [...new Set(body.deviceIds)];
    const targets = db
      .select({
        orgId: devices.orgId,
        serial: devices.serialNumber,
        online: devices.online,
        sleeping: devices.sleeping,
      })
      .from(devices)
      .where(inArray(devices.id, ids))
      .all();
    if (targets.length !== ids.length) throw notFound();
    assertOwner(
      db,
      user,
      targets.map((d) => d.orgId),
    );
    if (body.whenOffline === 'refuse') {
      const away = targets.filter((d) => !d.online || d.sleeping).map((d) => d.serial);
      if (away.length > 0) {
        throw new ApiError(API_STATUS.conflict, OFFLINE_REFUSAL[body.type], { serials: away.join(', ') }, { away });
      }
    }
    const created = deps.commands.enqueue({ ...body, deviceIds: ids, createdBy: user.id });
    const records = selectCommands(
      db,
      inArray(
        commands.id,
        created.map((c) => c.id),
      ),
    ).all();
    const waiting = created.filter((c) => c.state === 'queued').length;
    setMessage(waiting > 0 ? 'command.queuedOffline' : 'command.submitted', { count: waiting });
    return { list: records.map((r) => toCommandItem(r, t, timeZone)), waiting };
  }),

  route(commandEndpoints.list, ({ query, user, deps, t, timeZone }) => {
    const { db } = deps.dbh;
    // Expiry is swept on a timer; sweeping here too makes what a user sees exact to the second.
    deps.commands.sweep();
    const where = and(
      deviceScope(db, user),
      query.deviceId !== undefined ? eq(commands.deviceId, query.deviceId) : undefined,
      query.keyword
        ? or(contains(devices.serialNumber, query.keyword), contains(devices.hostName, query.keyword))
        : undefined,
      query.type ? eq(commands.type, query.type) : undefined,
      query.state ? eq(commands.state, query.state) : undefined,
      query.execution ? inArray(commands.state, EXECUTION_STATES[query.execution]!) : undefined,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(commands)
      .innerJoin(devices, eq(devices.id, commands.deviceId))
      .where(where)
      .get()!.n;
    const order = query.sortField === 'createdAt' && query.sortOrder === 'ascend' ? asc : desc;
    const records = selectCommands(db, where)
      .orderBy(order(commands.createdAt), order(commands.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    return {
      list: records.map((r) => toCommandItem(r, t, timeZone)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),

  route(commandEndpoints.detail, ({ query, user, deps, t, timeZone }) => {
    const { db } = deps.dbh;
    deps.commands.sweep();
    const record = visibleCommand(db, user, query.id);
    const logs = db
      .select({ action: operationLogs.action, userId: operationLogs.userId, name: users.name, at: operationLogs.at })
      .from(operationLogs)
      .leftJoin(users, eq(users.id, operationLogs.userId))
      .where(eq(operationLogs.commandId, query.id))
      .orderBy(asc(operationLogs.at), asc(operationLogs.id))
      .all();
    const steps = new Set<string>(COMMAND_LOG_STEPS);
    return {
      ...toCommandItem(record, t, timeZone),
      logs: logs
        .map((log) => ({ ...log, step: log.action.replace(/^command\./, '') }))
        .filter((log): log is typeof log & { step: (typeof COMMAND_LOG_STEPS)[number] } => steps.has(log.step))
        .map((log) => ({
          step: log.step,
          userId: log.userId,
          userName: log.name ?? '',
          at: formatInZone(log.at, timeZone),
        })),
    };
  }),

  route(commandEndpoints.cancel, ({ body, user, deps, t, timeZone, setMessage }) => {
    const { db } = deps.dbh;
    deps.commands.sweep();
    const record = visibleCommand(db, user, body.id);
    const owner = db
      .select({ orgId: devices.orgId })
      .from(devices)
      .where(eq(devices.id, record.command.deviceId))
      .get()!;
    assertOwner(db, user, [owner.orgId]);
    deps.commands.cancel(body.id, user.id);
    setMessage('command.cancelled');
    return toCommandItem(visibleCommand(db, user, body.id), t, timeZone);
  }),
];
