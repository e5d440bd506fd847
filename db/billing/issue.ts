import { and, eq, lte, max, sql, sum } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { billLines, billOvertime, bills } from '../schema/lease-billing.ts';
import { contractLines, contracts } from '../schema/lease.ts';
import { leasePeriods } from '../schema/lease-periods.ts';
import {
  addDays,
  billingDaysBetween,
  billPart,
  billState,
  type BilledPeriod,
  type BillKind,
  type BillPart,
} from '@console/contract/codes/lease-billing';
import { allocate, rentersWithCredit } from './allocate.ts';
import { insertAll } from './insert-all.ts';
import { overtimeRows, type OvertimePart } from './overtime.ts';
import { appendLedger, refreshArrears, type LedgerRow } from './ledger.ts';
import { markChargesBilled, pendingNextCharges, takeCharges } from './charges.ts';

interface PeriodRow extends BilledPeriod {
  id: number;
  contractId: number;
  lineId: number;
  deviceId: number;
  renterOrgId: number;
  number: string;
  billingDay: number;
  dueDays: number;
  /** The contract's last day: nothing is billed after it, even for a machine not yet returned. */
  contractEndOn: string;
  /** The line's hours allowance (tenths) and overtime price per hour, when it has them (decision 070). */
  allowanceTenths: number | null;
  overtimeCents: number | null;
}

/** The lessor's lease periods that started by `today` and are not billed to their end, with their billing. */
async function unbilledPeriods(db: Db, lessorOrgId: number, today: string, contractId?: number): Promise<PeriodRow[]> {
  const billed = db
    .select({
      periodId: billLines.leasePeriodId,
      through: max(billLines.toOn).as('through'),
      cents: sum(billLines.amountCents).as('cents'),
    })
    .from(billLines)
    .innerJoin(leasePeriods, eq(leasePeriods.id, billLines.leasePeriodId))
    // A released line's bill was voided for re-issue: its days are billable again (decision 036, addendum).
    .where(and(eq(leasePeriods.lessorOrgId, lessorOrgId), eq(billLines.released, false)))
    .groupBy(billLines.leasePeriodId)
    .as('billed');
  const rows = await db
    .select({
      id: leasePeriods.id,
      contractId: leasePeriods.contractId,
      lineId: leasePeriods.lineId,
      deviceId: leasePeriods.deviceId,
      renterOrgId: leasePeriods.renterOrgId,
      startOn: leasePeriods.startOn,
      endOn: leasePeriods.endOn,
      endedByChangeId: leasePeriods.endedByChangeId,
      businessModel: contractLines.businessModel,
      dayCents: contractLines.dayCents,
      monthCents: contractLines.monthCents,
      allowanceTenths: contractLines.allowanceTenths,
      overtimeCents: contractLines.overtimeCents,
      number: contracts.number,
      billingDay: contracts.billingDay,
      dueDays: contracts.dueDays,
      contractEndOn: contracts.endOn,
      billedThrough: billed.through,
      billedCents: billed.cents,
    })
    .from(leasePeriods)
    .innerJoin(contractLines, eq(contractLines.id, leasePeriods.lineId))
    .innerJoin(contracts, eq(contracts.id, leasePeriods.contractId))
    .leftJoin(billed, eq(billed.periodId, leasePeriods.id))
    .where(
      and(
        eq(leasePeriods.lessorOrgId, lessorOrgId),
        lte(leasePeriods.startOn, today),
        contractId === undefined ? undefined : eq(leasePeriods.contractId, contractId),
        sql`(${leasePeriods.endOn} is null or ${billed.through} is null or ${billed.through} < ${leasePeriods.endOn})`,
      ),
    )
    // The order SQLite reads them in (by the lessor's index): the bills' numbers and ids follow it on every engine.
    .orderBy(leasePeriods.startOn, leasePeriods.id)
    .all();
  return rows.map(({ dayCents, monthCents, billedCents, endedByChangeId, ...r }) => ({
    ...r,
    continued: endedByChangeId !== null,
    prices: { dayCents, monthCents },
    billedCents: Number(billedCents ?? 0),
  }));
}

