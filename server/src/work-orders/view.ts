import { asc, eq, inArray } from 'drizzle-orm';
import type { MoneyFormat } from '@console/contract/codes/money';
import type { Db } from '@console/db/client';
import type { ScopedData } from '../lib/data.ts';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import type { workOrders } from '@console/db/schema/work-orders';
import { workOrderEvents } from '@console/db/schema/work-orders';
import { orgNames } from '../lib/scope.ts';
import { allowedActions, isEditable } from '@console/contract/codes/work-order-flow';
import type { WorkOrderDetail, WorkOrderRow } from '@console/contract/http/work-orders';
import type { SessionUser } from '../lib/session.ts';
import { formatInZone } from '../lib/time.ts';
import { actingFor, personName } from './access.ts';

type Order = typeof workOrders.$inferSelect;
type Person = typeof users.$inferSelect;

async function peopleById(db: Db, ids: (number | null)[]): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  return new Map((await db.select().from(users).where(inArray(users.id, wanted)).all()).map((u) => [u.id, u]));
}

/** List rows of orders, with the names and the actions this user may take on each. */
export async function toRows(
  data: ScopedData,
  user: SessionUser,
  orders: Order[],
  timeZone: string,
  moneyOf: (orgId: number) => MoneyFormat,
): Promise<WorkOrderRow[]> {
  // The orders were read through their scope; their machines, owners and people are looked up by id.
  const db = data.unscoped('alreadyScoped');
  const people = await peopleById(
    db,
    orders.map((o) => o.assigneeId),
  );
  const deviceIds = [...new Set(orders.map((o) => o.deviceId))];
  const serials = new Map(
    deviceIds.length === 0
      ? []
      : (
          await db
            .select({ id: devices.id, serial: devices.serialNumber })
            .from(devices)
            .where(inArray(devices.id, deviceIds))
            .all()
        ).map((d) => [d.id, d.serial]),
  );
  const orgIds = [...new Set(orders.map((o) => o.orgId))];
  const owners = await orgNames(data, orgIds);
  const acting = await actingFor(data, user);
  return orders.map((o) => {
    const who = acting(o);
    return {
      id: o.id,
      number: o.number,
      title: o.title,
      type: o.type,
      level: o.level,
      status: o.status,
      source: o.source,
      sourceId: o.sourceId,
      phone: o.phone,
      areaCode: o.areaCode,
      deviceId: o.deviceId,
      serialNumber: serials.get(o.deviceId) ?? '',
      deviceKind: o.deviceKind,
      orgId: o.orgId,
      orgName: owners.get(o.orgId) ?? '',
      assigneeId: o.assigneeId,
      assigneeName: personName(o.assigneeId === null ? null : people.get(o.assigneeId)),
      createdAt: formatInZone(o.createdAt, timeZone),
      updatedAt: formatInZone(o.updatedAt, timeZone),
      actions: allowedActions(o, who),
      editable: who.keeper && isEditable(o.status),
      money: moneyOf(o.orgId),
    };
  });
}

/** One order with its machine and its timeline, oldest first. */
export async function toDetail(
  data: ScopedData,
  user: SessionUser,
  order: Order,
  timeZone: string,
  moneyOf: (orgId: number) => MoneyFormat,
): Promise<WorkOrderDetail> {
  const [row] = await toRows(data, user, [order], timeZone, moneyOf);
  const db = data.unscoped('alreadyScoped');
  const events = await db
    .select()
    .from(workOrderEvents)
    .where(eq(workOrderEvents.workOrderId, order.id))
    .orderBy(asc(workOrderEvents.at), asc(workOrderEvents.id))
    .all();
  const people = await peopleById(db, [order.solverId, order.createdBy, ...events.map((e) => e.userId)]);
  const device = (await db.select().from(devices).where(eq(devices.id, order.deviceId)).get())!;
  return {
    ...row!,
    province: order.province,
    city: order.city,
    district: order.district,
    address: order.address,
    content: order.content,
    attachments: order.attachments,
    solverId: order.solverId,
    solverName: personName(order.solverId === null ? null : people.get(order.solverId)),
    settled: order.settled,
    paymentCents: order.paymentCents,
    remark: order.remark,
    faultTypes: order.faultTypes,
    faultCause: order.faultCause,
    partsUsed: order.partsUsed,
    repairMethod: order.repairMethod,
    suspendedFrom: order.suspendedFrom,
    createdBy: personName(people.get(order.createdBy)),
    device: {
      id: device.id,
      serialNumber: device.serialNumber,
      hostName: device.hostName,
      deviceName: device.deviceName,
    },
    timeline: events.map((e) => ({
      id: e.id,
      action: e.action,
      by: personName(people.get(e.userId)),
      at: formatInZone(e.at, timeZone),
      from: e.fromStatus,
      to: e.toStatus,
      remark: e.remark,
      details: e.details,
    })),
  };
}
