import { eq, inArray, or, type SQL } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { organisations } from '@console/db/schema/accounts';
import type { Db } from '@console/db/client';
import { OPERATOR_ROLES } from '@console/contract/codes/roles';
import { forbidden } from './errors.ts';
import type { SessionUser } from './session.ts';

/**
 * The organisations whose data a user may read: operator staff see every organisation; anyone else sees
 * their own organisation and the ones below it (a lessor sees its customers and sub-lessors).
 * See docs/decisions/003-roles-and-data-scope.md.
 */
export function visibleOrgIds(db: Db, user: SessionUser): number[] {
  if (user.orgKind === 'operator' && OPERATOR_ROLES.includes(user.roleId as never)) {
    return db
      .select({ id: organisations.id })
      .from(organisations)
      .all()
      .map((o) => o.id);
  }
  const seen = new Set<number>([user.orgId]);
  let frontier = [user.orgId];
  while (frontier.length > 0) {
    const children = db
      .select({ id: organisations.id })
      .from(organisations)
      .where(inArray(organisations.parentId, frontier))
      .all()
      .map((o) => o.id)
      .filter((id) => !seen.has(id));
    children.forEach((id) => seen.add(id));
    frontier = children;
  }
  return [...seen];
}

/** Refuse unless the record's organisation is in the user's scope. */
export function assertInScope(db: Db, user: SessionUser, orgId: number): void {
  if (!visibleOrgIds(db, user).includes(orgId)) throw forbidden();
}

/** The names of these organisations, by id (a record's owner, customer or distributor as a list shows it). */
export function orgNames(db: Db, orgIds: readonly (number | null)[]): Map<number, string> {
  const ids = [...new Set(orgIds)].filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.id, ids))
    .all();
  return new Map(rows.map((o) => [o.id, o.name]));
}

export function orgById(db: Db, id: number) {
  return db.select().from(organisations).where(eq(organisations.id, id)).get();
}

/**
 * The machines a user may see: those their organisations own, rent (customer) or distribute. Every device,
 * alarm, track and command query filters with this.
 */
export function deviceScope(db: Db, user: SessionUser): SQL {
  const orgIds = visibleOrgIds(db, user);
  return or(
    inArray(devices.orgId, orgIds),
    inArray(devices.customerOrgId, orgIds),
    inArray(devices.distributorOrgId, orgIds),
  )!;
}