interface Draft {
  contract: PeriodRow;
  kind: BillKind;
  number: string;
  periodStart: string;
  periodEnd: string;
  issuedOn: string;
  lines: { period: PeriodRow; part: BillPart }[];
}

/** Charge a period's part (never past its contract's end): the period remembers it, so the next bill starts after it. */
function take(period: PeriodRow, through: string): BillPart | null {
  const part = billPart(period, through < period.contractEndOn ? through : period.contractEndOn);
  if (!part) return null;
  period.billedThrough = part.toOn;
  period.billedCents += part.amountCents;
  return part;
}

/** The day one month before a billing day (the period's first day). */
function monthBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 2, d)).toISOString().slice(0, 10);
}

/**
 * The bills a contract's periods are owed on `today`: one per billing day since the oldest unbilled day, for the
 * period that ended the day before (so a run after a pause catches up month by month), then one per machine
 * returned and not billed to its return. A period a change's new price cut (decision 041) waits for the cycle bill,
 * which so holds both prices of that month, one line each.
 */
function draftsFor(periods: PeriodRow[], today: string): Draft[] {
  const contract = periods[0]!;
  const drafts: Draft[] = [];
  const firstUnbilled = periods
    .map((p) => (p.billedThrough === null ? p.startOn : addDays(p.billedThrough, 1)))
    .reduce((a, b) => (a < b ? a : b));
  for (const day of billingDaysBetween(firstUnbilled, today, contract.billingDay)) {
    const periodEnd = addDays(day, -1);
    const lines = periods.flatMap((period) => {
      const part = take(period, periodEnd);
      return part ? [{ period, part }] : [];
    });
    if (lines.length === 0) continue;
    drafts.push({
      contract,
      kind: 'cycle',
      number: `${contract.number}-${periodEnd.slice(0, 7).replace('-', '')}`,
      periodStart: monthBefore(day),
      periodEnd,
      issuedOn: day,
      lines,
    });
  }
  for (const period of periods) {
    if (period.endOn === null || period.endOn > today) continue;
    // Cut by a contract change, not returned: the next cycle bill carries its last days beside the new price's.
    if (period.continued) continue;
    const part = take(period, period.endOn);
    if (!part) continue;
    drafts.push({
      contract,
      kind: 'exit',
      number: `${contract.number}-E${period.id}`,
      periodStart: part.fromOn,
      periodEnd: part.toOn,
      issuedOn: today,
      lines: [{ period, part }],
    });
  }
  return drafts;
}

/** The parts of the drafts whose contract line has an hours allowance: each gets an overtime row (decision 070). */
function overtimeParts(drafts: Draft[]): Map<Draft['lines'][number], OvertimePart> {
  const parts = new Map<Draft['lines'][number], OvertimePart>();
  for (const draft of drafts) {
    for (const line of draft.lines) {
      const { period, part } = line;
      if (period.allowanceTenths === null || period.overtimeCents === null) continue;
      parts.set(line, {
        contractId: period.contractId,
        leasePeriodId: period.id,
        deviceId: period.deviceId,
        lineId: period.lineId,
        businessModel: period.businessModel,
        allowanceTenths: period.allowanceTenths,
        overtimeCents: period.overtimeCents,
        fromOn: part.fromOn,
        toOn: part.toOn,
      });
    }
  }
  return parts;
}

/**
 * Write the drafts: bills, their lines, their overtime and their ledger rows, through prepared inserts. The bills'
 * ids are given here (after the highest, inside the unit of work's write lock) so their lines can name them without
 * a read back. A bill's amount is its lines', its overtime's and the pending charges it carries (decision 074).
 */
