import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { insertAll } from './insert-all.ts';
import { ledgerEntries } from '../schema/lease-billing.ts';
import { renters } from '../schema/lease.ts';
import { mapInOrder } from '../in-order.ts';

/**
 * The bill record ledger and the renters' arrears (docs/decisions/036-lease-billing.md), written by issuing, receipts
 * and voids. Shared by the server and the demo seed; calendar days are given, never read from a clock here.
 */

/** What a renter owes a lessor after its latest ledger row (0 before any). */
export async function ledgerBalance(db: Db, lessorOrgId: number, renterOrgId: number): Promise<number> {
  const row = await db
    .select({ balance: ledgerEntries.balanceCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.lessorOrgId, lessorOrgId), eq(ledgerEntries.renterOrgId, renterOrgId)))
    .orderBy(desc(ledgerEntries.id))
    .limit(1)
    .get();
  return row?.balance ?? 0;
}

/** The latest balance of each renter of a lessor that has ledger rows, in one read. */
async function balancesOf(db: Db, lessorOrgId: number): Promise<Map<number, number>> {
  const latest = db
    .select({ id: max(ledgerEntries.id) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.lessorOrgId, lessorOrgId))
    .groupBy(ledgerEntries.renterOrgId);
  return new Map(
    (
      await db
        .select({ renterOrgId: ledgerEntries.renterOrgId, balance: ledgerEntries.balanceCents })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.id, latest))
        .all()
    ).map((r) => [r.renterOrgId, r.balance]),
  );
}

export type LedgerRow = Omit<typeof ledgerEntries.$inferInsert, 'balanceCents' | 'id' | 'createdAt'>;

/** Append rows to the bill record, each carrying the renter's balance after it. */
export async function appendLedger(db: Db, rows: LedgerRow[]): Promise<void> {
  const balances = new Map<string, number>();
  // A few rows read their renters' balances one by one; a batch (issuing) reads each lessor's at once.
  const lessorBalances = new Map<number, Map<number, number>>();
  const before = async (lessorOrgId: number, renterOrgId: number) => {
    if (rows.length < 20) return ledgerBalance(db, lessorOrgId, renterOrgId);
    if (!lessorBalances.has(lessorOrgId)) lessorBalances.set(lessorOrgId, await balancesOf(db, lessorOrgId));
    return lessorBalances.get(lessorOrgId)!.get(renterOrgId) ?? 0;
  };
  const values = await mapInOrder(rows, async (row) => {
    const key = `${row.lessorOrgId}:${row.renterOrgId}`;
    const balanceCents = (balances.get(key) ?? (await before(row.lessorOrgId, row.renterOrgId))) + row.amountCents;
    balances.set(key, balanceCents);
    return { ...row, balanceCents };
  });
  await insertAll(db, ledgerEntries, values);
}

/**
 * Keep `renters.arrearsCents` equal to what each renter owes the lessor past due on `today` (a bill is overdue
 * the day after its due day); automatic approval reads it. What a renter owed before its billing moved here is an
 * opening balance bill (opening.ts) and counts like any other. One renter, or all of the lessor's.
 */
export async function refreshArrears(db: Db, lessorOrgId: number, today: string, renterOrgId?: number): Promise<void> {
  await db
    .update(renters)
    .set({
      arrearsCents: sql`coalesce((select sum(b.amount_cents - b.paid_cents) from bills b
        where b.renter_org_id = renters.org_id and b.lessor_org_id = ${lessorOrgId}
        and b.state in ('open', 'partlyPaid') and b.due_on < ${today}), 0)`,
    })
    .where(
      and(eq(renters.lessorOrgId, lessorOrgId), renterOrgId === undefined ? undefined : eq(renters.orgId, renterOrgId)),
    )
    .run();
}
