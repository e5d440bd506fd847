import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { allocate } from '../billing/allocate.ts';
import { issueLessorBills } from '../billing/issue.ts';
import { appendLedger, refreshArrears } from '../billing/ledger.ts';
import { writeOpeningBalance } from '../billing/opening.ts';
import type { Db } from '../client.ts';
import { orgDay } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { bills, receipts } from '../schema/lease-billing.ts';
import { addDays, type ReceiptMethod } from '@console/contract/codes/lease-billing';
import { renters } from '../schema/lease.ts';
import { leasePeriods } from '../schema/lease-periods.ts';
import { BUSINESSES, say } from './business.ts';

/**
 * How long ago the renters after the first stopped paying (those seeded with arrears longest ago): their bills due
 * since are open, so their contracts' oldest unpaid bills are from 1 to that many days overdue: the recent ones
 * at the reminder and the first pre-lock, the long ones at every step up to the second-level lock (45 days).
 */
const RECENT_ARREARS_DAYS = 12;
const LONG_ARREARS_DAYS = 52;
/**
 * The demo lessors moved their billing here this many days ago, bringing what renters owed then, due a month later:
 * the day the renters in arrears stopped paying, so no renter is more than LONG_ARREARS_DAYS overdue (the README's
 * "up to 52 days").
 */
const OPENING_TERM_DAYS = 30;
const GO_LIVE_DAYS = LONG_ARREARS_DAYS + OPENING_TERM_DAYS;
const OPENING_NOTE = { zh: '上线前旧系统结转欠款', en: 'Balance brought forward from the previous system' };

/**
 * The bills of the seeded lease periods up to today, and receipts so that most bills are paid and each arrears
 * step exists (decision 039): of each lessor's renters with bills, the first has paid everything; the others paid
 * month by month until 12 days ago, and those seeded with arrears until 52 days ago (they stay in arrears, which
 * automatic approval reads), so their contracts stand at each arrears step. Works over whatever periods exist:
 * none, nothing.
 */
export function seedLeaseBills(db: Db, now: number): void {
  // What the parties seed recorded as owed from before, read before billing recomputes the arrears from bills.
  const broughtForward = db
    .select({ renterOrgId: renters.orgId, lessorOrgId: renters.lessorOrgId, amountCents: renters.arrearsCents })
    .from(renters)
    .where(gt(renters.arrearsCents, 0))
    .orderBy(asc(renters.orgId))
    .all();
  const lessors = db.selectDistinct({ id: leasePeriods.lessorOrgId }).from(leasePeriods).all();
  for (const { id: lessorOrgId } of lessors) {
    // Each lessor bills up to its own today (decision 036): Northwind's is Sydney's.
    const day = orgDay(db, lessorOrgId, now);
    const seededArrears = new Set(
      broughtForward.filter((r) => r.lessorOrgId === lessorOrgId).map((r) => r.renterOrgId),
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
    // A company abroad is paid by transfer and cheque, a Chinese one by transfer and WeChat Pay.
    const second: ReceiptMethod = lessorLang(db, lessorOrgId) === 'en' ? 'cheque' : 'wechat';
    const pay = (renterOrgId: number, amountCents: number, receivedOn: string, n: number, method: ReceiptMethod) => {
      if (amountCents <= 0) return;
      db.transaction((tx) => {
        const reference = receiptReference(method, receivedOn, `${lessorOrgId}-${renterOrgId}-${n}`);
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
        // The first has paid everything: each month's bills on their due day, a bill not yet due on its issue day.
        const paidOn = (b: (typeof open)[number]) => (b.dueOn <= day ? b.dueOn : b.issuedOn);
        const byMonth = new Map<string, { amountCents: number; on: string }>();
        for (const b of open) {
          const month = byMonth.get(paidOn(b).slice(0, 7));
          byMonth.set(paidOn(b).slice(0, 7), { amountCents: (month?.amountCents ?? 0) + unpaid(b), on: paidOn(b) });
        }
        [...byMonth.values()].forEach(({ amountCents, on }, i) => pay(renterOrgId, amountCents, on, i, 'transfer'));
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
        pay(renterOrgId, amountCents, last.dueOn, i + 1, i % 2 === 0 ? 'transfer' : second);
      });
    });
    refreshArrears(db, lessorOrgId, day);
  }
  seedOpeningBalances(db, broughtForward, now);
}

/**
 * The renters the parties seed recorded as owing rent bring it here as an opening balance (decision 036,
 * addendum), due a month after the go-live day: payable by receipts like any bill, and counted in their arrears,
 * which automatic approval reads. After the receipts above, so those paid the bills they paid.
 */
function seedOpeningBalances(
  db: Db,
  owing: { renterOrgId: number; lessorOrgId: number; amountCents: number }[],
  now: number,
): void {
  for (const r of owing) {
    const day = orgDay(db, r.lessorOrgId, now);
    const asOf = addDays(day, -GO_LIVE_DAYS);
    const lang = lessorLang(db, r.lessorOrgId);
    db.transaction((tx) =>
      writeOpeningBalance(
        tx,
        { ...r, asOf, dueOn: addDays(asOf, OPENING_TERM_DAYS), note: say(lang, OPENING_NOTE) },
        day,
      ),
    );
  }
}

/** The language a seeded rental company keeps its records in. */
function lessorLang(db: Db, lessorOrgId: number): 'zh' | 'en' {
  const lessor = db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, lessorOrgId))
    .get();
  return BUSINESSES.find((b) => b.lessor === lessor?.name)?.lang ?? 'zh';
}

/**
 * A receipt's reference as its channel writes it: a bank transfer's serial, a WeChat Pay transaction number, a
 * cheque's number. The digits come from the receipt's key (not the seed's random draws, so every later draw of the
 * demo stays where it was) and are in no sequence.
 */
function receiptReference(method: ReceiptMethod, receivedOn: string, key: string): string {
  let hash = 2166136261;
  const digits = (count: number) => {
    let out = '';
    while (out.length < count) {
      for (const char of `${key}:${out.length}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
      out += String(hash % 100000).padStart(5, '0');
    }
    return out.slice(0, count);
  };
  const day = receivedOn.replaceAll('-', '');
  if (method === 'wechat') return `4200${digits(6)}${day}${digits(10)}`;
  if (method === 'cheque') return digits(6);
  return `TRF${day}${digits(6)}`;
}
