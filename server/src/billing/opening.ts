import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { liveOpeningBalance, writeOpeningBalance } from '@console/db/billing/opening';
import { renters } from '@console/db/schema/lease';
import { conflict, invalidField, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { billingToday } from './zone.ts';

export interface OpeningInput {
  renterOrgId: number;
  amountCents: number;
  asOf: string;
  dueOn: string;
  note: string;
}

/**
 * Bring a renter's balance forward (decision 036, addendum), in one unit of work: at most one opening balance per
 * renter that is not voided, owed on a day no later than the lessor's today. `mayWrite` checks, inside the same
 * transaction, that the caller administers the renter's lessor.
 */
export async function recordOpeningBalance(
  db: Db,
  input: OpeningInput,
  who: { mayWrite: (lessorOrgId: number) => boolean },
  now: number,
): Promise<{ id: number; number: string }> {
  return unitOfWork(db, async (tx) => {
    const renter = await tx.select().from(renters).where(eq(renters.orgId, input.renterOrgId)).get();
    if (!renter || !who.mayWrite(renter.lessorOrgId)) throw notFound();
    const today = await billingToday(tx, renter.lessorOrgId, now);
    if (input.asOf > today) throw invalidField('asOf', 'billing.asOfInFuture');
    if (await liveOpeningBalance(tx, renter.lessorOrgId, renter.orgId)) throw conflict('billing.openingExists');
    return writeOpeningBalance(tx, { ...input, lessorOrgId: renter.lessorOrgId }, today);
  });
}
