import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { API_STATUS } from '@console/contract/http/envelope';
import { hasRiskPermission, MAX_SCHEDULE_MS, riskEndpoints } from '@console/contract/http/risk';
import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { riskTaskItems, riskTasks } from '@console/db/schema/risk';
import { ApiError, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { deviceScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone, formatInZone } from '../../lib/time.ts';
import { levelCode } from '../../risk/levels.ts';
import { fireTask, runRiskScheduler } from '../../risk/scheduler.ts';
import { verifyRiskPassword } from '../../risk/verify-password.ts';
import { selectItems, toItem, toTask } from '../../risk/view.ts';
import { devicePageBySerial, ownerOrgIds } from '../device-access.ts';

/** Case-insensitive "contains" without LIKE, so the user's % and _ are plain characters. */
const contains = (column: AnySQLiteColumn, text: string) => sql`instr(lower(${column}), ${text.toLowerCase()}) > 0`;

/** A machine matches the keyword by its serial number or host name. */
export const deviceKeyword = (keyword: string) =>
  or(contains(devices.serialNumber, keyword), contains(devices.hostName, keyword));

/**
 * The stage of a task's machine in SQL (the twin of stageOf in risk/view.ts), for filtering tasks by their
 * execution state on the server.
 */
const itemStage = sql`case when ${riskTaskItems.commandId} is null then coalesce(${riskTaskItems.outcome}, 'scheduled') else ${commands.state} end`;
const count = (states: string[]) =>
  sql<number>`sum(case when ${itemStage} in (${sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  )}) then 1 else 0 end)`;

/** Tasks with machines in the user's scope, with per-execution counts over those machines. */
function taskSummaries(db: Db, user: SessionUser, keyword: string | undefined) {
  return db
    .select({
      taskId: riskTaskItems.taskId,
      executing: count(['scheduled', 'queued', 'sent', 'delivered']).as('executing'),
      succeeded: count(['succeeded']).as('succeeded'),
      failed: count(['failed', 'expired', 'refused']).as('failed'),
      matches: (keyword ? sql<number>`sum(case when ${deviceKeyword(keyword)} then 1 else 0 end)` : sql<number>`1`).as(
        'matches',
      ),
    })
    .from(riskTaskItems)
    .innerJoin(devices, eq(devices.id, riskTaskItems.deviceId))
    .leftJoin(commands, eq(commands.id, riskTaskItems.commandId))
    .where(deviceScope(db, user))
    .groupBy(riskTaskItems.taskId)
    .as('summary');
}

function visibleTask(db: Db, user: SessionUser, id: number) {
  const task = db.select().from(riskTasks).where(eq(riskTasks.id, id)).get();
  const items = task ? selectItems(db, [task.id], deviceScope(db, user)) : [];
  if (!task || items.length === 0) throw notFound();
  return { task, items };
}

const userNames = (db: Db, ids: (number | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  return new Map(
    db
      .select({ id: users.id, name: users.name, nickname: users.nickname, mobile: users.mobile })
      .from(users)
      .where(inArray(users.id, wanted))
      .all()
      .map((u) => [u.id, u.name || u.nickname || u.mobile]),
  );
};

export const riskTaskRoutes: RouteDef[] = [
  route(riskEndpoints.candidates, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const where = and(
      inArray(devices.orgId, ownerOrgIds(db, user)),
      query.keyword ? deviceKeyword(query.keyword) : undefined,
      query.deviceId ? eq(devices.id, query.deviceId) : undefined,
    );
    const { rows, total } = devicePageBySerial(db, where, query);
    return {
      list: rows.map((d) => ({
        id: d.id,
        serialNumber: d.serialNumber,
        hostName: d.hostName,
        online: d.online,
        sleeping: d.sleeping,
        status: d.status,
        lockLevel: levelCode(d.lockLevel),
        serviceExpiresAt: d.serviceExpiresAt ? dayInZone(d.serviceExpiresAt, timeZone) : null,
        riskPermission: hasRiskPermission(d.status),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),

  route(riskEndpoints.createTask, async ({ body, user, deps, ip, timeZone, setMessage }) => {
    const { db } = deps.dbh;
    await verifyRiskPassword(deps, user, ip, body.password);
    const ids = [...new Set(body.deviceIds)];
    const targets = db
      .select({ id: devices.id, orgId: devices.orgId, serial: devices.serialNumber, online: devices.online })
      .from(devices)
      .where(inArray(devices.id, ids))
      .all();
    if (targets.length !== ids.length) throw notFound();
    // Locking is the owner's: only machines of the user's own machine-owning organisations.
    const owned = new Set(ownerOrgIds(db, user));
    if (targets.some((d) => !owned.has(d.orgId))) throw forbidden();

    const now = deps.now();
    let dueAt = now;
    if (body.taskType === 2) {
      if (body.scheduledAt! <= now) throw invalidField('scheduledAt', 'risk.scheduleInPast');
      if (body.scheduledAt! > now + MAX_SCHEDULE_MS) throw invalidField('scheduledAt', 'risk.scheduleTooFar');
      dueAt = body.scheduledAt!;
    } else if (body.delayHours) {
      dueAt = now + Math.round(body.delayHours * 10) * 360_000;
    }
    const runsNow = dueAt <= now;
    const offline = targets.filter((d) => !d.online).map((d) => d.serial);
    // Spec section 8: a lock on an offline machine applies when it comes online; the user is told and decides.
    if (runsNow && offline.length > 0 && !body.confirmOffline) {
      throw new ApiError(API_STATUS.conflict, 'risk.offlineConfirm', { serials: offline.join(', ') }, { offline });
    }
    const task = db.transaction((tx) => {
      const row = tx
        .insert(riskTasks)
        .values({
          orgId: user.orgId,
          kind: body.kind,
          taskType: body.taskType,
          level: body.kind === 'lock' ? body.level! : 0,
          mode: body.mode,
          delayHours: body.taskType === 1 ? (body.delayHours ?? null) : null,
          dueAt: new Date(dueAt),
          createdBy: user.id,
          createdAt: new Date(now),
        })
        .returning()
        .get();
      tx.insert(riskTaskItems)
        .values(ids.map((deviceId) => ({ taskId: row.id, deviceId })))
        .run();
      return row;
    });
    if (runsNow) {
      fireTask(deps, task);
      const waiting = offline.length;
      setMessage(waiting > 0 ? 'risk.taskQueuedOffline' : 'risk.taskCreated', { count: waiting });
      return { id: task.id, waiting };
    }
    setMessage('risk.taskScheduled', { time: formatInZone(dueAt, timeZone) });
    return { id: task.id, waiting: 0 };
  }),

  route(riskEndpoints.listTasks, ({ query, user, deps, t, timeZone }) => {
    const { db } = deps.dbh;
    runRiskScheduler(deps);
    deps.commands.sweep();
    const summary = taskSummaries(db, user, query.keyword);
    const execution: Record<number, SQL> = {
      1: sql`${summary.executing} > 0`,
      2: sql`${summary.executing} = 0 and ${summary.failed} = 0 and ${summary.succeeded} > 0`,
      3: sql`${summary.executing} = 0 and ${summary.failed} > 0`,
      4: sql`${summary.executing} = 0 and ${summary.failed} = 0 and ${summary.succeeded} = 0`,
    };
    const where = and(
      query.keyword ? sql`${summary.matches} > 0` : undefined,
      query.deviceId
        ? inArray(
            riskTasks.id,
            db
              .select({ id: riskTaskItems.taskId })
              .from(riskTaskItems)
              .where(eq(riskTaskItems.deviceId, query.deviceId)),
          )
        : undefined,
      query.kind ? eq(riskTasks.kind, query.kind) : undefined,
      query.taskType ? eq(riskTasks.taskType, query.taskType) : undefined,
      query.automatic !== undefined ? eq(riskTasks.automatic, query.automatic === 1) : undefined,
      query.execution ? execution[query.execution] : undefined,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(riskTasks)
      .innerJoin(summary, eq(summary.taskId, riskTasks.id))
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const sortColumn = query.sortField === 'dueAt' ? riskTasks.dueAt : riskTasks.createdAt;
    const tasks = db
      .select({ task: riskTasks })
      .from(riskTasks)
      .innerJoin(summary, eq(summary.taskId, riskTasks.id))
      .where(where)
      .orderBy(order(sortColumn), order(riskTasks.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all()
      .map((r) => r.task);
    const items = selectItems(
      db,
      tasks.map((task) => task.id),
      deviceScope(db, user),
    );
    const names = userNames(
      db,
      tasks.map((task) => task.createdBy),
    );
    return {
      list: tasks.map((task) =>
        toTask(
          task,
          items.filter((i) => i.item.taskId === task.id),
          t,
          timeZone,
          names.get(task.createdBy ?? 0) ?? '',
        ),
      ),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),

  route(riskEndpoints.taskDetail, ({ query, user, deps, t, timeZone }) => {
    const { db } = deps.dbh;
    runRiskScheduler(deps);
    deps.commands.sweep();
    const { task, items } = visibleTask(db, user, query.id);
    const name = userNames(db, [task.createdBy]).get(task.createdBy ?? 0) ?? '';
    return { ...toTask(task, items, t, timeZone, name), items: items.map((i) => toItem(i, t, timeZone)) };
  }),

  route(riskEndpoints.cancelTask, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    deps.commands.sweep();
    const { items } = visibleTask(db, user, body.id);
    // Cancelling is the owner's, as locking is: only the machines of the user's own organisations.
    const owned = new Set(ownerOrgIds(db, user));
    const ownerOf = new Map(
      db
        .select({ id: devices.id, orgId: devices.orgId })
        .from(devices)
        .where(
          inArray(
            devices.id,
            items.map((i) => i.item.deviceId),
          ),
        )
        .all()
        .map((d) => [d.id, d.orgId]),
    );
    const mine = items.filter((i) => owned.has(ownerOf.get(i.item.deviceId)!));
    if (mine.length === 0) throw forbidden();
    let cancelled = 0;
    for (const { item, command } of mine) {
      if (!command && !item.outcome) {
        const done = db
          .update(riskTaskItems)
          .set({ outcome: 'cancelled', note: String(user.id) })
          .where(and(eq(riskTaskItems.id, item.id), sql`${riskTaskItems.commandId} is null`))
          .run();
        cancelled += done.changes;
      } else if (command && (command.state === 'queued' || command.state === 'sent')) {
        try {
          deps.commands.cancel(command.id, user.id);
          cancelled++;
        } catch (error) {
          // It moved on meanwhile (delivered or finished): it is no longer cancellable, the others still are.
          if (!(error instanceof ApiError)) throw error;
        }
      }
    }
    if (cancelled === 0) throw new ApiError(API_STATUS.conflict, 'risk.nothingCancellable');
    setMessage('risk.taskCancelled', { count: cancelled });
    return { cancelled };
  }),
];
