import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { DUE_SOON_HOURS, upkeepEndpoints, type UpkeepDue, type UpkeepPlan } from '@console/contract/http/upkeep';
import { listPage } from '../../lib/list-page.ts';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { ScopedData } from '../../lib/data.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone } from '../../lib/time.ts';
import { ownedDevices, ownerOrgIds, visibleDevice } from '../../lib/device-access.ts';
import { deviceKeyword } from '../../lib/device-access.ts';
import { dueSoonUntil, dueState, nextDue } from './due.ts';
import { settlePlans } from './settle.ts';
import { forEachInOrder, mapInOrder } from '@console/db/in-order';

type PlanRecord = typeof upkeepPlans.$inferSelect;
type Machine = { serialNumber: string; hostName: string; kind: UpkeepPlan['machineKind']; workingHours: number };

/** The due states in SQL on the viewer's `today`, the twin of dueState (due.ts). Days compare as text. */
export function dueSql(today: string) {
  const hoursLeft = sql`(${upkeepPlans.nextDueHours} - ${devices.workingHours})`;
  const overdue = sql`((${upkeepPlans.nextDueAt} is not null and ${upkeepPlans.nextDueAt} <= ${today}) or (${upkeepPlans.nextDueHours} is not null and ${hoursLeft} <= 0))`;
  const dueSoon = sql`((${upkeepPlans.nextDueAt} > ${today} and ${upkeepPlans.nextDueAt} <= ${dueSoonUntil(today)}) or (${hoursLeft} > 0 and ${hoursLeft} <= ${DUE_SOON_HOURS}))`;
  const rank = sql<number>`case when ${overdue} then 0 when ${dueSoon} then 1 else 2 end`;
  return { overdue, dueSoon, rank };
}

const DUE_RANK: Record<UpkeepDue, number> = { overdue: 0, dueSoon: 1, ok: 2 };

/** A plan of a machine the user sees ("not found" otherwise). */
async function findPlan(data: ScopedData, id: number) {
  const plan = await data
    .select()
    .from(upkeepPlans, data.viaDevice(upkeepPlans.deviceId))
    .where(eq(upkeepPlans.id, id))
    .get();
  if (!plan) throw notFound();
  return plan;
}

/** A plan the user may change: the owner of its machine is one of the user's organisations. */
export async function ownPlan(data: ScopedData, user: SessionUser, id: number): Promise<PlanRecord> {
  const plan = await findPlan(data, id);
  if (!(await ownerOrgIds(data, user)).includes(plan.orgId)) throw forbidden();
  return plan;
}

/** The last service of a form: its day (not later than today) and hours; absent ones are today and the machine's. */
function lastService(
  body: { lastDoneAt?: string; lastDoneHours?: number | null },
  workingHours: number,
  timeZone: string,
  now: number,
) {
  const today = dayInZone(now, timeZone);
  const day = body.lastDoneAt || today;
  if (day > today) throw invalidField('lastDoneAt', 'maintenance.futureDay');
  return { day, hours: body.lastDoneHours ?? workingHours };
}

function presentPlan(r: PlanRecord, m: Machine, owned: number[], today: string): UpkeepPlan {
  const state = dueState(r, m.workingHours, today);
  return {
    id: r.id,
    deviceId: r.deviceId,
    serialNumber: m.serialNumber,
    hostName: m.hostName,
    machineKind: m.kind,
    interval: r.interval,
    intervalHours: r.intervalHours,
    content: r.content,
    lastDoneAt: r.lastDoneAt,
    lastDoneHours: r.lastDoneHours,
    workingHours: m.workingHours,
    nextDueAt: r.nextDueAt,
    nextDueHours: r.nextDueHours,
    ...state,
    workOrderId: r.workOrderId,
    lastWorkOrderId: r.lastWorkOrderId,
    editable: owned.includes(r.orgId),
  };
}

const machineColumns = {
  serialNumber: devices.serialNumber,
  hostName: devices.hostName,
  kind: devices.kind,
  workingHours: devices.workingHours,
};

