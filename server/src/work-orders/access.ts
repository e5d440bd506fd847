import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { workOrders } from '@console/db/schema/work-orders';
import { ROLE } from '@console/contract/codes/roles';
import type { Acting } from '@console/contract/codes/work-order-flow';
import { invalidField, notFound } from '../lib/errors.ts';
import { deviceScope } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { ownerOrgIds } from '../routes/device-access.ts';

/**
 * Who sees which work order (docs/decisions/018-work-orders.md): a technician the orders assigned to them;
 * everyone else the orders of the machines they see (deviceScope). Queries join `devices` for it.
 */
export function workOrderScope(db: Db, user: SessionUser): SQL {
  if (user.roleId === ROLE.technician) return eq(workOrders.assigneeId, user.id);
  return deviceScope(db, user);
}

/** The orders with these ids the user sees, all of them, else "not found" (others' numbers cannot be probed). */
export function visibleOrders(db: Db, user: SessionUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = db
    .select({ order: workOrders })
    .from(workOrders)
    .innerJoin(devices, eq(devices.id, workOrders.deviceId))
    .where(and(inArray(workOrders.id, unique), workOrderScope(db, user)))
    .all()
    .map((r) => r.order);
  if (rows.length !== unique.length) throw notFound();
  return unique.map((id) => rows.find((r) => r.id === id)!);
}

/** The user as the state machine sees them for orders: keeper of the orders of the organisations they keep. */
export function actingFor(db: Db, user: SessionUser) {
  const kept = ownerOrgIds(db, user);
  return (order: { orgId: number }): Acting => ({ userId: user.id, keeper: kept.includes(order.orgId) });
}

/** Technicians (role 7, enabled) of the organisations whose machines the user keeps. */
export function technicianRows(db: Db, user: SessionUser) {
  const kept = ownerOrgIds(db, user);
  if (kept.length === 0) return [];
  return db
    .select({ user: users, orgName: organisations.name, orgKind: organisations.kind })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(and(eq(users.roleId, ROLE.technician), eq(users.disabled, false), inArray(users.orgId, kept)))
    .orderBy(users.id)
    .all();
}

/**
 * The technician an order may go to: one of the user's technicians who works for the machine's owner, or for
 * the operator (whose technicians serve every rental company). Else the refusal on the field.
 */
export function assertAssignee(db: Db, user: SessionUser, assigneeId: number, orders: { orgId: number }[]) {
  const tech = technicianRows(db, user).find((r) => r.user.id === assigneeId);
  const fits = tech && orders.every((o) => tech.orgKind === 'operator' || tech.user.orgId === o.orgId);
  if (!fits) throw invalidField('assigneeId', 'workOrders.assigneeInvalid');
  return tech.user;
}

/** How a person is named on the timeline and in lists. */
export const personName = (u: { name: string; nickname: string; mobile: string } | null | undefined) =>
  u ? u.name || u.nickname || u.mobile : '';
