import { and, eq, gte, lte } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { faultRecords } from '@console/db/schema/faults';
import { alarms } from '@console/db/schema/warning';
import { faultEndpoints, type FaultRow } from '@console/contract/http/faults';
import { FAULT_RAISERS, FAULT_WRITERS } from '@console/contract/access/faults';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { jsonHas, keepsMachine } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { ScopedData } from '../../lib/data.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone, formatInZone } from '../../lib/time.ts';
import { visibleDevice } from '../../lib/device-access.ts';
import { deviceKeyword } from '../../lib/device-access.ts';
import { sortColumn } from '../../lib/sorting.ts';

type FaultRecord = typeof faultRecords.$inferSelect;
type Machine = { serialNumber: string; kind: FaultRow['machineKind'] };

const is = (list: readonly number[], user: SessionUser) => list.includes(user.roleId);

/**
 * A day of the form, not later than today in the user's zone. It is kept as the plain day (`YYYY-MM-DD`), which
 * every viewer sees as the same day whatever their zone (decision 026).
 */
function pastDay(day: string, field: string, timeZone: string, now: number): string {
  if (day > dayInZone(now, timeZone)) throw invalidField(field, 'maintenance.futureDay');
  return day;
}

/** A record on a machine the user sees ("not found" otherwise, so ids cannot be probed). */
export async function findFault(data: ScopedData, id: number) {
  const row = await data
    .select({ fault: faultRecords, serialNumber: devices.serialNumber, kind: devices.kind })
    .from(faultRecords, data.deviceScope())
    .innerJoin(devices, eq(devices.id, faultRecords.deviceId))
    .where(eq(faultRecords.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

/** A record the user may change: a writer of the organisation that owns the machine. */
async function ownFault(data: ScopedData, user: SessionUser, id: number) {
  const row = await findFault(data, id);
  if (!is(FAULT_WRITERS, user) || !keepsMachine(data, row.fault.orgId)) throw forbidden();
  return row;
}

export function presentFault(
  data: ScopedData,
  user: SessionUser,
  r: FaultRecord,
  m: Machine,
  timeZone: string,
): FaultRow {
  const keeps = keepsMachine(data, r.orgId);
  return {
    id: r.id,
    deviceId: r.deviceId,
    serialNumber: m.serialNumber,
    machineKind: m.kind,
    faultTypes: r.faultTypes,
    cause: r.cause,
    parts: r.parts,
    repairMethod: r.repairMethod,
    occurredAt: r.occurredAt,
    repairedAt: r.repairedAt,
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
async function machineOf(data: ScopedData, body: { deviceId?: number; alarmId?: number }) {
  let deviceId = body.deviceId;
  if (body.alarmId) {
    const alarm = await data
      .select({ type: alarms.type, deviceId: alarms.deviceId })
      .from(alarms, data.deviceScope())
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(eq(alarms.id, body.alarmId))
      .get();
    if (!alarm) throw notFound();
    if (alarm.type !== 'fault' || (deviceId && deviceId !== alarm.deviceId)) {
      throw invalidField('alarmId', 'faults.notFaultAlarm');
    }
    const recorded = await data
      .select({ id: faultRecords.id })
      .from(faultRecords, data.viaDevice(faultRecords.deviceId))
      .where(eq(faultRecords.alarmId, body.alarmId))
      .get();
    if (recorded) throw conflict('faults.alarmRecorded');
    deviceId = alarm.deviceId;
  }
  const device = await visibleDevice(data, deviceId!);
  if (!keepsMachine(data, device.orgId)) throw invalidField('deviceId', 'faults.deviceNotOwned');
  return device;
}

const SORTS = { occurredAt: faultRecords.occurredAt, createdAt: faultRecords.createdAt };

export const faultRecordRoutes: RouteDef[] = [
  route(faultEndpoints.list, async ({ query, user, data, timeZone }) => {
    const where = and(
      query.keyword ? deviceKeyword(data.dialect, query.keyword) : undefined,
      query.deviceId ? eq(faultRecords.deviceId, query.deviceId) : undefined,
      query.machineKind ? eq(devices.kind, query.machineKind) : undefined,
      query.faultType ? jsonHas(data.dialect, faultRecords.faultTypes, query.faultType) : undefined,
      query.state ? eq(faultRecords.state, query.state) : undefined,
      query.from ? gte(faultRecords.occurredAt, query.from) : undefined,
      query.to ? lte(faultRecords.occurredAt, query.to) : undefined,
    );
    const joined = data
      .select({ fault: faultRecords, serialNumber: devices.serialNumber, kind: devices.kind })
      .from(faultRecords, data.deviceScope())
      .innerJoin(devices, eq(devices.id, faultRecords.deviceId))
      .where(where);
    const column = sortColumn(SORTS, query.sortField) ?? faultRecords.occurredAt;
    const by = sortDirection(query);
    const { rows, ...paging } = await listPage(data, query, joined, [by(column), by(faultRecords.id)]);
    return {
      list: rows.map((r) => presentFault(data, user, r.fault, r, timeZone)),
      ...paging,
    };
  }),
  route(faultEndpoints.detail, async ({ query, user, data, timeZone }) => {
    const row = await findFault(data, query.id);
    return presentFault(data, user, row.fault, row, timeZone);
  }),
  route(faultEndpoints.create, async ({ body, user, data, deps, timeZone }) => {
    const occurredAt = pastDay(body.occurredAt, 'occurredAt', timeZone, deps.now());
    const row = await data.write(async (tx) => {
      const device = await machineOf(tx, body);
      return tx
        .insert(faultRecords)
        .values({
          orgId: device.orgId,
          deviceId: device.id,
          alarmId: body.alarmId ?? null,
          faultTypes: body.faultTypes,
          cause: body.cause,
          parts: body.parts,
          repairMethod: body.repairMethod,
          occurredAt,
          reporterName: body.reporterName || user.name || user.nickname,
          createdBy: user.id,
        })
        .returning({ id: faultRecords.id })
        .get();
    });
    return { id: row.id };
  }),
  route(faultEndpoints.update, async ({ body, user, data, deps, timeZone }) => {
    const occurredAt = pastDay(body.occurredAt, 'occurredAt', timeZone, deps.now());
    const { id, ...fields } = body;
    await data.write(async (tx) => {
      const { fault } = await ownFault(tx, user, body.id);
      if (fault.repairedAt && fault.repairedAt < occurredAt) {
        throw invalidField('occurredAt', 'faults.repairBeforeFault');
      }
      await tx
        .update(faultRecords)
        .set({ ...fields, occurredAt, reporterName: fields.reporterName || fault.reporterName })
        .where(eq(faultRecords.id, id))
        .run();
    });
    return { id };
  }),
  route(faultEndpoints.repair, async ({ body, user, data, deps, timeZone }) => {
    const repairedAt = pastDay(body.repairedAt, 'repairedAt', timeZone, deps.now());
    await data.write(async (tx) => {
      const { fault } = await ownFault(tx, user, body.id);
      if (fault.state !== 'open') throw conflict('faults.alreadyRepaired');
      if (repairedAt < fault.occurredAt) throw invalidField('repairedAt', 'faults.repairBeforeFault');
      await tx
        .update(faultRecords)
        .set({
          state: 'repaired',
          repairedAt,
          repairMethod: body.repairMethod,
          parts: body.parts || fault.parts,
        })
        .where(and(eq(faultRecords.id, body.id), eq(faultRecords.state, 'open')))
        .run();
    });
    return { id: body.id };
  }),
];
