import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { allocate } from '../billing/allocate.ts';
import { issueLessorBills } from '../billing/issue.ts';
import { appendLedger, refreshArrears } from '../billing/ledger.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { bills, receipts } from '../schema/lease-billing.ts';
import { addDays, type ReceiptMethod } from '@console/contract/codes/lease-billing';
import { renters } from '../schema/lease.ts';
import { leasePeriods } from '../schema/lease-periods.ts';

/**
 * How long ago the renters after the first stopped paying (those seeded with arrears longest ago): their bills due
 * since are open, so their contracts' oldest unpaid bills are from 1 to that many days overdue: the recent ones
 * at the reminder and the first pre-lock, the long ones at every step up to the second-level lock (45 days).
 */
const RECENT_ARREARS_DAYS = 12;
const LONG_ARREARS_DAYS = 52;

/** The demo lessors bill on Beijing time (the server's default zone, decision 036). */
const today = (now: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);

/**
 * The bills of the seeded lease periods up to today, and receipts so that most bills are paid and each arrears
 * step exists (decision 039): of each lessor's renters with bills, the first has paid everything; the others paid
 * month by month until 12 days ago, and those seeded with arrears until 52 days ago (they stay in arrears, which
 * automatic approval reads), so their contracts stand at each arrears step. Works over whatever periods exist:
 * none, nothing.
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
      .select({
        renterOrgId: bills.renterOrgId,
        amountCents: bills.amountCents,
        paidCents: bills.paidCents,
        issuedOn: bills.issuedOn,
        dueOn: bills.dueOn,
      })
      .from(bills)
      .where(and(eq(bills.lessorOrgId, lessorOrgId), inArray(bills.state, ['open', 'partlyPaid'])))
      .orderBy(asc(bills.renterOrgId), asc(bills.dueOn), asc(bills.id))
      .all();
    const byRenter = new Map<number, typeof owing>();
    for (const b of owing) byRenter.set(b.renterOrgId, [...(byRenter.get(b.renterOrgId) ?? []), b]);
    const clerk = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, lessorOrgId), eq(users.roleId, 10)))
      .get();
    if (!clerk) continue;
    const pay = (renterOrgId: number, amountCents: number, receivedOn: string, n: number, method: ReceiptMethod) => {
      if (amountCents <= 0) return;
      db.transaction((tx) => {
        const reference = n === 0 ? `DEMO-${lessorOrgId}-${renterOrgId}` : `DEMO-${lessorOrgId}-${renterOrgId}-${n}`;
        const { id } = tx
          .insert(receipts)
          .values({ lessorOrgId, renterOrgId, amountCents, method, receivedOn, reference, createdBy: clerk.id })
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
            day: receivedOn,
          },
        ]);
        allocate(tx, lessorOrgId, renterOrgId);
      });
    };
    // Renters seeded with arrears come last: they stopped paying longest ago.
    const payers = [...byRenter.entries()].sort(
      ([a], [b]) => Number(seededArrears.has(a)) - Number(seededArrears.has(b)),
    );
    payers.forEach(([renterOrgId, open], n) => {
      const unpaid = (b: (typeof open)[number]) => b.amountCents - b.paidCents;
      if (n === 0 && !seededArrears.has(renterOrgId)) {
        // The first has paid everything, in one transfer on its latest bill's day.
        pay(
          renterOrgId,
          open.reduce((sum, b) => sum + unpaid(b), 0),
          open.at(-1)!.issuedOn,
          0,
          'transfer',
        );
        return;
      }
      // The others paid each month's bills on their due day, up to a day that leaves their later bills open:
      // their contracts stand at every arrears step (decision 039), the first from days ago, the rest longer.
      const cutoff = addDays(day, -(seededArrears.has(renterOrgId) ? LONG_ARREARS_DAYS : RECENT_ARREARS_DAYS));
      const months = new Map<string, number>();
      for (const b of open.filter((x) => x.dueOn <= cutoff)) {
        months.set(b.dueOn.slice(0, 7), (months.get(b.dueOn.slice(0, 7)) ?? 0) + unpaid(b));
      }
      [...months.entries()].forEach(([month, amountCents], i) => {
        const last = open.filter((b) => b.dueOn.startsWith(month) && b.dueOn <= cutoff).at(-1)!;
        pay(renterOrgId, amountCents, last.dueOn, i + 1, i % 2 === 0 ? 'transfer' : 'wechat');
      });
    });
    refreshArrears(db, lessorOrgId, day);
  }
}
