import { and, asc, desc, eq, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { fences } from '@console/db/schema/fences';
import { alarms } from '@console/db/schema/warning';
import { FENCE_ALARM_TYPES, fenceEndpoints, type FenceDetail, type FenceRow } from '@console/contract/http/fences';
import type { ParsedBodyOf } from '@console/contract/http/endpoint';
import { contains, fenceAlarmDetail } from '../ingest/fence-rules.ts';
import { forgetFences } from '../ingest/fence-watch.ts';
import { forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { deviceScope, orgNames, visibleOrgIds } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { dayInZone, formatInZone } from '../lib/time.ts';
import { devicePageBySerial, ownerOrgIds } from './device-access.ts';
import { sortColumn } from '../lib/sorting.ts';

type FenceRecord = typeof fences.$inferSelect;
type FenceForm = ParsedBodyOf<typeof fenceEndpoints.create>;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const matches = (column: AnyColumn, text: string) => sql`${column} like ${likeText(text)} escape '\\'`;

/**
 * The fences a user reads: those of their organisations, and those holding a machine they see (a customer
 * sees where its machines may go). Editing needs an editor of an organisation that owns machines (decision 011).
 */
function readableFences(db: Db, user: SessionUser): SQL {
  return or(
    inArray(fences.orgId, visibleOrgIds(db, user)),
    inArray(
      fences.id,
      db
        .select({ id: devices.fenceId })
        .from(devices)
        .where(and(isNotNull(devices.fenceId), deviceScope(db, user))),
    ),
  )!;
}

function readFence(db: Db, user: SessionUser, id: number): FenceRecord {
  const fence = db
    .select()
    .from(fences)
    .where(and(eq(fences.id, id), readableFences(db, user)))
    .get();
  if (!fence) throw notFound();
  return fence;
}

function editFence(db: Db, user: SessionUser, id: number): FenceRecord {
  const fence = readFence(db, user, id);
  if (!ownerOrgIds(db, user).includes(fence.orgId)) throw forbidden();
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

function toRows(
  db: Db,
  user: SessionUser,
  rows: (FenceRecord & { deviceCount: number })[],
  timeZone: string,
  now: number,
) {
  const today = dayInZone(now, timeZone);
  const orgIds = [...new Set(rows.map((r) => r.orgId))];
  const owners = orgNames(db, orgIds);
  const owned = ownerOrgIds(db, user);
  return rows.map((r): FenceRow => ({
    id: r.id,
    name: r.name,
    shapeType: r.shape.type,
    deviceCount: r.deviceCount,
    startDate: r.startDate,
    endDate: r.endDate,
    alarmStart: r.alarmStart,
    alarmEnd: r.alarmEnd,
    monitoring: r.startDate <= today && today <= r.endDate,
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
function bindable(db: Db, user: SessionUser, ids: number[]): number[] {
  const owned = ownerOrgIds(db, user);
  const found = db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, ids), inArray(devices.orgId, owned.length ? owned : [-1])))
    .all()
    .map((d) => d.id);
  if (found.length !== new Set(ids).size) throw invalidField('deviceIds', 'fences.foreignMachine');
  return found;
}

export const fenceRoutes: RouteDef[] = [
  route(fenceEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const now = deps.now();
    const today = dayInZone(now, timeZone);
    const monitoring = and(sql`${fences.startDate} <= ${today}`, sql`${fences.endDate} >= ${today}`);
    const where = and(
      readableFences(db, user),
      query.name ? matches(fences.name, query.name) : undefined,
      query.contact
        ? or(matches(fences.contactName, query.contact), matches(fences.contactPhone, query.contact))
        : undefined,
      query.location ? matches(fences.location, query.location) : undefined,
      query.monitoring === 'yes' ? monitoring : query.monitoring === 'no' ? sql`not (${monitoring})` : undefined,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(fences)
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const column = query.sortField === 'deviceCount' ? sql`device_count` : sortColumn(SORTS, query.sortField);
    const orderBy = column ? [order(column), desc(fences.id)] : [desc(fences.id)];
    const rows = db
      .select({ fence: fences, deviceCount })
      .from(fences)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all()
      .map((r) => ({ ...r.fence, deviceCount: r.deviceCount }));
    return { list: toRows(db, user, rows, timeZone, now), total, page: query.page, pageSize: query.pageSize };
  }),

  route(fenceEndpoints.options, ({ user, deps }) => {
    const { db } = deps.dbh;
    return db
      .select({ id: fences.id, name: fences.name })
      .from(fences)
      .where(readableFences(db, user))
      .orderBy(fences.name)
      .all();
  }),

  route(fenceEndpoints.detail, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const fence = readFence(db, user, query.id);
    const count = db
      .select({ n: sql<number>`count(*)` })
      .from(devices)
      .where(eq(devices.fenceId, fence.id))
      .get()!.n;
    const [row] = toRows(db, user, [{ ...fence, deviceCount: count }], timeZone, deps.now());
    const detail: FenceDetail = {
      ...row!,
      mapProvider: fence.mapProvider,
      shape: fence.shape,
      timeZone: fence.timeZone,
    };
    return detail;
  }),

  route(fenceEndpoints.create, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    if (!ownerOrgIds(db, user).includes(user.orgId)) throw forbidden();
    const now = deps.now();
    const created = db
      .insert(fences)
      .values({ orgId: user.orgId, ...fenceValues(body, timeZone, now), createdAt: new Date(now) })
      .returning({ id: fences.id })
      .get();
    return { id: created.id };
  }),

  route(fenceEndpoints.update, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const fence = editFence(db, user, body.id);
    db.update(fences)
      .set(fenceValues(body, timeZone, deps.now()))
      .where(eq(fences.id, fence.id))
      .run();
    forgetFences();
    return { id: fence.id };
  }),

  route(fenceEndpoints.delete, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const fence = editFence(db, user, body.id);
    db.transaction((tx) => {
      tx.update(devices).set({ fenceId: null }).where(eq(devices.fenceId, fence.id)).run();
      tx.delete(fences).where(eq(fences.id, fence.id)).run();
    });
    forgetFences();
    return { id: fence.id };
  }),

  route(fenceEndpoints.devices, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const fence = readFence(db, user, query.id);
    const where = and(
      eq(devices.fenceId, fence.id),
      deviceScope(db, user),
      query.serialNumber ? matches(devices.serialNumber, query.serialNumber) : undefined,
    );
    const { rows, total } = devicePageBySerial(db, where, query);
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

  route(fenceEndpoints.candidates, ({ query, user, deps }) => {
    const { db } = deps.dbh;
    const fence = editFence(db, user, query.id);
    const owned = ownerOrgIds(db, user);
    const rows = db
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        fenceId: devices.fenceId,
        fenceName: sql<string | null>`(select "f"."name" from "fences" "f" where "f"."id" = "devices"."fence_id")`,
      })
      .from(devices)
      .where(
        and(
          inArray(devices.orgId, owned),
          sql`${devices.fenceId} is not ${fence.id}`,
          query.search
            ? or(matches(devices.serialNumber, query.search), matches(devices.deviceName, query.search))
            : undefined,
        ),
      )
      .orderBy(asc(devices.serialNumber))
      .limit(20)
      .all();
    return rows.map((r) => ({ ...r, fenceName: r.fenceName ?? '' }));
  }),

  route(fenceEndpoints.bind, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const fence = editFence(db, user, body.id);
    const ids = bindable(db, user, body.deviceIds);
    db.update(devices).set({ fenceId: fence.id }).where(inArray(devices.id, ids)).run();
    forgetFences();
    return { bound: ids.length };
  }),

  route(fenceEndpoints.unbind, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const fence = editFence(db, user, body.id);
    const result = db
      .update(devices)
      .set({ fenceId: null })
      .where(and(eq(devices.fenceId, fence.id), inArray(devices.id, body.deviceIds)))
      .run();
    forgetFences();
    return { unbound: result.changes };
  }),

  route(fenceEndpoints.alarms, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const fence = readFence(db, user, query.id);
    const where = and(
      inArray(alarms.type, query.type ? [query.type] : [...FENCE_ALARM_TYPES]),
      eq(alarms.detail, fenceAlarmDetail(fence.id)),
      inArray(alarms.deviceId, db.select({ id: devices.id }).from(devices).where(deviceScope(db, user))),
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(alarms)
      .where(where)
      .get()!.n;
    const rows = db
      .select({ alarm: alarms, serialNumber: devices.serialNumber })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(where)
      .orderBy(desc(alarms.startedAt), desc(alarms.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    const list = rows.map(({ alarm: a, serialNumber }) => ({
      id: a.id,
      deviceId: a.deviceId,
      serialNumber,
      type: a.type as (typeof FENCE_ALARM_TYPES)[number],
      startedAt: formatInZone(a.startedAt, timeZone),
      endedAt: a.endedAt ? formatInZone(a.endedAt, timeZone) : '',
      handled: a.handledAt !== null,
    }));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }),
];
