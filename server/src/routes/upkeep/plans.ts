import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { upkeepPlans } from '@console/db/schema/upkeep';
import {
  DUE_SOON_DAYS,
  DUE_SOON_HOURS,
  upkeepEndpoints,
  type UpkeepDue,
  type UpkeepPlan,
} from '@console/contract/http/upkeep';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { deviceScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone, startOfDayInZone } from '../../lib/time.ts';
import { ownedDevices, ownerOrgIds } from '../device-access.ts';
import { deviceKeyword } from '../risk/tasks.ts';
import { DAY_MS, dueState, nextDue } from './due.ts';
import { settlePlans } from './settle.ts';

type PlanRecord = typeof upkeepPlans.$inferSelect;
type Machine = { serialNumber: string; hostName: string; kind: UpkeepPlan['machineKind']; workingHours: number };

/** The due states in SQL, the twin of dueState (due.ts). */
function dueSql(now: number) {
  const hoursLeft = sql`(${upkeepPlans.nextDueHours} - ${devices.workingHours})`;
  const overdue = sql`((${upkeepPlans.nextDueAt} is not null and ${upkeepPlans.nextDueAt} <= ${now}) or (${upkeepPlans.nextDueHours} is not null and ${hoursLeft} <= 0))`;
  const dueSoon = sql`((${upkeepPlans.nextDueAt} > ${now} and ${upkeepPlans.nextDueAt} <= ${now + DUE_SOON_DAYS * DAY_MS}) or (${hoursLeft} > 0 and ${hoursLeft} <= ${DUE_SOON_HOURS}))`;
  const rank = sql<number>`case when ${overdue} then 0 when ${dueSoon} then 1 else 2 end`;
  return { overdue, dueSoon, rank };
}

const DUE_RANK: Record<UpkeepDue, number> = { overdue: 0, dueSoon: 1, ok: 2 };

/** A plan of a machine the user sees ("not found" otherwise). */
function findPlan(db: Db, user: SessionUser, id: number) {
  const row = db
    .select({ plan: upkeepPlans })
    .from(upkeepPlans)
    .innerJoin(devices, eq(devices.id, upkeepPlans.deviceId))
    .where(and(eq(upkeepPlans.id, id), deviceScope(db, user)))
    .get();
  if (!row) throw notFound();
  return row.plan;
}

/** A plan the user may change: the owner of its machine is one of the user's organisations. */
export function ownPlan(db: Db, user: SessionUser, id: number): PlanRecord {
  const plan = findPlan(db, user, id);
  if (!ownerOrgIds(db, user).includes(plan.orgId)) throw forbidden();
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
  return { day, at: startOfDayInZone(day, timeZone), hours: body.lastDoneHours ?? workingHours };
}

