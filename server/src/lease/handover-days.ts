import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { billLines, bills } from '@console/db/schema/lease-billing';
import type { leasePeriods } from '@console/db/schema/lease-periods';
import { billingToday } from '../billing/zone.ts';
import { ApiError, invalidField } from '../lib/errors.ts';
import { API_STATUS } from '@console/contract/http/envelope';
import type { ContractRow } from './access.ts';

/**
 * The days a machine may be delivered or returned on (docs/decisions/059-lease-chain.md): within the contract's
 * term and not after the lessor's today (on its billing calendar, the one bills are counted in). A day in the
 * future would open or end a lease that has not happened, and a machine "returned in 2028" could be delivered
 * again meanwhile and billed twice. A contract that ends (`ending`) before its term began ends today.
 */
export async function checkHandoverDay(
  db: Db,
  c: ContractRow,
  day: string,
  now: number,
  ending = false,
): Promise<void> {
  const today = await billingToday(db, c.lessorOrgId, now);
  const first = ending && c.startOn > today ? today : c.startOn;
  if (day > today) throw invalidField('day', 'handover.dayAfterToday');
  if (day < first || day > c.endOn) throw invalidField('day', 'handover.dayOutsideContract');
}

type Period = typeof leasePeriods.$inferSelect;

/**
 * A machine's return on `day` ends its period that day: not before the period began, and not inside days a bill
 * already charged (the bill would then charge days off lease; voiding it gives them back first).
 */
export async function checkReturnDay(db: Db, period: Period, serial: string, day: string): Promise<void> {
  if (day < period.startOn) throw invalidField('day', 'handover.dayBeforeStart');
  const billed = await db
    .select({ toOn: billLines.toOn, number: bills.number })
    .from(billLines)
    .innerJoin(bills, eq(bills.id, billLines.billId))
    .where(and(eq(billLines.leasePeriodId, period.id), eq(billLines.released, false)))
    .orderBy(desc(billLines.toOn))
    .get();
  if (billed && billed.toOn > day) {
    throw new ApiError(API_STATUS.conflict, 'handover.dayBilled', { serial, day: billed.toOn, bill: billed.number });
  }
}
