import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { faultRecords } from '@console/db/schema/faults';
import { alarms } from '@console/db/schema/warning';
import { FAULT_RAISERS, FAULT_WRITERS, faultEndpoints, type FaultRow } from '@console/contract/http/faults';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { jsonHas, keepsMachine } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { deviceScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone, formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { visibleDevice } from '../device-access.ts';
import { deviceKeyword } from '../risk/tasks.ts';
import { sortColumn } from '../../lib/sorting.ts';

const DAY_MS = 24 * 3600 * 1000;
type FaultRecord = typeof faultRecords.$inferSelect;
type Machine = { serialNumber: string; kind: FaultRow['machineKind'] };

const is = (list: readonly number[], user: SessionUser) => list.includes(user.roleId);

/** A day of the form, not later than today in the user's zone; answers its first millisecond. */
function pastDay(day: string, field: string, timeZone: string, now: number): number {
  if (day > dayInZone(now, timeZone)) throw invalidField(field, 'maintenance.futureDay');
  return startOfDayInZone(day, timeZone);
}

/** A record on a machine the user sees ("not found" otherwise, so ids cannot be probed). */
export function findFault(db: Db, user: SessionUser, id: number) {
  const row = db
    .select({ fault: faultRecords, serialNumber: devices.serialNumber, kind: devices.kind })
    .from(faultRecords)
    .innerJoin(devices, eq(devices.id, faultRecords.deviceId))
    .where(and(eq(faultRecords.id, id), deviceScope(db, user)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** A record the user may change: a writer of the organisation that owns the machine. */
function ownFault(db: Db, user: SessionUser, id: number) {
  const row = findFault(db, user, id);
  if (!is(FAULT_WRITERS, user) || !keepsMachine(db, user, row.fault.orgId)) throw forbidden();
  return row;
}

export function presentFault(db: Db, user: SessionUser, r: FaultRecord, m: Machine, timeZone: string): FaultRow {
  const keeps = keepsMachine(db, user, r.orgId);
  return {
    id: r.id,
    deviceId: r.deviceId,
    serialNumber: m.serialNumber,
    machineKind: m.kind,
    faultTypes: r.faultTypes,
    cause: r.cause,
    parts: r.parts,
    repairMethod: r.repairMethod,
    occurredAt: dayInZone(r.occurredAt, timeZone),
    repairedAt: r.repairedAt ? dayInZone(r.repairedAt, timeZone) : null,
    reporterName: r.reporterName,
    state: r.state,
    alarmId: r.alarmId,
    workOrderId: r.workOrderId,
    createdAt: formatInZone(r.createdAt, timeZone),
    editable: keeps && is(FAULT_WRITERS, user),
    raisable: keeps && is(FAULT_RAISERS, user) && r.workOrderId === null,
  };
}

/** The machine of a new record: the alarm's (a fault alarm, not recorded yet) or the one chosen. */
function machineOf(db: Db, user: SessionUser, body: { deviceId?: number; alarmId?: number }) {
  let deviceId = body.deviceId;
  if (body.alarmId) {
    const alarm = db
      .select({ type: alarms.type, deviceId: alarms.deviceId })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(and(eq(alarms.id, body.alarmId), deviceScope(db, user)))
      .get();
    if (!alarm) throw notFound();
    if (alarm.type !== 'fault' || (deviceId && deviceId !== alarm.deviceId)) {
      throw invalidField('alarmId', 'faults.notFaultAlarm');
    }
    const recorded = db.select().from(faultRecords).where(eq(faultRecords.alarmId, body.alarmId)).get();
    if (recorded) throw conflict('faults.alarmRecorded');
    deviceId = alarm.deviceId;
  }
  const device = visibleDevice(db, user, deviceId!);
  if (!keepsMachine(db, user, device.orgId)) throw invalidField('deviceId', 'faults.deviceNotOwned');
  return device;
}

const SORTS = { occurredAt: faultRecords.occurredAt, createdAt: faultRecords.createdAt };

export const faultRecordRoutes: RouteDef[] = [
  route(faultEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const from = query.from ? startOfDayInZone(query.from, timeZone) : undefined;
    const to = query.to ? startOfDayInZone(query.to, timeZone) + DAY_MS : undefined;
    const where = and(
      deviceScope(db, user),
      query.keyword ? deviceKeyword(query.keyword) : undefined,
      query.deviceId ? eq(faultRecords.deviceId, query.deviceId) : undefined,
      query.machineKind ? eq(devices.kind, query.machineKind) : undefined,
      query.faultType ? jsonHas(faultRecords.faultTypes, query.faultType) : undefined,
      query.state ? eq(faultRecords.state, query.state) : undefined,
      from !== undefined ? gte(faultRecords.occurredAt, new Date(from)) : undefined,
      to !== undefined ? lt(faultRecords.occurredAt, new Date(to)) : undefined,
    );
    const joined = () =>
      db
        .select({ fault: faultRecords, serialNumber: devices.serialNumber, kind: devices.kind })
        .from(faultRecords)
        .innerJoin(devices, eq(devices.id, faultRecords.deviceId))
        .where(where)
        .$dynamic();
    const total = db
      .select({ n: count() })
      .from(faultRecords)
      .innerJoin(devices, eq(devices.id, faultRecords.deviceId))
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const column = sortColumn(SORTS, query.sortField) ?? faultRecords.occurredAt;
    const rows = joined()
      .orderBy(order(column), order(faultRecords.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    return {
      list: rows.map((r) => presentFault(db, user, r.fault, r, timeZone)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),
  route(faultEndpoints.detail, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const row = findFault(db, user, query.id);
    return presentFault(db, user, row.fault, row, timeZone);
  }),
  route(faultEndpoints.create, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const device = machineOf(db, user, body);
    const occurredAt = pastDay(body.occurredAt, 'occurredAt', timeZone, deps.now());
    const row = db
      .insert(faultRecords)
      .values({
        orgId: device.orgId,
        deviceId: device.id,
        alarmId: body.alarmId ?? null,
        faultTypes: body.faultTypes,
        cause: body.cause,
        parts: body.parts,
        repairMethod: body.repairMethod,
        occurredAt: new Date(occurredAt),
        reporterName: body.reporterName || user.name || user.nickname,
        createdBy: user.id,
      })
      .returning({ id: faultRecords.id })
      .get();
    return { id: row.id };
  }),
  route(faultEndpoints.update, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const { fault } = ownFault(db, user, body.id);
    const occurredAt = pastDay(body.occurredAt, 'occurredAt', timeZone, deps.now());
    if (fault.repairedAt && fault.repairedAt.getTime() < occurredAt) {
      throw invalidField('occurredAt', 'faults.repairBeforeFault');
    }
    const { id, ...fields } = body;
    db.update(faultRecords)
      .set({ ...fields, occurredAt: new Date(occurredAt), reporterName: fields.reporterName || fault.reporterName })
      .where(eq(faultRecords.id, id))
      .run();
    return { id };
  }),
  route(faultEndpoints.repair, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const { fault } = ownFault(db, user, body.id);
    if (fault.state !== 'open') throw conflict('faults.alreadyRepaired');
    const repairedAt = pastDay(body.repairedAt, 'repairedAt', timeZone, deps.now());
    if (repairedAt < fault.occurredAt.getTime()) throw invalidField('repairedAt', 'faults.repairBeforeFault');
    db.update(faultRecords)
      .set({
        state: 'repaired',
        repairedAt: new Date(repairedAt),
        repairMethod: body.repairMethod,
        parts: body.parts || fault.parts,
      })
      .where(and(eq(faultRecords.id, body.id), eq(faultRecords.state, 'open')))
      .run();
    return { id: body.id };
  }),
];
