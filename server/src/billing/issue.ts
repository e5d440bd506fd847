import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { issueLessorBills, type IssueResult } from '@console/db/billing/issue';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { billingToday } from './zone.ts';

/** Every lessor with lease periods (or one), each on its own calendar day at `now`. */
export async function issueBills(
  db: Db,
  now: number,
  only: { lessorOrgId?: number; contractId?: number } = {},
): Promise<IssueResult> {
  const lessors = await db
    .selectDistinct({ id: leasePeriods.lessorOrgId })
    .from(leasePeriods)
    .where(only.lessorOrgId === undefined ? undefined : eq(leasePeriods.lessorOrgId, only.lessorOrgId))
    .all();
  const total: IssueResult = { bills: 0, lines: 0 };
  for (const { id } of lessors) {
    const result = await issueLessorBills(db, id, await billingToday(db, id, now), only.contractId);
    total.bills += result.bills;
    total.lines += result.lines;
  }
  return total;
}
