import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { API_STATUS } from '@console/contract/http/envelope';
import { hasRiskPermission, MAX_SCHEDULE_MS, riskEndpoints } from '@console/contract/http/risk';
import type { ScopedData } from '../../lib/data.ts';
import { users } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { riskTaskItems, riskTasks } from '@console/db/schema/risk';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { ApiError, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { formatInZone } from '../../lib/time.ts';
import { authoriseCommand } from '../../commands/authorise.ts';
import { levelCode } from '../../risk/levels.ts';
import { fireTask, runRiskScheduler } from '../../risk/scheduler.ts';
import { selectItems, toItem, toTask } from '../../risk/view.ts';
import { deviceKeyword, devicePageBySerial, ownerOrgIds } from '../../lib/device-access.ts';

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
function taskSummaries(data: ScopedData, keyword: string | undefined) {
  return (
    data
      .select({
        taskId: riskTaskItems.taskId,
        executing: count(['scheduled', 'queued', 'sent', 'delivered']).as('executing'),
        succeeded: count(['succeeded']).as('succeeded'),
        failed: count(['failed', 'expired', 'refused']).as('failed'),
        matches: (keyword
          ? sql<number>`sum(case when ${deviceKeyword(data.dialect, keyword)} then 1 else 0 end)`
          : sql<number>`1`
        ).as('matches'),
      })
      // The scope names the joined machine's columns: the items of machines in scope.
      .from(riskTaskItems, data.deviceScope())
      .innerJoin(devices, eq(devices.id, riskTaskItems.deviceId))
      .leftJoin(commands, eq(commands.id, riskTaskItems.commandId))
      .groupBy(riskTaskItems.taskId)
      .as('summary')
  );
}

/** Tasks with a machine in the user's scope (a task is seen through its machines). */
const tasksInScope = (data: ScopedData) =>
  data.within(
    riskTasks.id,
    data.select({ id: riskTaskItems.taskId }).from(riskTaskItems, data.viaDevice(riskTaskItems.deviceId)),
  );

async function visibleTask(data: ScopedData, id: number) {
  const task = await data.select().from(riskTasks, tasksInScope(data)).where(eq(riskTasks.id, id)).get();
  const items = task ? await selectItems(data, [task.id]) : [];
  if (!task || items.length === 0) throw notFound();
  return { task, items };
}

const userNames = async (data: ScopedData, ids: (number | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  return new Map(
    (
      await data
        .unscoped('referencedNames')
        .select({ id: users.id, name: users.name, nickname: users.nickname, mobile: users.mobile })
        .from(users)
        .where(inArray(users.id, wanted))
        .all()
    ).map((u) => [u.id, u.name || u.nickname || u.mobile]),
  );
};

export const riskTaskRoutes: RouteDef[] = [
  route(riskEndpoints.candidates, async ({ query, user, data }) => {
    const where = and(
      inArray(devices.orgId, await ownerOrgIds(data, user)),
      query.keyword ? deviceKeyword(data.dialect, query.keyword) : undefined,
      query.deviceId ? eq(devices.id, query.deviceId) : undefined,
    );
    const { rows, total } = await devicePageBySerial(data, where, query);
    return {
      list: rows.map((d) => ({
        id: d.id,
        serialNumber: d.serialNumber,
        hostName: d.hostName,
        online: d.online,
        sleeping: d.sleeping,
        status: d.status,
        lockLevel: levelCode(d.lockLevel),
        serviceExpiresAt: d.serviceExpiresAt,
        riskPermission: hasRiskPermission(d.status),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),

  route(riskEndpoints.createTask, async ({ body, user, data, deps, ip, timeZone, setMessage }) => {
    const ids = [...new Set(body.deviceIds)];
    // The one rule of every command (role, ownership, the user's password); the task runs with its grant.
    await authoriseCommand(data, deps, user, ip, {
      type: body.kind,
      deviceIds: ids,
      password: body.password,
    });
    const targets = await data
      .select({ id: devices.id, orgId: devices.orgId, serial: devices.serialNumber, online: devices.online })
      .from(devices, data.deviceScope())
      .where(inArray(devices.id, ids))
      .all();

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
    const task = await data.write(async (tx) => {
      const row = await tx
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
      await tx
        .insert(riskTaskItems)
        .values(ids.map((deviceId) => ({ taskId: row.id, deviceId })))
        .run();
      return row;
    });
    if (runsNow) {
      await fireTask(deps, task);
      const waiting = offline.length;
      setMessage(waiting > 0 ? 'risk.taskQueuedOffline' : 'risk.taskCreated', { count: waiting });
      return { id: task.id, waiting };
    }
    setMessage('risk.taskScheduled', { time: formatInZone(dueAt, timeZone) });
    return { id: task.id, waiting: 0 };
  }),

  route(riskEndpoints.listTasks, async ({ query, data, deps, t, timeZone }) => {
    await runRiskScheduler(deps);
    await deps.commands.sweep();
    const summary = taskSummaries(data, query.keyword);
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
            data
              .select({ id: riskTaskItems.taskId })
              .from(riskTaskItems, data.viaDevice(riskTaskItems.deviceId))
              .where(eq(riskTaskItems.deviceId, query.deviceId)),
          )
        : undefined,
      query.kind ? eq(riskTasks.kind, query.kind) : undefined,
      query.taskType ? eq(riskTasks.taskType, query.taskType) : undefined,
      query.automatic !== undefined ? eq(riskTasks.automatic, query.automatic === 1) : undefined,
      query.execution ? execution[query.execution] : undefined,
    );
    const by = sortDirection(query);
    const column = query.sortField === 'dueAt' ? riskTasks.dueAt : riskTasks.createdAt;
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select({ task: riskTasks })
        .from(riskTasks, tasksInScope(data))
        .innerJoin(summary, eq(summary.taskId, riskTasks.id))
        .where(where),
      [by(column), by(riskTasks.id)],
    );
    const tasks = rows.map((r) => r.task);
    const items = await selectItems(
      data,
      tasks.map((task) => task.id),
    );
    const names = await userNames(
      data,
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
      ...paging,
    };
  }),

  route(riskEndpoints.taskDetail, async ({ query, data, deps, t, timeZone }) => {
    await runRiskScheduler(deps);
    await deps.commands.sweep();
    const { task, items } = await visibleTask(data, query.id);
    const name = (await userNames(data, [task.createdBy])).get(task.createdBy ?? 0) ?? '';
    return { ...toTask(task, items, t, timeZone, name), items: items.map((i) => toItem(i, t, timeZone)) };
  }),

  route(riskEndpoints.cancelTask, async ({ body, user, data, deps, setMessage }) => {
    await deps.commands.sweep();
    const { items } = await visibleTask(data, body.id);
    // Cancelling is the owner's, as locking is: only the machines of the user's own organisations.
    const owned = new Set(await ownerOrgIds(data, user));
    const ownerOf = new Map(
      (
        await data
          .select({ id: devices.id, orgId: devices.orgId })
          .from(devices, data.deviceScope())
          .where(
            inArray(
              devices.id,
              items.map((i) => i.item.deviceId),
            ),
          )
          .all()
      ).map((d) => [d.id, d.orgId]),
    );
    const mine = items.filter((i) => owned.has(ownerOf.get(i.item.deviceId)!));
    if (mine.length === 0) throw forbidden();
    let cancelled = 0;
    for (const { item, command } of mine) {
      if (!command && !item.outcome) {
        const done = await data.write((tx) =>
          tx
            .update(riskTaskItems)
            .set({ outcome: 'cancelled', note: String(user.id) })
            .where(and(eq(riskTaskItems.id, item.id), sql`${riskTaskItems.commandId} is null`))
            .run(),
        );
        cancelled += done.changes;
      } else if (command && (command.state === 'queued' || command.state === 'sent')) {
        try {
          await deps.commands.cancel(command.id, user.id);
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
