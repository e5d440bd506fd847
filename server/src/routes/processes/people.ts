import { and, eq, inArray } from 'drizzle-orm';
import { nameInSql } from '../../lib/org-brand.ts';
import { ASSIGNABLE_ROLES } from '@console/contract/codes/processes';
import { ADMIN_ROLES } from '@console/contract/codes/roles';
import type { NodeDecl } from '@console/contract/http/processes';
import { organisations, users } from '@console/db/schema/accounts';
import type { ScopedData } from '../../lib/data.ts';

/** The organisations a model may serve: the operator's and the rental companies' (their people start processes). */
export const PUBLISHABLE_KINDS = ['operator', 'lessor'] as const;

/** The working people of an organisation: enabled accounts of a role a node may name. */
export async function workingPeople(data: ScopedData, orgId: number) {
  return (
    await data
      .select({ id: users.id, name: users.name, nickname: users.nickname, roleId: users.roleId })
      .from(users, data.orgScope(users.orgId))
      .where(
        and(eq(users.orgId, orgId), eq(users.disabled, false), inArray(users.roleId, ASSIGNABLE_ROLES as number[])),
      )
      .orderBy(users.roleId, users.id)
      .all()
  ).map((u) => ({ id: u.id, name: u.name || u.nickname, roleId: u.roleId }));
}

/** Who approves a node of a process of this organisation, by the node's rule. */
export async function assigneesOf(data: ScopedData, node: NodeDecl, orgId: number): Promise<number[]> {
  const people = await workingPeople(data, orgId);
  if (node.assigneeKind === 'role') return people.filter((p) => p.roleId === node.roleId).map((p) => p.id);
  if (node.assigneeKind === 'user') return people.filter((p) => node.userIds.includes(p.id)).map((p) => p.id);
  return people.filter((p) => (ADMIN_ROLES as readonly number[]).includes(p.roleId)).map((p) => p.id);
}

/** Names of organisations a record in scope belongs to. */
export async function orgNames(data: ScopedData, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  return new Map(
    (
      await data
        .unscoped('referencedNames')
        .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
        .from(organisations)
        .where(inArray(organisations.id, [...new Set(ids)]))
        .all()
    ).map((o) => [o.id, o.name]),
  );
}
