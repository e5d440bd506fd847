import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { billOvertime, bills, overtimeAdjustments } from '../schema/lease-billing.ts';
import { billState } from '@console/contract/codes/lease-billing';
import { overtimeAmountCents } from '@console/contract/lease/overtime';
import { allocate } from './allocate.ts';
import { appendLedger, refreshArrears } from './ledger.ts';

/**
 * What adjusting an overtime line writes (decision 070), once its caller has checked it may: the line bills the
 * hours given at its price, the adjustment keeps from and to what, who, why and when, the difference goes on the
 * bill's amount and state and into the bill record as an `overtimeAdjust` row on the lessor's `today`, money waiting
 * in advance pays a raise and the renter's arrears follow. Inside the caller's unit of work: the server's move
 * (server/src/billing/overtime-adjust.ts, which refuses a void bill or one a live receipt paid) and the seed.
 */
export async function writeOvertimeAdjustment(
  tx: Db,
  line: typeof billOvertime.$inferSelect,
  bill: typeof bills.$inferSelect,
  adjustment: { hoursTenths: number; reason: string; userId: number },
  today: string,
  now: number,
): Promise<number> {
  const amountCents = overtimeAmountCents(adjustment.hoursTenths, line.priceCents);
  const delta = amountCents - line.amountCents;
  await tx
    .update(billOvertime)
    .set({ hoursTenths: adjustment.hoursTenths, amountCents })
    .where(eq(billOvertime.id, line.id))
    .run();
  await tx
    .insert(overtimeAdjustments)
    .values({
      overtimeId: line.id,
      billId: bill.id,
      fromTenths: line.hoursTenths,
      toTenths: adjustment.hoursTenths,
      fromCents: line.amountCents,
      toCents: amountCents,
      reason: adjustment.reason,
      userId: adjustment.userId,
      createdAt: new Date(now),
    })
    .run();
  const total = bill.amountCents + delta;
  await tx
    .update(bills)
    .set({ amountCents: total, state: billState(total, bill.paidCents) })
    .where(eq(bills.id, bill.id))
    .run();
  if (delta !== 0) {
    await appendLedger(tx, [
      {
        lessorOrgId: bill.lessorOrgId,
        renterOrgId: bill.renterOrgId,
        type: 'overtimeAdjust',
        billId: bill.id,
        subject: bill.number,
        detail: adjustment.reason,
        amountCents: delta,
        day: today,
      },
    ]);
  }
  await allocate(tx, bill.lessorOrgId, bill.renterOrgId);
  await refreshArrears(tx, bill.lessorOrgId, today, bill.renterOrgId);
  return amountCents;
}
