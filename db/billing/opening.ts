import { and, eq, max, ne } from 'drizzle-orm';
import { billState } from '@console/contract/codes/lease-billing';
import type { Db } from '../client.ts';
import { bills } from '../schema/lease-billing.ts';
import { allocate } from './allocate.ts';
import { appendLedger, refreshArrears } from './ledger.ts';

export interface OpeningBalance {
  lessorOrgId: number;
  renterOrgId: number;
  amountCents: number;
  /** The day the balance was owed on (the rental company's last day before its billing moved here). */
  asOf: string;
  dueOn: string;
  note: string;
}

/** The renter's opening balance that is not voided, if any: a renter has at most one. */
export function liveOpeningBalance(db: Db, lessorOrgId: number, renterOrgId: number) {
  return db
    .select({ id: bills.id, number: bills.number })
    .from(bills)
    .where(
      and(
        eq(bills.lessorOrgId, lessorOrgId),
        eq(bills.renterOrgId, renterOrgId),
        eq(bills.kind, 'opening'),
        ne(bills.state, 'void'),
      ),
    )
    .get();
}

/**
 * Bring a renter's balance forward (decision 036, addendum): a bill of kind `opening` without contract or lines,
 * its ledger row, money the renter paid in advance allocated to it, and the renter's arrears. Inside the caller's
 * unit of work; `today` is the lessor's billing day. Shared by the server and the demo seed.
 */
export async function writeOpeningBalance(
  db: Db,
  input: OpeningBalance,
  today: string,
): Promise<{ id: number; number: string }> {
  // The id is given here, inside the unit of work's write lock, so the number can carry it.
  const id =
    ((
      await db
        .select({ top: max(bills.id) })
        .from(bills)
        .get()
    )?.top ?? 0) + 1;
  const number = `OB-${input.asOf.replaceAll('-', '')}-${id}`;
  await db
    .insert(bills)
    .values({
      id,
      number,
      lessorOrgId: input.lessorOrgId,
      renterOrgId: input.renterOrgId,
      contractId: null,
      kind: 'opening',
      periodStart: input.asOf,
      periodEnd: input.asOf,
      issuedOn: input.asOf,
      dueOn: input.dueOn,
      amountCents: input.amountCents,
      state: billState(input.amountCents, 0),
      note: input.note,
    })
    .run();
  await appendLedger(db, [
    {
      lessorOrgId: input.lessorOrgId,
      renterOrgId: input.renterOrgId,
      type: 'opening',
      billId: id,
      subject: number,
      detail: input.note,
      amountCents: input.amountCents,
      day: input.asOf,
    },
  ]);
  await allocate(db, input.lessorOrgId, input.renterOrgId);
  await refreshArrears(db, input.lessorOrgId, today, input.renterOrgId);
  return { id, number };
}
