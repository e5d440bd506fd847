import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orgDay } from '../org-zone.ts';
import { users } from '../schema/accounts.ts';
import { bills } from '../schema/lease-billing.ts';
import { arrearsExemptions } from '../schema/risk.ts';
import { filterInOrder, forEachInOrder, mapInOrder } from '../in-order.ts';

const REASONS = ['Payment plan agreed with the renter until the end of the month', '对账单金额有争议，财务复核中'];

/**
 * Two contracts exempted from arrears locking (decision 039), so the demo shows both kinds: of the first lessor
 * with arrears and an administrator, a contract halfway down its arrears (a payment plan); of the second, its most
 * recently overdue one (a disputed bill). Run after seedLeaseBills. Arrears locking is seeded off (seedRisk): the
 * exemptions keep these two out of it, and out of the settings page's preview, once an administrator switches it on.
 */
export async function seedArrearsExemptions(db: Db, now: number): Promise<void> {
  const overdue = await filterInOrder(
    await db
      .select({
        lessorOrgId: bills.lessorOrgId,
        contractId: sql<number>`${bills.contractId}`,
        oldestDueOn: sql<string>`min(${bills.dueOn})`,
      })
      .from(bills)
      // An opening balance has no contract, so nothing to exempt.
      .where(and(inArray(bills.state, ['open', 'partlyPaid']), isNotNull(bills.contractId)))
      .groupBy(bills.lessorOrgId, bills.contractId)
      .orderBy(asc(bills.lessorOrgId), asc(sql`min(${bills.dueOn})`), asc(bills.contractId))
      .all(),
    async (r) => r.oldestDueOn < (await orgDay(db, r.lessorOrgId, now)),
  );
  // An administrator exempts (decision 039): the lessors that have one.
  const admins = (
    await mapInOrder([...new Set(overdue.map((r) => r.lessorOrgId))], async (lessorOrgId) => ({
      lessorOrgId,
      admin: await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, lessorOrgId), eq(users.roleId, 5)))
        .get(),
    }))
  )
    .filter((l) => l.admin !== undefined)
    .slice(0, REASONS.length);
  await forEachInOrder(admins, async ({ lessorOrgId, admin }, n) => {
    const own = overdue.filter((r) => r.lessorOrgId === lessorOrgId);
    const contract = n === 0 ? own[Math.floor(own.length / 2)] : own.at(-1);
    if (!contract || !admin) return;
    await db
      .insert(arrearsExemptions)
      .values({ contractId: contract.contractId, reason: REASONS[n]!, createdBy: admin.id, createdAt: new Date(now) })
      .onConflictDoNothing()
      .run();
  });
}
