import { and, between, count, eq, inArray, isNull, or, sum } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { dailyWork } from '../schema/analysis.ts';
import { leasePeriods } from '../schema/lease-periods.ts';
import type { billOvertime } from '../schema/lease-billing.ts';
import { measuredTenths, overtimeCharge, proratedAllowanceTenths } from '@console/contract/lease/overtime';

/** A bill line of a period whose contract line carries an hours allowance: what its overtime is computed from. */
export interface OvertimePart {
  contractId: number;
  leasePeriodId: number;
  deviceId: number;
  lineId: number;
  businessModel: number;
  allowanceTenths: number;
  overtimeCents: number;
  fromOn: string;
  toOn: string;
}

export type OvertimeRow = Omit<typeof billOvertime.$inferInsert, 'billId'>;

/** Machines per query: well inside every engine's limit of bound values. */
const CHUNK = 500;

/**
 * The hours each machine worked over its part's days, from the daily work credited to the part's contract (a day
 * with no contract recorded counts: the machine was on this lease that day, its periods never overlap); a machine
 * with no day of work at all in those days reported nothing (undefined). One grouped read per span of days and 500
 * periods: a contract's machines share their spans, so a month of 20,000 machines is a few dozen reads.
 */
async function measured(db: Db, parts: OvertimePart[]): Promise<Map<OvertimePart, number | undefined>> {
  const bySpan = new Map<string, OvertimePart[]>();
  for (const part of parts) {
    const key = `${part.fromOn}~${part.toOn}`;
    bySpan.set(key, [...(bySpan.get(key) ?? []), part]);
  }
  const result = new Map<OvertimePart, number | undefined>();
  for (const [span, group] of bySpan) {
    const [from, to] = span.split('~') as [string, string];
    const hours = new Map<number, { hours: number; days: number }>();
    for (let i = 0; i < group.length; i += CHUNK) {
      // Each period's machine's days, looked up by machine and day (the daily work's unique index), whatever the
      // planner's statistics say of the days. A day credited to another contract is not this lease's; one credited to
      // none is (decision 037 names the contract when it knows it).
      const rows = await db
        .select({ periodId: leasePeriods.id, hours: sum(dailyWork.hoursWorked), days: count(dailyWork.id) })
        .from(leasePeriods)
        .innerJoin(
          dailyWork,
          and(
            eq(dailyWork.deviceId, leasePeriods.deviceId),
            between(dailyWork.day, from, to),
            or(isNull(dailyWork.contractId), eq(dailyWork.contractId, leasePeriods.contractId)),
          ),
        )
        .where(
          inArray(
            leasePeriods.id,
            group.slice(i, i + CHUNK).map((p) => p.leasePeriodId),
          ),
        )
        .groupBy(leasePeriods.id)
        .all();
      for (const r of rows) hours.set(r.periodId, { hours: Number(r.hours ?? 0), days: r.days });
    }
    for (const part of group) {
      const worked = hours.get(part.leasePeriodId);
      result.set(part, worked === undefined || worked.days === 0 ? undefined : worked.hours);
    }
  }
  return result;
}

/**
 * The overtime rows of bill parts (decision 070): the allowance prorated over the part's days, the hours measured,
 * the hours above the allowance at the line's price. A machine that reported no hours gets a row without measured
 * hours and nothing charged: the bill shows the hours as missing rather than billing zero.
 */
export async function overtimeRows(db: Db, parts: OvertimePart[]): Promise<Map<OvertimePart, OvertimeRow>> {
  const rows = new Map<OvertimePart, OvertimeRow>();
  if (parts.length === 0) return rows;
  const hours = await measured(db, parts);
  for (const part of parts) {
    const allowance = proratedAllowanceTenths(part.businessModel, part.allowanceTenths, part.fromOn, part.toOn);
    const worked = hours.get(part);
    const tenths = worked === undefined ? null : measuredTenths(worked);
    const charge =
      tenths === null ? { hoursTenths: 0, amountCents: 0 } : overtimeCharge(allowance, tenths, part.overtimeCents);
    rows.set(part, {
      leasePeriodId: part.leasePeriodId,
      deviceId: part.deviceId,
      lineId: part.lineId,
      fromOn: part.fromOn,
      toOn: part.toOn,
      allowanceTenths: allowance,
      measuredTenths: tenths,
      computedTenths: charge.hoursTenths,
      hoursTenths: charge.hoursTenths,
      priceCents: part.overtimeCents,
      amountCents: charge.amountCents,
    });
  }
  return rows;
}