function presentPlan(r: PlanRecord, m: Machine, owned: number[], now: number, timeZone: string): UpkeepPlan {
  const state = dueState(
    { nextDueAt: r.nextDueAt?.getTime() ?? null, nextDueHours: r.nextDueHours },
    m.workingHours,
    now,
  );
  return {
    id: r.id,
    deviceId: r.deviceId,
    serialNumber: m.serialNumber,
    hostName: m.hostName,
    machineKind: m.kind,
    interval: r.interval,
    intervalHours: r.intervalHours,
    content: r.content,
    lastDoneAt: dayInZone(r.lastDoneAt, timeZone),
    lastDoneHours: r.lastDoneHours,
    workingHours: m.workingHours,
    nextDueAt: r.nextDueAt ? dayInZone(r.nextDueAt, timeZone) : null,
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
  route(upkeepEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    settlePlans(db, timeZone);
    const now = deps.now();
    const due = dueSql(now);
    const where = and(
      deviceScope(db, user),
      query.keyword ? deviceKeyword(query.keyword) : undefined,
      query.machineKind ? eq(devices.kind, query.machineKind) : undefined,
      query.interval ? eq(upkeepPlans.interval, query.interval) : undefined,
      query.due ? sql`${due.rank} = ${DUE_RANK[query.due]}` : undefined,
    );
    const total = db
      .select({ n: count() })
      .from(upkeepPlans)
      .innerJoin(devices, eq(devices.id, upkeepPlans.deviceId))
      .where(where)
      .get()!.n;
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
    const rows = db
      .select({ plan: upkeepPlans, ...machineColumns })
      .from(upkeepPlans)
      .innerJoin(devices, eq(devices.id, upkeepPlans.deviceId))
      .where(where)
      .orderBy(...sorted, asc(upkeepPlans.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    const owned = ownerOrgIds(db, user);
    return {
      list: rows.map((r) => presentPlan(r.plan, r, owned, now, timeZone)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),
  route(upkeepEndpoints.counts, ({ user, deps, timeZone }) => {
    const { db } = deps.dbh;
    settlePlans(db, timeZone);
    const due = dueSql(deps.now());
    const row = db
      .select({
        all: count(),
        dueSoon: sql<number>`coalesce(sum(case when ${due.rank} = 1 then 1 else 0 end), 0)`,
        overdue: sql<number>`coalesce(sum(case when ${due.rank} = 0 then 1 else 0 end), 0)`,
      })
      .from(upkeepPlans)
      .innerJoin(devices, eq(devices.id, upkeepPlans.deviceId))
      .where(deviceScope(db, user))
      .get()!;
    return row;
  }),
  route(upkeepEndpoints.create, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const machines = ownedDevices(db, user, body.deviceIds);
    const ids = db.transaction(() =>
      machines.map((device) => {
        const last = lastService(body, device.workingHours, timeZone, deps.now());
        const next = nextDue(body.interval, body.intervalHours ?? null, last.day, last.hours, timeZone);
        return db
          .insert(upkeepPlans)
          .values({
            orgId: device.orgId,
            deviceId: device.id,
            interval: body.interval,
            intervalHours: body.interval === 'hours' ? body.intervalHours! : null,
            content: body.content,
            lastDoneAt: new Date(last.at),
            lastDoneHours: last.hours,
            nextDueAt: next.nextDueAt === null ? null : new Date(next.nextDueAt),
            nextDueHours: next.nextDueHours,
            createdBy: user.id,
          })
          .returning({ id: upkeepPlans.id })
          .get().id;
      }),
    );
    return { ids };
  }),
  route(upkeepEndpoints.update, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    settlePlans(db, timeZone);
    const plan = ownPlan(db, user, body.id);
    const device = db.select().from(devices).where(eq(devices.id, plan.deviceId)).get()!;
    const last = lastService(
      { lastDoneAt: body.lastDoneAt, lastDoneHours: body.lastDoneHours ?? plan.lastDoneHours },
      device.workingHours,
      timeZone,
      deps.now(),
    );
    const next = nextDue(body.interval, body.intervalHours ?? null, last.day, last.hours, timeZone);
    db.update(upkeepPlans)
      .set({
        interval: body.interval,
        intervalHours: body.interval === 'hours' ? body.intervalHours! : null,
        content: body.content,
        lastDoneAt: new Date(last.at),
        lastDoneHours: last.hours,
        nextDueAt: next.nextDueAt === null ? null : new Date(next.nextDueAt),
        nextDueHours: next.nextDueHours,
      })
      .where(eq(upkeepPlans.id, plan.id))
      .run();
    return { id: plan.id };
  }),
  route(upkeepEndpoints.remove, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    // Every plan is checked before any is deleted: one outside the user's machines refuses them all.
    const ids = [...new Set(body.ids)];
    ids.forEach((id) => ownPlan(db, user, id));
    const deleted = db.delete(upkeepPlans).where(inArray(upkeepPlans.id, ids)).run().changes;
    return { deleted };
  }),
];
