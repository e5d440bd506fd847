import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { allocate } from '../billing/allocate.ts';
import { issueLessorBills } from '../billing/issue.ts';
import { appendLedger, refreshArrears } from '../billing/ledger.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { bills, receipts } from '../schema/lease-billing.ts';
import { renters } from '../schema/lease.ts';
import { leasePeriods } from '../schema/lease-periods.ts';

/** The demo lessors bill on Beijing time (the server's default zone, decision 036). */
const today = (now: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);

/**
 * The bills of the seeded lease periods up to today, and receipts so that each kind of standing exists: of each
 * lessor's renters with bills, the first has paid everything, the second half of what it owes (a bill partly paid),
 * and the rest nothing (overdue once their due day has passed). A renter seeded with arrears pays nothing, so it
 * stays in arrears. Works over whatever periods exist: none, nothing.
 */
export function seedLeaseBills(db: Db, now: number): void {
  const day = today(now);
  const lessors = db.selectDistinct({ id: leasePeriods.lessorOrgId }).from(leasePeriods).all();
  for (const { id: lessorOrgId } of lessors) {
    const seededArrears = new Set(
      db
        .select({ id: renters.orgId })
        .from(renters)
        .where(and(eq(renters.lessorOrgId, lessorOrgId), gt(renters.arrearsCents, 0)))
        .all()
        .map((r) => r.id),
    );
    issueLessorBills(db, lessorOrgId, day);
    const owing = db
      .select({ renterOrgId: bills.renterOrgId, amountCents: bills.amountCents, issuedOn: bills.issuedOn })
      .from(bills)
      .where(and(eq(bills.lessorOrgId, lessorOrgId), inArray(bills.state, ['open', 'partlyPaid'])))
      .orderBy(asc(bills.renterOrgId), asc(bills.id))
      .all();
    const byRenter = new Map<number, { total: number; lastIssued: string }>();
    for (const b of owing) {
      const r = byRenter.get(b.renterOrgId) ?? { total: 0, lastIssued: b.issuedOn };
      byRenter.set(b.renterOrgId, { total: r.total + b.amountCents, lastIssued: b.issuedOn });
    }
    const clerk = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, lessorOrgId), eq(users.roleId, 10)))
      .get();
    const payers = [...byRenter.entries()].filter(([id]) => !seededArrears.has(id)).slice(0, 2);
    payers.forEach(([renterOrgId, owed], n) => {
      const amountCents = n === 0 ? owed.total : Math.floor(owed.total / 2);
      if (amountCents <= 0 || !clerk) return;
      db.transaction((tx) => {
        const reference = `DEMO-${lessorOrgId}-${renterOrgId}`;
        const method = n === 0 ? 'transfer' : 'cash';
        const { id } = tx
          .insert(receipts)
          .values({
            lessorOrgId,
            renterOrgId,
            amountCents,
            method,
            receivedOn: owed.lastIssued,
            reference,
            createdBy: clerk.id,
          })
          .returning({ id: receipts.id })
          .get();
        appendLedger(tx, [
          {
            lessorOrgId,
            renterOrgId,
            type: 'receipt',
            receiptId: id,
            subject: reference,
            detail: method,
            amountCents: -amountCents,
            day: owed.lastIssued,
          },
        ]);
        allocate(tx, lessorOrgId, renterOrgId);
      });
    });
    refreshArrears(db, lessorOrgId, day);
  }
}
