import { and, eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { approvalRules, renters, stores } from '@console/db/schema/lease';
import { LEASE_MANAGER_ROLES } from '@console/contract/codes/lease-flow';
import { approvalRuleInput, renterInput, storeInput } from '@console/contract/lease/forms';
import { forbidden, invalidField, notFound } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { writesContracts } from './access.ts';
import { parseInput } from './input.ts';

/**
 * Renters, stores and automatic approval rules of a lessor. Renters are written by whoever writes contracts (a
 * salesperson brings in customers); stores and rules by the lessor's managers (5, 10).
 */
const managesLease = (user: SessionUser) =>
  user.orgKind === 'lessor' && (LEASE_MANAGER_ROLES as readonly number[]).includes(user.roleId);

/** A renter: a customer organisation under the lessor, and its identity row (one model: decision 029). */
export function saveRenter(db: Db, user: SessionUser, id: number | null, raw: unknown): number {
  if (!writesContracts(user)) throw forbidden();
  const input = parseInput(renterInput, raw);
  const org = {
    name: input.name,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    province: input.province,
    city: input.city,
    district: input.district,
    address: input.address,
  };
  return unitOfWork(db, (tx) => {
    if (id === null) {
      const row = tx
        .insert(organisations)
        .values({ ...org, kind: 'customer', parentId: user.orgId })
        .returning({ id: organisations.id })
        .get();
      tx.insert(renters)
        .values({ orgId: row.id, lessorOrgId: user.orgId, identityType: input.identityType, idNumber: input.idNumber })
        .run();
      return row.id;
    }
    const current = tx.select().from(organisations).where(eq(organisations.id, id)).get();
    if (!current || current.kind !== 'customer' || current.parentId !== user.orgId) throw notFound();
    tx.update(organisations).set(org).where(eq(organisations.id, id)).run();
    const identity = { identityType: input.identityType, idNumber: input.idNumber };
    tx.insert(renters)
      .values({ orgId: id, lessorOrgId: user.orgId, ...identity })
      .onConflictDoUpdate({ target: renters.orgId, set: identity })
      .run();
    return id;
  });
}

export function saveStore(db: Db, user: SessionUser, id: number | null, raw: unknown): number {
  if (!managesLease(user)) throw forbidden();
  const input = parseInput(storeInput, raw);
  return unitOfWork(db, (tx) => {
    if (input.managerId !== null) {
      const manager = tx.select().from(users).where(eq(users.id, input.managerId)).get();
      if (!manager || manager.orgId !== user.orgId) throw invalidField('managerId', 'lease.managerInvalid');
    }
    const taken = tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.orgId, user.orgId), eq(stores.name, input.name)))
      .get();
    if (taken && taken.id !== id) throw invalidField('name', 'lease.storeNameTaken');
    if (id === null) {
      return tx
        .insert(stores)
        .values({ ...input, orgId: user.orgId })
        .returning({ id: stores.id })
        .get().id;
    }
    const current = tx.select().from(stores).where(eq(stores.id, id)).get();
    if (!current || current.orgId !== user.orgId) throw notFound();
    tx.update(stores).set(input).where(eq(stores.id, id)).run();
    return id;
  });
}

export function saveApprovalRule(db: Db, user: SessionUser, id: number | null, raw: unknown): number {
  if (!managesLease(user)) throw forbidden();
  const input = parseInput(approvalRuleInput, raw);
  return unitOfWork(db, (tx) => {
    if (id === null) {
      return tx
        .insert(approvalRules)
        .values({ ...input, orgId: user.orgId })
        .returning({ id: approvalRules.id })
        .get().id;
    }
    const current = tx.select().from(approvalRules).where(eq(approvalRules.id, id)).get();
    if (!current || current.orgId !== user.orgId) throw notFound();
    tx.update(approvalRules).set(input).where(eq(approvalRules.id, id)).run();
    return id;
  });
}