export const upkeepPlanRoutes: RouteDef[] = [
  route(upkeepEndpoints.list, async ({ query, user, data, today: todayOf }) => {
    await settlePlans(data);
    // Due and overdue on the viewer's organisation's today, the same wherever the browser is (decision 026).
    const today = todayOf();
    const due = dueSql(today);
    const where = and(
      query.keyword ? deviceKeyword(data.dialect, query.keyword) : undefined,
      query.machineKind ? eq(devices.kind, query.machineKind) : undefined,
      query.interval ? eq(upkeepPlans.interval, query.interval) : undefined,
      query.due ? sql`${due.rank} = ${DUE_RANK[query.due]}` : undefined,
    );
    const order = query.sortOrder === 'descend' ? desc : asc;
    const sorted =
      query.sortField === 'lastDoneAt'
        ? [order(upkeepPlans.lastDoneAt)]
        : query.sortField === 'serialNumber'
          ? [order(devices.serialNumber)]
          : // Most urgent first: overdue, due soon, then by the next due date or the hours left.
            [
              order(due.rank),
              order(upkeepPlans.nextDueAt),
              order(sql`${upkeepPlans.nextDueHours} - ${devices.workingHours}`),
            ];
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select({ plan: upkeepPlans, ...machineColumns })
        .from(upkeepPlans, data.deviceScope())
        .innerJoin(devices, eq(devices.id, upkeepPlans.deviceId))
        .where(where),
      [...sorted, asc(upkeepPlans.id)],
    );
    const owned = await ownerOrgIds(data, user);
    return {
      list: rows.map((r) => presentPlan(r.plan, r, owned, today)),
      ...paging,
    };
  }),
  route(upkeepEndpoints.counts, async ({ data, today }) => {
    await settlePlans(data);
    const due = dueSql(today());
    const row = (await data
      .select({
        all: count(),
        dueSoon: sql<number>`coalesce(sum(case when ${due.rank} = 1 then 1 else 0 end), 0)`,
        overdue: sql<number>`coalesce(sum(case when ${due.rank} = 0 then 1 else 0 end), 0)`,
      })
      .from(upkeepPlans, data.deviceScope())
      .innerJoin(devices, eq(devices.id, upkeepPlans.deviceId))
      .get())!;
    return row;
  }),
  route(upkeepEndpoints.create, async ({ body, user, data, deps, timeZone }) => {
    const ids = await data.write(
      async (tx) =>
        await mapInOrder(await ownedDevices(tx, user, body.deviceIds), async (device) => {
          const last = lastService(body, device.workingHours, timeZone, deps.now());
          const next = nextDue(body.interval, body.intervalHours ?? null, last.day, last.hours);
          return (
            await tx
              .insert(upkeepPlans)
              .values({
                orgId: device.orgId,
                deviceId: device.id,
                interval: body.interval,
                intervalHours: body.interval === 'hours' ? body.intervalHours! : null,
                content: body.content,
                lastDoneAt: last.day,
                lastDoneHours: last.hours,
                ...next,
                createdBy: user.id,
              })
              .returning({ id: upkeepPlans.id })
              .get()
          ).id;
        }),
    );
    return { ids };
  }),
  route(upkeepEndpoints.update, async ({ body, user, data, deps, timeZone }) => {
    await settlePlans(data);
    const plan = await ownPlan(data, user, body.id);
    const device = await visibleDevice(data, plan.deviceId);
    const last = lastService(
      { lastDoneAt: body.lastDoneAt, lastDoneHours: body.lastDoneHours ?? plan.lastDoneHours },
      device.workingHours,
      timeZone,
      deps.now(),
    );
    const next = nextDue(body.interval, body.intervalHours ?? null, last.day, last.hours);
    await data.write((tx) =>
      tx
        .update(upkeepPlans)
        .set({
          interval: body.interval,
          intervalHours: body.interval === 'hours' ? body.intervalHours! : null,
          content: body.content,
          lastDoneAt: last.day,
          lastDoneHours: last.hours,
          ...next,
        })
        .where(eq(upkeepPlans.id, plan.id))
        .run(),
    );
    return { id: plan.id };
  }),
  route(upkeepEndpoints.remove, async ({ body, user, data }) => {
    // Every plan is checked before any is deleted: one outside the user's machines refuses them all.
    const ids = [...new Set(body.ids)];
    const deleted = await data.write(async (tx) => {
      await forEachInOrder(ids, (id) => ownPlan(tx, user, id));
      return (await tx.delete(upkeepPlans).where(inArray(upkeepPlans.id, ids)).run()).changes;
    });
    return { deleted };
  }),
];
