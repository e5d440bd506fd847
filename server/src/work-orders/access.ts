import { and, eq, inArray } from 'drizzle-orm';
import { nameInSql } from '../lib/org-brand.ts';
import { organisations, users } from '@console/db/schema/accounts';
import { workOrders } from '@console/db/schema/work-orders';
import { ROLE } from '@console/contract/codes/roles';
import type { Acting } from '@console/contract/codes/work-order-flow';
import { invalidField, notFound } from '../lib/errors.ts';
import type { Scope, ScopedData } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';
import { ownerOrgIds } from '../lib/device-access.ts';

/**
 * Who sees which work order (docs/decisions/018-work-orders.md): a technician the orders assigned to them;
 * everyone else the orders of the machines they see (data.viaDevice).
 */
export function workOrderScope(data: ScopedData, user: SessionUser): Scope {
  if (user.roleId === ROLE.technician) return data.own(workOrders.assigneeId);
  return data.viaDevice(workOrders.deviceId);
}

/** The orders with these ids the user sees, all of them, else "not found" (others' numbers cannot be probed). */
export async function visibleOrders(data: ScopedData, user: SessionUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await data
    .select()
    .from(workOrders, workOrderScope(data, user))
    .where(inArray(workOrders.id, unique))
    .all();
  if (rows.length !== unique.length) throw notFound();
  return unique.map((id) => rows.find((r) => r.id === id)!);
}

/** The user as the state machine sees them for orders: keeper of the orders of the organisations they keep. */
export async function actingFor(data: ScopedData, user: SessionUser) {
  const kept = await ownerOrgIds(data, user);
  return (order: { orgId: number }): Acting => ({ userId: user.id, keeper: kept.includes(order.orgId) });
}

/** Technicians (role 7, enabled) of the organisations whose machines the user keeps. */
export async function technicianRows(data: ScopedData, user: SessionUser) {
  const kept = await ownerOrgIds(data, user);
  if (kept.length === 0) return [];
  return data
    .select({ user: users, orgName: nameInSql(organisations, data.lang), orgKind: organisations.kind })
    .from(users, data.orgScope(users.orgId))
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(and(eq(users.roleId, ROLE.technician), eq(users.disabled, false), inArray(users.orgId, kept)))
    .orderBy(users.id)
    .all();
}

/**
 * The technician an order may go to: one of the user's technicians who works for the machine's owner, or for
 * the operator (whose technicians serve every rental company). Else the refusal on the field.
 */
export async function assertAssignee(
  data: ScopedData,
  user: SessionUser,
  assigneeId: number,
  orders: { orgId: number }[],
) {
  const tech = (await technicianRows(data, user)).find((r) => r.user.id === assigneeId);
  if (!tech || !canTake(tech, orders)) throw invalidField('assigneeId', 'workOrders.assigneeInvalid');
  return tech.user;
}

/** Whether a technician may take every one of these orders: the operator's serve all, others their company's. */
export const canTake = (
  tech: { user: { orgId: number }; orgKind: string },
  orders: readonly { orgId: number }[],
): boolean => orders.every((o) => tech.orgKind === 'operator' || tech.user.orgId === o.orgId);

/** How a person is named on the timeline and in lists. */
export const personName = (u: { name: string; nickname: string; mobile: string } | null | undefined) =>
  u ? u.name || u.nickname || u.mobile : '';
