import { and, eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { esignAccounts, sealGrants, seals } from '@console/db/schema/lease-esign';
import { ROLE } from '@console/contract/codes/roles';
import { forbidden, invalidField, notFound } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';

/**
 * Granting a company seal to an employee (spec section 5): only after the employee verified their e-signature in
 * the mobile app (the provider's answer, kept in esign_accounts and refreshed by refreshAccount). The lessor's
 * administrator grants and revokes.
 */
export async function grantSeal(
  db: Db,
  user: SessionUser,
  sealId: number,
  employeeId: number,
  now: number,
): Promise<number> {
  if (user.orgKind !== 'lessor' || user.roleId !== ROLE.lessorAdmin) throw forbidden();
  return unitOfWork(db, async (tx) => {
    const seal = await tx.select().from(seals).where(eq(seals.id, sealId)).get();
    if (!seal || seal.orgId !== user.orgId) throw notFound();
    const employee = await tx.select().from(users).where(eq(users.id, employeeId)).get();
    if (!employee || employee.orgId !== user.orgId || employee.disabled)
      throw invalidField('userId', 'lease.managerInvalid');
    const verification = await tx
      .select()
      .from(esignAccounts)
      .where(and(eq(esignAccounts.kind, 'user'), eq(esignAccounts.ownerId, employeeId)))
      .get();
    if (verification?.state !== 'verified') throw invalidField('userId', 'lease.employeeNotVerified');
    const values = { state: 'active' as const, grantedBy: user.id, createdAt: new Date(now) };
    return (
      await tx
        .insert(sealGrants)
        .values({ sealId, userId: employeeId, ...values })
        .onConflictDoUpdate({ target: [sealGrants.sealId, sealGrants.userId], set: values })
        .returning({ id: sealGrants.id })
        .get()
    ).id;
  });
}

export async function revokeSeal(db: Db, user: SessionUser, grantId: number): Promise<void> {
  if (user.orgKind !== 'lessor' || user.roleId !== ROLE.lessorAdmin) throw forbidden();
  await unitOfWork(db, async (tx) => {
    const grant = await tx
      .select({ grant: sealGrants, orgId: seals.orgId })
      .from(sealGrants)
      .innerJoin(seals, eq(seals.id, sealGrants.sealId))
      .where(eq(sealGrants.id, grantId))
      .get();
    if (!grant || grant.orgId !== user.orgId) throw notFound();
    await tx.update(sealGrants).set({ state: 'revoked' }).where(eq(sealGrants.id, grantId)).run();
  });
}
