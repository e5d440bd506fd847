import { and, desc, eq, gte, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import {
  instanceAllows,
  nextNode,
  nodeApplies,
  taskAllows,
  type NodeStatus,
  type ProcessEvent,
} from '@console/contract/codes/processes';
import { ADMIN_ROLES } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import { formDataSchema, processEndpoints } from '@console/contract/http/processes';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { devices } from '@console/db/schema/devices';
import { processDefinitions, processEvents, processInstances, processTasks } from '@console/db/schema/processes';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { ApiError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { invalid, route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { ownDefinition } from './models.ts';
import { assigneesOf, workingPeople } from './people.ts';

type Instance = typeof processInstances.$inferSelect;
type Definition = typeof processDefinitions.$inferSelect;
type Task = typeof processTasks.$inferSelect;

async function record(
  tx: ScopedWrite,
  inst: Instance,
  event: ProcessEvent,
  at: Date,
  more: { nodeIndex?: number | null; by?: number | null; to?: number | null; comment?: string } = {},
) {
  await tx
    .insert(processEvents)
    .values({ orgId: inst.orgId, instanceId: inst.id, event, at, ...more })
    .run();
}

/**
 * Move an instance on from node `after` (-1: its start): skipped nodes are recorded, the next applicable node gets a
 * pending task per assignee; with none left the instance is approved. A node nobody can approve refuses the move.
 */
async function advance(tx: ScopedWrite, inst: Instance, def: Definition, after: number, at: Date) {
  const next = nextNode(def.nodes, inst.data, after);
  for (let i = after + 1; i < (next ?? def.nodes.length); i++) await record(tx, inst, 'skip', at, { nodeIndex: i });
  if (next === null) {
    await tx
      .update(processInstances)
      .set({ state: 'approved', currentNode: null, endedAt: at })
      .where(eq(processInstances.id, inst.id))
      .run();
    await record(tx, inst, 'finish', at);
    return;
  }
  const node = def.nodes[next]!;
  const assignees = await assigneesOf(tx, node, inst.orgId);
  if (assignees.length === 0) throw new ApiError(API_STATUS.conflict, 'processes.noAssignee', { node: node.name });
  await tx
    .insert(processTasks)
    .values(
      assignees.map((assigneeId) => ({
        orgId: inst.orgId,
        instanceId: inst.id,
        nodeIndex: next,
        assigneeId,
        createdAt: at,
      })),
    )
    .run();
  await tx.update(processInstances).set({ currentNode: next }).where(eq(processInstances.id, inst.id)).run();
}

/** End a running instance (rejected or withdrawn): its pending tasks are cancelled. */
async function stop(tx: ScopedWrite, inst: Instance, state: 'rejected' | 'withdrawn', at: Date) {
  await tx
    .update(processTasks)
    .set({ state: 'cancelled', handledAt: at })
    .where(and(eq(processTasks.instanceId, inst.id), eq(processTasks.state, 'pending')))
    .run();
  await tx.update(processInstances).set({ state, endedAt: at }).where(eq(processInstances.id, inst.id)).run();
}

/** The caller's task, with its instance and definition, for a decision: only a pending task of a running one. */
async function myPendingTask(tx: ScopedWrite, id: number, action: 'approve' | 'reject' | 'transfer') {
  const task = await tx
    .select()
    .from(processTasks, tx.narrow(tx.orgScope(processTasks.orgId), tx.own(processTasks.assigneeId).sql))
    .where(eq(processTasks.id, id))
    .get();
  if (!task) throw notFound();
  if (!taskAllows(action, task.state)) throw conflict('processes.taskHandled');
  const inst = await tx
    .select()
    .from(processInstances, tx.orgScope(processInstances.orgId))
    .where(eq(processInstances.id, task.instanceId))
    .get();
  // An assignee decides while the process allows its moves (running).
  if (!inst || !instanceAllows('reject', inst.state)) throw conflict('processes.notRunning');
  return { task, inst, def: await definitionOf(tx, inst) };
}

async function definitionOf(data: ScopedData, inst: Instance): Promise<Definition> {
  return (await data
    .select()
    .from(processDefinitions, data.orgScope(processDefinitions.orgId))
    .where(eq(processDefinitions.id, inst.definitionId))
    .get())!;
}

async function decide(
  tx: ScopedWrite,
  task: Task,
  state: 'approved' | 'rejected' | 'transferred',
  comment: string,
  at: Date,
) {
  await tx.update(processTasks).set({ state, comment, handledAt: at }).where(eq(processTasks.id, task.id)).run();
}

/** Rows for the lists: instances with their definition's name, category, version and current node. */
async function presentInstances(data: ScopedData, rows: { i: Instance; d: Definition }[], timeZone: string) {
  const names = await userNames(
    data,
    rows.map((r) => r.i.startedBy),
  );
  const me = data.me.id;
  return rows.map(({ i, d }) => ({
    id: i.id,
    number: i.number,
    orgId: i.orgId,
    definitionId: i.definitionId,
    name: d.name,
    category: d.category,
    version: d.version,
    title: i.title,
    state: i.state,
    startedById: i.startedBy,
    startedByName: names.get(i.startedBy) ?? '',
    currentNode: i.state === 'running' && i.currentNode !== null ? (d.nodes[i.currentNode]?.name ?? '') : '',
    startedAt: formatInZone(i.startedAt, timeZone),
    endedAt: i.endedAt ? formatInZone(i.endedAt, timeZone) : '',
    canWithdraw: i.startedBy === me && instanceAllows('withdraw', i.state),
  }));
}

async function presentTasks(data: ScopedData, rows: { t: Task; i: Instance; d: Definition }[], timeZone: string) {
  const names = await userNames(
    data,
    rows.map((r) => r.i.startedBy),
  );
  return rows.map(({ t, i, d }) => ({
    id: t.id,
    instanceId: i.id,
    number: i.number,
    name: d.name,
    category: d.category,
    title: i.title,
    nodeName: d.nodes[t.nodeIndex]?.name ?? '',
    state: t.state,
    instanceState: i.state,
    startedByName: names.get(i.startedBy) ?? '',
    startedAt: formatInZone(i.startedAt, timeZone),
    createdAt: formatInZone(t.createdAt, timeZone),
    handledAt: t.handledAt ? formatInZone(t.handledAt, timeZone) : '',
    comment: t.comment,
  }));
}

/** The diagram's state of each node of an instance. */
function nodeStatus(i: number, inst: Instance, def: Definition, tasks: Task[]): NodeStatus {
  const mine = tasks.filter((t) => t.nodeIndex === i);
  if (mine.some((t) => t.state === 'rejected')) return 'rejected';
  if (inst.state === 'running' && inst.currentNode === i) return 'current';
  if (inst.state === 'withdrawn' && inst.currentNode === i) return 'stopped';
  if (mine.some((t) => t.state === 'approved')) return 'passed';
  if (!nodeApplies(def.nodes[i]!, inst.data)) return 'skipped';
  return inst.state === 'running' ? 'pending' : 'stopped';
}

const TASK_LIST_SORT = { createdAt: processTasks.createdAt };

function taskList(data: ScopedData, query: { keyword?: string; category?: string }, states: SQL) {
  return data
    .select({ t: processTasks, i: processInstances, d: processDefinitions })
    .from(processTasks, data.narrow(data.orgScope(processTasks.orgId), data.own(processTasks.assigneeId).sql))
    .innerJoin(processInstances, eq(processInstances.id, processTasks.instanceId))
    .innerJoin(processDefinitions, eq(processDefinitions.id, processInstances.definitionId))
    .where(
      and(
        states,
        keywordIn(
          data.dialect,
          [processInstances.number, processInstances.title, processDefinitions.name],
          query.keyword,
        ),
        query.category ? eq(processDefinitions.category, query.category as Definition['category']) : undefined,
      ),
    );
}

export const runRoutes: RouteDef[] = [
  route(processEndpoints.start, async ({ body, data, user, deps }) => {
    const def = await ownDefinition(data, body.definitionId);
    if (def.orgId !== user.orgId) throw new ApiError(API_STATUS.forbidden, 'processes.notStarter');
    if (def.state !== 'active') throw conflict('processes.definitionSuspended');
    const parsed = formDataSchema(def.fields).safeParse(body.data);
    if (!parsed.success) throw invalid(parsed.error, 'data');
    const values = parsed.data as Record<string, unknown>;
    for (const field of def.fields) {
      const serial = values[field.key];
      if (field.type !== 'machine' || typeof serial !== 'string') continue;
      const machine = await data
        .select({ id: devices.id })
        .from(devices, data.deviceScope())
        .where(eq(devices.serialNumber, serial))
        .get();
      if (!machine) throw invalidField(field.key, 'processes.machineUnknown');
    }
    const at = new Date(deps.now());
    const starter = (await workingPeople(data, user.orgId)).find((p) => p.id === user.id)?.name ?? '';
    return data.write(async (tx) => {
      const latest = await ownDefinition(tx, def.id);
      const newer = await tx
        .select({ id: processDefinitions.id })
        .from(processDefinitions, tx.orgScope(processDefinitions.orgId))
        .where(and(eq(processDefinitions.modelId, latest.modelId), gte(processDefinitions.version, latest.version + 1)))
        .get();
      if (newer) throw conflict('processes.notOpenVersion');
      const inst = await tx
        .insert(processInstances)
        .values({
          number: '',
          orgId: def.orgId,
          definitionId: def.id,
          title: starter ? `${def.name} · ${starter}` : def.name,
          data: values,
          startedBy: user.id,
          startedAt: at,
        })
        .returning()
        .get();
      const number = `LC${String(inst.id).padStart(6, '0')}`;
      await tx.update(processInstances).set({ number }).where(eq(processInstances.id, inst.id)).run();
      await record(tx, inst, 'start', at, { by: user.id });
      await advance(tx, inst, def, -1, at);
      return { id: inst.id, number };
    });
  }),
  route(processEndpoints.mine, async ({ query, data, timeZone }) => {
    const where = and(
      keywordIn(
        data.dialect,
        [processInstances.number, processInstances.title, processDefinitions.name],
        query.keyword,
      ),
      query.state ? eq(processInstances.state, query.state) : undefined,
      query.category ? eq(processDefinitions.category, query.category) : undefined,
      query.from ? gte(processInstances.startedAt, new Date(startOfDayInZone(query.from, timeZone))) : undefined,
      query.to
        ? lt(processInstances.startedAt, new Date(startOfDayInZone(addDaysToDay(query.to, 1), timeZone)))
        : undefined,
    );
    const rows = data
      .select({ i: processInstances, d: processDefinitions })
      .from(
        processInstances,
        data.narrow(data.orgScope(processInstances.orgId), data.own(processInstances.startedBy).sql),
      )
      .innerJoin(processDefinitions, eq(processDefinitions.id, processInstances.definitionId))
      .where(where);
    const order = listOrder(query, { startedAt: processInstances.startedAt }, processInstances.id, [
      desc(processInstances.startedAt),
    ]);
    const { rows: page, ...paging } = await listPage(data, query, rows, [...order, desc(processInstances.id)]);
    return { list: await presentInstances(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.withdraw, async ({ body, data, user, deps }) => {
    const at = new Date(deps.now());
    await data.write(async (tx) => {
      const inst = await tx
        .select()
        .from(processInstances, tx.narrow(tx.orgScope(processInstances.orgId), tx.own(processInstances.startedBy).sql))
        .where(eq(processInstances.id, body.id))
        .get();
      if (!inst) throw notFound();
      if (!instanceAllows('withdraw', inst.state)) throw conflict('processes.notRunning');
      await stop(tx, inst, 'withdrawn', at);
      await record(tx, inst, 'withdraw', at, { by: user.id, nodeIndex: inst.currentNode, comment: body.comment });
    });
    return { id: body.id };
  }),
  route(processEndpoints.instanceDetail, async ({ query, data, user, timeZone }) => {
    const inst = await data
      .select()
      .from(processInstances, data.orgScope(processInstances.orgId))
      .where(eq(processInstances.id, query.id))
      .get();
    if (!inst) throw notFound();
    const tasks = await data
      .select()
      .from(processTasks, data.orgScope(processTasks.orgId))
      .where(eq(processTasks.instanceId, inst.id))
      .orderBy(processTasks.id)
      .all();
    const events = await data
      .select()
      .from(processEvents, data.orgScope(processEvents.orgId))
      .where(eq(processEvents.instanceId, inst.id))
      .orderBy(processEvents.id)
      .all();
    const reader =
      inst.startedBy === user.id ||
      tasks.some((t) => t.assigneeId === user.id) ||
      events.some((e) => e.event === 'cc' && e.to === user.id) ||
      (ADMIN_ROLES as readonly number[]).includes(user.roleId);
    if (!reader) throw notFound();
    const def = await definitionOf(data, inst);
    const names = await userNames(data, [...tasks.map((t) => t.assigneeId), ...events.flatMap((e) => [e.by, e.to])]);
    const name = (id: number | null) => (id ? (names.get(id) ?? '') : '');
    const activeTasks = tasks.filter((t) => t.state !== 'transferred' && t.state !== 'cancelled');
    return {
      instance: (await presentInstances(data, [{ i: inst, d: def }], timeZone))[0]!,
      fields: def.fields,
      data: inst.data,
      nodes: def.nodes.map((node, index) => ({
        index,
        name: node.name,
        status: nodeStatus(index, inst, def, tasks),
        assigneeNames: activeTasks.filter((t) => t.nodeIndex === index).map((t) => name(t.assigneeId)),
        node,
      })),
      events: events.map((e) => ({
        id: e.id,
        event: e.event,
        nodeName: e.nodeIndex === null ? '' : (def.nodes[e.nodeIndex]?.name ?? ''),
        byName: name(e.by),
        toName: name(e.to),
        comment: e.comment,
        at: formatInZone(e.at, timeZone),
      })),
      myTaskId: tasks.find((t) => t.assigneeId === user.id && t.state === 'pending')?.id ?? null,
    };
  }),
  route(processEndpoints.todo, async ({ query, data, timeZone }) => {
    const rows = taskList(data, query, eq(processTasks.state, 'pending'));
    const order = listOrder(query, TASK_LIST_SORT, processTasks.id, [desc(processTasks.createdAt)]);
    const { rows: page, ...paging } = await listPage(data, query, rows, [...order, desc(processTasks.id)]);
    return { list: await presentTasks(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.done, async ({ query, data, timeZone }) => {
    const states = query.state
      ? eq(processTasks.state, query.state)
      : inArray(processTasks.state, ['approved', 'rejected', 'transferred']);
    const rows = taskList(data, query, states);
    const order = listOrder(query, { handledAt: processTasks.handledAt }, processTasks.id, [
      desc(processTasks.handledAt),
    ]);
    const { rows: page, ...paging } = await listPage(data, query, rows, [...order, desc(processTasks.id)]);
    return { list: await presentTasks(data, page, timeZone), ...paging };
  }),
  route(processEndpoints.approve, async ({ body, data, user, deps }) => {
    const at = new Date(deps.now());
    await data.write(async (tx) => {
      const { task, inst, def } = await myPendingTask(tx, body.id, 'approve');
      await decide(tx, task, 'approved', body.comment, at);
      await record(tx, inst, 'approve', at, { by: user.id, nodeIndex: task.nodeIndex, comment: body.comment });
      const node = def.nodes[task.nodeIndex]!;
      const others = and(
        eq(processTasks.instanceId, inst.id),
        eq(processTasks.nodeIndex, task.nodeIndex),
        eq(processTasks.state, 'pending'),
        ne(processTasks.id, task.id),
      );
      if (node.mode === 'any') {
        await tx.update(processTasks).set({ state: 'cancelled', handledAt: at }).where(others).run();
      } else if (
        await tx.select({ id: processTasks.id }).from(processTasks, tx.orgScope(processTasks.orgId)).where(others).get()
      ) {
        return;
      }
      await record(tx, inst, 'nodePassed', at, { nodeIndex: task.nodeIndex });
      for (const to of node.ccUserIds) await record(tx, inst, 'cc', at, { nodeIndex: task.nodeIndex, to });
      await advance(tx, inst, def, task.nodeIndex, at);
    });
    return { id: body.id };
  }),
  route(processEndpoints.reject, async ({ body, data, user, deps }) => {
    const at = new Date(deps.now());
    await data.write(async (tx) => {
      const { task, inst } = await myPendingTask(tx, body.id, 'reject');
      await decide(tx, task, 'rejected', body.comment, at);
      await stop(tx, inst, 'rejected', at);
      await record(tx, inst, 'reject', at, { by: user.id, nodeIndex: task.nodeIndex, comment: body.comment });
    });
    return { id: body.id };
  }),
  route(processEndpoints.transfer, async ({ body, data, user, deps }) => {
    const at = new Date(deps.now());
    await data.write(async (tx) => {
      const { task, inst } = await myPendingTask(tx, body.id, 'transfer');
      const target = (await workingPeople(tx, inst.orgId)).find((p) => p.id === body.userId);
      if (!target) throw invalidField('userId', 'processes.personOutside');
      const already = await tx
        .select({ id: processTasks.id })
        .from(processTasks, tx.orgScope(processTasks.orgId))
        .where(
          and(
            eq(processTasks.instanceId, inst.id),
            eq(processTasks.nodeIndex, task.nodeIndex),
            eq(processTasks.assigneeId, body.userId),
            or(eq(processTasks.state, 'pending'), eq(processTasks.state, 'approved')),
          ),
        )
        .get();
      if (body.userId === user.id || already) throw invalidField('userId', 'processes.transferTarget');
      await decide(tx, task, 'transferred', body.comment, at);
      await tx
        .insert(processTasks)
        .values({
          orgId: inst.orgId,
          instanceId: inst.id,
          nodeIndex: task.nodeIndex,
          assigneeId: body.userId,
          createdAt: at,
        })
        .run();
      await record(tx, inst, 'transfer', at, {
        by: user.id,
        to: body.userId,
        nodeIndex: task.nodeIndex,
        comment: body.comment,
      });
    });
    return { id: body.id };
  }),
];
