import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ScopedData, Scope } from '../lib/data.ts';
import { devices } from '@console/db/schema/devices';
import { fences } from '@console/db/schema/fences';
import { alarms } from '@console/db/schema/warning';
import { FENCE_ALARM_TYPES, fenceEndpoints, type FenceDetail, type FenceRow } from '@console/contract/http/fences';
import type { ParsedBodyOf } from '@console/contract/http/endpoint';
import { listPage, sortDirection } from '../lib/list-page.ts';
import { keywordIn, textContains } from '../lib/search.ts';
import { contains, fenceAlarmDetail } from '../ingest/fence-rules.ts';
import { forgetFences } from '../ingest/fence-watch.ts';
import { forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { orgNames } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { dayInZone, formatInZone } from '../lib/time.ts';
import { devicePageBySerial, ownerOrgIds } from '../lib/device-access.ts';
import { sortColumn } from '../lib/sorting.ts';

type FenceRecord = typeof fences.$inferSelect;
type FenceForm = ParsedBodyOf<typeof fenceEndpoints.create>;

/**
 * The fences a user reads: those of their organisations, and those holding a machine they see (a customer
 * sees where its machines may go). Editing needs an editor of an organisation that owns machines (decision 011).
 */
function readableFences(data: ScopedData): Scope {
  return data.anyOf(
    data.orgScope(fences.orgId),
    data.within(
      fences.id,
      data.select({ id: devices.fenceId }).from(devices, data.deviceScope()).where(isNotNull(devices.fenceId)),
    ),
  );
}

async function readFence(data: ScopedData, id: number): Promise<FenceRecord> {
  const fence = await data.select().from(fences, readableFences(data)).where(eq(fences.id, id)).get();
  if (!fence) throw notFound();
  return fence;
}

async function editFence(data: ScopedData, user: SessionUser, id: number): Promise<FenceRecord> {
  const fence = await readFence(data, id);
  if (!(await ownerOrgIds(data, user)).includes(fence.orgId)) throw forbidden();
  return fence;
}

/** The columns a form sets; the dates and the window are read in the zone of the person saving. */
function fenceValues(body: FenceForm, timeZone: string, now: number) {
  return {
    name: body.name,
    shape: body.shape,
    mapProvider: body.mapProvider,
    startDate: body.startDate,
    endDate: body.endDate,
    alarmStart: body.alarmStart,
    alarmEnd: body.alarmEnd,
    timeZone,
    dailyLimitHours: body.dailyLimitHours ?? null,
    contactName: body.contactName ?? '',
    areaCode: body.areaCode,
    contactPhone: body.contactPhone ?? '',
    location: body.location ?? '',
    updatedAt: new Date(now),
  };
}

// Written out: inside a select, drizzle names a column without its table, which a subquery would misread.
const deviceCount = sql<number>`(select count(*) from "devices" where "devices"."fence_id" = "fences"."id")`.as(
  'device_count',
);

/**
 * A fence watches between its first and last day in its own zone (the one it was saved with, as the alarms it raises
 * count its days), whoever looks at it from wherever.
 */
const monitoringOn = (fence: { startDate: string; endDate: string }, today: string) =>
  fence.startDate <= today && today <= fence.endDate;

/** The same test in SQL: today in each zone the fences in scope keep, a handful. */
async function monitoringSql(data: ScopedData, now: number): Promise<SQL> {
  const zones = (
    await data.selectDistinct({ timeZone: fences.timeZone }).from(fences, data.orgScope(fences.orgId)).all()
  ).map((f) => f.timeZone);
  const byZone = zones.map((zone) => {
    const today = dayInZone(now, zone);
    return and(eq(fences.timeZone, zone), lte(fences.startDate, today), gte(fences.endDate, today))!;
  });
  return or(...byZone) ?? sql`1 = 0`;
}

async function toRows(
  data: ScopedData,
  user: SessionUser,
  rows: (FenceRecord & { deviceCount: number })[],
  timeZone: string,
  now: number,
) {
  const orgIds = [...new Set(rows.map((r) => r.orgId))];
  const owners = await orgNames(data, orgIds);
  const owned = await ownerOrgIds(data, user);
  return rows.map((r): FenceRow => ({
    id: r.id,
    name: r.name,
    shapeType: r.shape.type,
    deviceCount: r.deviceCount,
    startDate: r.startDate,
    endDate: r.endDate,
    alarmStart: r.alarmStart,
    alarmEnd: r.alarmEnd,
    monitoring: monitoringOn(r, dayInZone(now, r.timeZone)),
    dailyLimitHours: r.dailyLimitHours,
    contactName: r.contactName,
    areaCode: r.areaCode,
    contactPhone: r.contactPhone,
    location: r.location,
    ownerName: owners.get(r.orgId) ?? '',
    updatedAt: formatInZone(r.updatedAt, timeZone),
    editable: owned.includes(r.orgId),
  }));
}

const SORTS = {
  name: fences.name,
  startDate: fences.startDate,
  endDate: fences.endDate,
  updatedAt: fences.updatedAt,
} as const;

/** Machines the user may bind: their own organisations' machines (the owners keep the registry). */
async function bindable(data: ScopedData, user: SessionUser, ids: number[]): Promise<number[]> {
  const owned = await ownerOrgIds(data, user);
  const found = (
    await data
      .select({ id: devices.id })
      .from(devices, data.orgScope(devices.orgId))
      .where(and(inArray(devices.id, ids), inArray(devices.orgId, owned.length ? owned : [-1])))
      .all()
  ).map((d) => d.id);
  if (found.length !== new Set(ids).size) throw invalidField('deviceIds', 'fences.foreignMachine');
  return found;
}

export const fenceRoutes: RouteDef[] = [
  route(fenceEndpoints.list, async ({ query, user, data, deps, timeZone }) => {
    const now = deps.now();
    const monitoring = await monitoringSql(data, now);
    const where = and(
      textContains(data.dialect, fences.name, query.name),
      keywordIn(data.dialect, [fences.contactName, fences.contactPhone], query.contact),
      textContains(data.dialect, fences.location, query.location),
      query.monitoring === 'yes' ? monitoring : query.monitoring === 'no' ? sql`not (${monitoring})` : undefined,
    );
    const order = sortDirection(query);
    const column = query.sortField === 'deviceCount' ? sql`device_count` : sortColumn(SORTS, query.sortField);
    const orderBy = column ? [order(column), desc(fences.id)] : [desc(fences.id)];
    const { rows: matching, ...paging } = await listPage(
      data,
      query,
      data.select({ fence: fences, deviceCount }).from(fences, readableFences(data)).where(where),
      orderBy,
    );
    const rows = matching.map((r) => ({ ...r.fence, deviceCount: r.deviceCount }));
    return { list: await toRows(data, user, rows, timeZone, now), ...paging };
  }),

  route(fenceEndpoints.options, ({ data }) => {
    return data
      .select({ id: fences.id, name: fences.name })
      .from(fences, readableFences(data))
      .orderBy(fences.name)
      .all();
  }),

  route(fenceEndpoints.detail, async ({ query, user, data, deps, timeZone }) => {
    const fence = await readFence(data, query.id);
    // Every machine in the fence, as the list's count has it.
    const count = (await data
      .unscoped('references')
      .select({ n: sql<number>`count(*)` })
      .from(devices)
      .where(eq(devices.fenceId, fence.id))
      .get())!.n;
    const [row] = await toRows(data, user, [{ ...fence, deviceCount: count }], timeZone, deps.now());
    const detail: FenceDetail = {
      ...row!,
      mapProvider: fence.mapProvider,
      shape: fence.shape,
      timeZone: fence.timeZone,
    };
    return detail;
  }),

  route(fenceEndpoints.create, async ({ body, user, data, deps, timeZone }) => {
    if (!(await ownerOrgIds(data, user)).includes(user.orgId)) throw forbidden();
    const now = deps.now();
    const created = await data.write((tx) =>
      tx
        .insert(fences)
        .values({ orgId: user.orgId, ...fenceValues(body, timeZone, now), createdAt: new Date(now) })
        .returning({ id: fences.id })
        .get(),
    );
    return { id: created.id };
  }),

  route(fenceEndpoints.update, async ({ body, user, data, deps, timeZone }) => {
    const fence = await data.write(async (tx) => {
      const fence = await editFence(tx, user, body.id);
      await tx
        .update(fences)
        .set(fenceValues(body, timeZone, deps.now()))
        .where(eq(fences.id, fence.id))
        .run();
      return fence;
    });
    forgetFences();
    return { id: fence.id };
  }),

  route(fenceEndpoints.delete, async ({ body, user, data }) => {
    const fence = await data.write(async (tx) => {
      const fence = await editFence(tx, user, body.id);
      await tx.update(devices).set({ fenceId: null }).where(eq(devices.fenceId, fence.id)).run();
      await tx.delete(fences).where(eq(fences.id, fence.id)).run();
      return fence;
    });
    forgetFences();
    return { id: fence.id };
  }),

  route(fenceEndpoints.devices, async ({ query, data, timeZone }) => {
    const fence = await readFence(data, query.id);
    const where = and(
      eq(devices.fenceId, fence.id),
      textContains(data.dialect, devices.serialNumber, query.serialNumber),
    );
    const { rows, total } = await devicePageBySerial(data, where, query);
    const list = rows.map((d) => ({
      id: d.id,
      serialNumber: d.serialNumber,
      deviceName: d.deviceName,
      kind: d.kind,
      status: d.status,
      online: d.online,
      location: d.location,
      lat: d.lat,
      lng: d.lng,
      lastReportAt: d.lastReportAt ? formatInZone(d.lastReportAt, timeZone) : '',
      inside: d.lat !== null && d.lng !== null ? contains(fence.shape, { lat: d.lat, lng: d.lng }) : null,
    }));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }),

  route(fenceEndpoints.candidates, async ({ query, user, data }) => {
    const fence = await editFence(data, user, query.id);
    const owned = await ownerOrgIds(data, user);
    const rows = await data
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        fenceId: devices.fenceId,
        fenceName: sql<string | null>`(select "f"."name" from "fences" "f" where "f"."id" = "devices"."fence_id")`,
      })
      .from(devices, data.orgScope(devices.orgId))
      .where(
        and(
          inArray(devices.orgId, owned),
          // Machines in no fence or another one (SQLite's `is not <value>` is no PostgreSQL).
          or(isNull(devices.fenceId), ne(devices.fenceId, fence.id)),
          keywordIn(data.dialect, [devices.serialNumber, devices.deviceName], query.search),
        ),
      )
      .orderBy(asc(devices.serialNumber))
      .limit(20)
      .all();
    return rows.map((r) => ({ ...r, fenceName: r.fenceName ?? '' }));
  }),

  route(fenceEndpoints.bind, async ({ body, user, data }) => {
    const ids = await data.write(async (tx) => {
      const fence = await editFence(tx, user, body.id);
      const ids = await bindable(tx, user, body.deviceIds);
      await tx.update(devices).set({ fenceId: fence.id }).where(inArray(devices.id, ids)).run();
      return ids;
    });
    forgetFences();
    return { bound: ids.length };
  }),

  route(fenceEndpoints.unbind, async ({ body, user, data }) => {
    const result = await data.write(async (tx) => {
      const fence = await editFence(tx, user, body.id);
      return tx
        .update(devices)
        .set({ fenceId: null })
        .where(and(eq(devices.fenceId, fence.id), inArray(devices.id, body.deviceIds)))
        .run();
    });
    forgetFences();
    return { unbound: result.changes };
  }),

  route(fenceEndpoints.alarms, async ({ query, data, timeZone }) => {
    const fence = await readFence(data, query.id);
    const where = and(
      inArray(alarms.type, query.type ? [query.type] : [...FENCE_ALARM_TYPES]),
      eq(alarms.detail, fenceAlarmDetail(fence.id)),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select({ alarm: alarms, serialNumber: devices.serialNumber })
        .from(alarms, data.viaDevice(alarms.deviceId))
        .innerJoin(devices, eq(devices.id, alarms.deviceId))
        .where(where),
      [desc(alarms.startedAt), desc(alarms.id)],
    );
    const list = rows.map(({ alarm: a, serialNumber }) => ({
      id: a.id,
      deviceId: a.deviceId,
      serialNumber,
      type: a.type as (typeof FENCE_ALARM_TYPES)[number],
      startedAt: formatInZone(a.startedAt, timeZone),
      endedAt: a.endedAt ? formatInZone(a.endedAt, timeZone) : '',
      handled: a.handledAt !== null,
    }));
    return { list, ...paging };
  }),
];
