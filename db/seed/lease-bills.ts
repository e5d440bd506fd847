import { and, asc, desc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import { allocate } from '../billing/allocate.ts';
import { issueLessorBills } from '../billing/issue.ts';
import { appendLedger, refreshArrears } from '../billing/ledger.ts';
import { writeOpeningBalance } from '../billing/opening.ts';
import { writeOvertimeAdjustment } from '../billing/overtime-adjust.ts';
import type { Db } from '../client.ts';
import { orgDay } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { billOvertime, bills, overtimeAdjustments, receipts } from '../schema/lease-billing.ts';
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
 * The renters seeded with arrears also owed on an account the lessor kept in its previous system until this many
 * days ago, when its balance was brought forward here, due a month later: the day those renters stopped paying, so no
 * renter is more than LONG_ARREARS_DAYS overdue (the README's "up to 52 days").
 */
const OPENING_TERM_DAYS = 30;
const GO_LIVE_DAYS = LONG_ARREARS_DAYS + OPENING_TERM_DAYS;
const OPENING_NOTE = { zh: '上线前旧系统结转欠款', en: 'Balance brought forward from the previous system' };

/**
 * Days a renter that pays late pays a month's bills after the last of them fell due, by the month: most months on
 * the day, some a few days or weeks late, never past the day it stopped paying.
 */
const LATE_DAYS = [0, 0, 6, 0, 0, 14, 0, 3, 0, 0, 21, 0];

/**
 * The bills of the seeded lease periods up to today, and receipts so that most bills are paid and each arrears
 * step exists (decision 039): of each lessor's renters with bills, the first has paid everything on time; the others
 * paid month by month, some months late, until 12 days ago, and those seeded with arrears until 52 days ago (they
 * stay in arrears, which automatic approval reads), so their contracts stand at each arrears step. The year is lived
 * in order, as the billing scheduler and the clerk would have: the bills are issued at each month's end and on each
 * return day (a returned machine's last bill is dated on its return), and each month's receipts are recorded once its
 * bills are out, so the bill record runs month by month. Works over whatever periods exist: none, nothing.
 */
export async function seedLeaseBills(db: Db, now: number): Promise<void> {
  // What the parties seed recorded as owed from before, read before billing recomputes the arrears from bills.
  const broughtForward = await db
    .select({ renterOrgId: renters.orgId, lessorOrgId: renters.lessorOrgId, amountCents: renters.arrearsCents })
    .from(renters)
    .where(gt(renters.arrearsCents, 0))
    .orderBy(asc(renters.orgId))
    .all();
  const lessors = await db
    .selectDistinct({ id: leasePeriods.lessorOrgId })
    .from(leasePeriods)
    .orderBy(leasePeriods.lessorOrgId)
    .all();
  for (const { id: lessorOrgId } of lessors) {
    // Each lessor bills up to its own today (decision 036): Northwind's is Sydney's.
    const day = await orgDay(db, lessorOrgId, now);
    const seededArrears = new Set(
      broughtForward.filter((r) => r.lessorOrgId === lessorOrgId).map((r) => r.renterOrgId),
    );
    const clerk = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, lessorOrgId), eq(users.roleId, 10)))
      .orderBy(users.id)
      .get();
    if (!clerk) {
      await issueLessorBills(db, lessorOrgId, day);
      continue;
    }
    const periods = await db
      .select({ renterOrgId: leasePeriods.renterOrgId, startOn: leasePeriods.startOn, endOn: leasePeriods.endOn })
      .from(leasePeriods)
      .where(eq(leasePeriods.lessorOrgId, lessorOrgId))
      .all();
    // The renter that pays everything: the first (by id) of those on lease that were not seeded with arrears.
    const punctual = Math.min(...periods.filter((x) => !seededArrears.has(x.renterOrgId)).map((x) => x.renterOrgId));
    const first = periods.reduce((a, x) => (x.startOn < a ? x.startOn : a), day);
    const monthEnds = new Set<string>();
    for (let end = monthEnd(first); end < day; end = monthEnd(addDays(end, 1))) monthEnds.add(end);
    const returns = periods.flatMap((x) => (x.endOn !== null && x.endOn < day ? [x.endOn] : []));
    const runs = [...new Set([...monthEnds, ...returns, day])].sort();
    // A company abroad is paid by transfer and cheque, a Chinese one by transfer and WeChat Pay.
    const second: ReceiptMethod = (await lessorLang(db, lessorOrgId)) === 'en' ? 'cheque' : 'wechat';
    const counts = new Map<number, number>();
    const lastPaid = new Map<number, string>();
    const pay = async (renterOrgId: number, amountCents: number, receivedOn: string, method: ReceiptMethod) => {
      if (amountCents <= 0) return;
      const n = counts.get(renterOrgId) ?? 0;
      counts.set(renterOrgId, n + 1);
      lastPaid.set(renterOrgId, receivedOn);
      await db.transaction(async (tx) => {
        const reference = receiptReference(method, receivedOn, `${lessorOrgId}-${renterOrgId}-${n}`);
        const { id } = await tx
          .insert(receipts)
          .values({ lessorOrgId, renterOrgId, amountCents, method, receivedOn, reference, createdBy: clerk.id })
          .returning({ id: receipts.id })
          .get();
        await appendLedger(tx, [
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
        await allocate(tx, lessorOrgId, renterOrgId);
      });
    };
    for (const run of runs) {
      await issueLessorBills(db, lessorOrgId, run);
      // Receipts once a month (and today), when the month's bills are all out.
      if (!monthEnds.has(run) && run !== day) continue;
      const complete = (month: string) => run === day || monthEnd(`${month}-01`) <= run;
      const owing = await db
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
      for (const [renterOrgId, open] of byRenter) {
        const unpaid = (b: (typeof open)[number]) => b.amountCents - b.paidCents;
        if (renterOrgId === punctual) {
          // Each month's bills on their due day, a bill not yet due today on its issue day: one transfer a month.
          // A month with a bill paid ahead is recorded today with the months after it, since a receipt pays the
          // oldest due bills first, whichever month's transfer it is.
          const paidOn = (b: (typeof open)[number]) => (b.dueOn <= day ? b.dueOn : b.issuedOn);
          const byMonth = new Map<string, { amountCents: number; on: string; ahead: boolean }>();
          for (const b of open) {
            const month = byMonth.get(paidOn(b).slice(0, 7));
            byMonth.set(paidOn(b).slice(0, 7), {
              amountCents: (month?.amountCents ?? 0) + unpaid(b),
              on: paidOn(b),
              ahead: (month?.ahead ?? false) || b.dueOn > day,
            });
          }
          for (const [month, { amountCents, on, ahead }] of byMonth) {
            if (!complete(month) || (ahead && run !== day)) break;
            await pay(renterOrgId, amountCents, on, 'transfer');
          }
          continue;
        }
        // The others paid each month's bills after the last fell due (some months late), up to a day that leaves
        // their later bills open: their contracts stand at every arrears step (decision 039), the first from days
        // ago, the rest longer.
        const cutoff = addDays(day, -(seededArrears.has(renterOrgId) ? LONG_ARREARS_DAYS : RECENT_ARREARS_DAYS));
        const months = new Map<string, { amountCents: number; last: string }>();
        for (const b of open.filter((x) => x.dueOn <= cutoff)) {
          const month = months.get(b.dueOn.slice(0, 7));
          months.set(b.dueOn.slice(0, 7), { amountCents: (month?.amountCents ?? 0) + unpaid(b), last: b.dueOn });
        }
        for (const [month, { amountCents, last }] of months) {
          if (!complete(month)) break;
          const late = addDays(last, LATE_DAYS[(Number(month.slice(5, 7)) + renterOrgId) % LATE_DAYS.length]!);
          // Never after the day it stopped paying, never before its previous payment.
          const on = [late < cutoff ? late : cutoff, lastPaid.get(renterOrgId) ?? ''].sort().at(-1)!;
          // Not paid yet on this run's day: it and the months after wait for a later run.
          if (on > run) break;
          const n = counts.get(renterOrgId) ?? 0;
          await pay(renterOrgId, amountCents, on, n % 2 === 0 ? 'transfer' : second);
        }
      }
    }
    await adjustOneOvertime(db, lessorOrgId, clerk.id, day, now);
    await refreshArrears(db, lessorOrgId, day);
  }
  await seedOpeningBalances(db, broughtForward, now);
}

/** The hours the staff took off an overtime line, and why. */
const ADJUSTED_TENTHS = 40;
const ADJUST_REASON = {
  zh: '其中4小时为门店保养后的现场试车，不计承租方加班',
  en: "Four of the hours were the store's own test run after a service on site, not the hirer's work",
};

/**
 * One overtime line of each rental company adjusted by its staff with a reason (decision 070), written as the
 * console's adjust move writes it (db/billing/overtime-adjust.ts): on the latest open bill issued before today that
 * no receipt paid, its first line with at least twice those hours above the allowance, four hours fewer. Once: a
 * company with an adjustment keeps it.
 */
async function adjustOneOvertime(db: Db, lessorOrgId: number, clerkId: number, today: string, now: number) {
  const done = await db
    .select({ id: overtimeAdjustments.id })
    .from(overtimeAdjustments)
    .innerJoin(bills, eq(bills.id, overtimeAdjustments.billId))
    .where(eq(bills.lessorOrgId, lessorOrgId))
    .limit(1)
    .get();
  if (done) return;
  const target = await db
    .select({ line: billOvertime, bill: bills })
    .from(billOvertime)
    .innerJoin(bills, eq(bills.id, billOvertime.billId))
    .where(
      and(
        eq(bills.lessorOrgId, lessorOrgId),
        eq(bills.state, 'open'),
        eq(bills.paidCents, 0),
        lt(bills.issuedOn, today),
        gte(billOvertime.hoursTenths, 2 * ADJUSTED_TENTHS),
      ),
    )
    .orderBy(desc(bills.issuedOn), asc(billOvertime.id))
    .get();
  if (!target) return;
  const reason = say(await lessorLang(db, lessorOrgId), ADJUST_REASON);
  await db.transaction((tx) =>
    writeOvertimeAdjustment(
      tx,
      target.line,
      target.bill,
      { hoursTenths: target.line.hoursTenths - ADJUSTED_TENTHS, reason, userId: clerkId },
      today,
      now - 2 * 3600_000,
    ),
  );
}

/** The last day of the day's month. */
function monthEnd(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The renters the parties seed recorded as owing rent bring it here as an opening balance (decision 036,
 * addendum), due a month after the day it was brought forward: payable by receipts like any bill, counted in their
 * arrears, which automatic approval reads. After the receipts above, so those paid the bills they paid.
 */
async function seedOpeningBalances(
  db: Db,
  owing: { renterOrgId: number; lessorOrgId: number; amountCents: number }[],
  now: number,
): Promise<void> {
  for (const r of owing) {
    const day = await orgDay(db, r.lessorOrgId, now);
    const asOf = addDays(day, -GO_LIVE_DAYS);
    const lang = await lessorLang(db, r.lessorOrgId);
    await db.transaction((tx) =>
      writeOpeningBalance(
        tx,
        { ...r, asOf, dueOn: addDays(asOf, OPENING_TERM_DAYS), note: say(lang, OPENING_NOTE) },
        day,
      ),
    );
  }
}

/** The language a seeded rental company keeps its records in. */
async function lessorLang(db: Db, lessorOrgId: number): Promise<'zh' | 'en'> {
  const lessor = await db
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
