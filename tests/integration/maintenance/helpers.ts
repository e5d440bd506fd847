import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import type { DbHandle } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';

/** The organisations of the demo accounts and of the second rental company (the foreign one). */
export function demoOrgs(dbh: DbHandle) {
  const orgOfRole = (roleId: number) =>
    dbh.db.select({ orgId: users.orgId }).from(users).where(eq(users.roleId, roleId)).get()!.orgId;
  const lessor = orgOfRole(ROLE.lessorAdmin);
  const customer = orgOfRole(ROLE.other);
  const distributor = orgOfRole(ROLE.distributor);
  const foreign = dbh.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, 'Pearl River Lift Rental'))
    .get()!.id;
  return { lessor, customer, distributor, foreign };
}

/** A machine of an owner, optionally leased to a customer (or to none), by id order. */
export function machineOf(dbh: DbHandle, orgId: number, customerOrgId?: number | null, skip = 0) {
  const leased =
    customerOrgId === undefined
      ? undefined
      : customerOrgId === null
        ? isNull(devices.customerOrgId)
        : eq(devices.customerOrgId, customerOrgId);
  return dbh.db
    .select()
    .from(devices)
    .where(and(eq(devices.orgId, orgId), leased, isNotNull(devices.id)))
    .orderBy(asc(devices.id))
    .limit(1)
    .offset(skip)
    .get()!;
}

/**
 * Move a work order as its own pages would (the tickets area): set its status and write the timeline row of
 * the action that got it there ('resolve' after a repair, 'close' without one, 'repair', 'pay').
 */
export function moveOrder(dbh: DbHandle, id: number, action: 'repair' | 'pay' | 'resolve' | 'close', at: number) {
  const to = { repair: 3, pay: 4, resolve: 5, close: 5 }[action];
  const order = dbh.db.select().from(workOrders).where(eq(workOrders.id, id)).get()!;
  dbh.db
    .update(workOrders)
    .set({ status: to, updatedAt: new Date(at) })
    .where(eq(workOrders.id, id))
    .run();
  dbh.db
    .insert(workOrderEvents)
    .values({
      workOrderId: id,
      action,
      userId: order.createdBy,
      fromStatus: order.status,
      toStatus: to,
      at: new Date(at),
    })
    .run();
}