async function writeBills(db: Db, lessorOrgId: number, drafts: Draft[]): Promise<void> {
  const parts = overtimeParts(drafts);
  const overtimeOf = await overtimeRows(db, [...parts.values()]);
  // Pending charges billed `next` ride on their contract's first bill of the pass (decision 074).
  const pendingCharges = drafts.length > 0 ? await pendingNextCharges(db, lessorOrgId) : new Map();
  const billedCharges: { chargeIds: number[]; billId: number }[] = [];
  const overtime: (typeof billOvertime.$inferInsert)[] = [];
  const lines: (typeof billLines.$inferInsert)[] = [];
  const ledger: LedgerRow[] = [];
  const rows: (typeof bills.$inferInsert)[] = [];
  let id =
    (
      await db
        .select({ top: max(bills.id) })
        .from(bills)
        .get()
    )?.top ?? 0;
  for (const draft of drafts) {
    id += 1;
    const extra = draft.lines.flatMap((l) => {
      const part = parts.get(l);
      const row = part && overtimeOf.get(part);
      return row ? [{ ...row, billId: id }] : [];
    });
    overtime.push(...extra);
    const carried = takeCharges(pendingCharges, draft.contract.contractId);
    billedCharges.push({ chargeIds: carried.map((c) => c.id), billId: id });
    const amountCents =
      draft.lines.reduce((s, l) => s + l.part.amountCents, 0) +
      extra.reduce((s, o) => s + o.amountCents, 0) +
      carried.reduce((s, c) => s + c.amountCents, 0);
    const { contract } = draft;
    rows.push({
      id,
      number: draft.number,
      lessorOrgId,
      renterOrgId: contract.renterOrgId,
      contractId: contract.contractId,
      kind: draft.kind,
      periodStart: draft.periodStart,
      periodEnd: draft.periodEnd,
      issuedOn: draft.issuedOn,
      dueOn: addDays(draft.issuedOn, contract.dueDays),
      amountCents,
      state: billState(amountCents, 0),
    });
    for (const { period, part } of draft.lines) {
      lines.push({
        billId: id,
        leasePeriodId: period.id,
        deviceId: period.deviceId,
        lineId: period.lineId,
        businessModel: period.businessModel,
        dayCents: period.prices.dayCents,
        monthCents: period.prices.monthCents,
        ...part,
      });
    }
    ledger.push({
      lessorOrgId,
      renterOrgId: contract.renterOrgId,
      type: 'bill',
      billId: id,
      subject: draft.number,
      detail: `${draft.periodStart}~${draft.periodEnd}`,
      amountCents,
      day: draft.issuedOn,
    });
  }
  await insertAll(db, bills, rows);
  await insertAll(db, billLines, lines);
  await insertAll(db, billOvertime, overtime);
  await markChargesBilled(db, billedCharges);
  await appendLedger(db, ledger);
}

export interface IssueResult {
  bills: number;
  lines: number;
}

/**
 * Issue what a lessor's contracts are owed on its `today`: the billing days' bills and the returned machines'
 * last bills, in one unit of work with their ledger rows, the allocation of money paid in advance and the renters'
 * arrears. Idempotent: a period's days are billed once (the bill lines say which), so a second run issues nothing.
 */
export async function issueLessorBills(
  db: Db,
  lessorOrgId: number,
  today: string,
  contractId?: number,
): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    const byContract = new Map<number, PeriodRow[]>();
    for (const period of await unbilledPeriods(tx, lessorOrgId, today, contractId)) {
      byContract.set(period.contractId, [...(byContract.get(period.contractId) ?? []), period]);
    }
    const drafts = [...byContract.values()].flatMap((periods) => draftsFor(periods, today));
    await writeBills(tx, lessorOrgId, drafts);
    for (const renterOrgId of await rentersWithCredit(tx, lessorOrgId)) await allocate(tx, lessorOrgId, renterOrgId);
    await refreshArrears(tx, lessorOrgId, today);
    return { bills: drafts.length, lines: drafts.reduce((s, d) => s + d.lines.length, 0) };
  });
}
