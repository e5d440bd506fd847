/**
 * A bill's overtime lines (docs/decisions/070-overtime-from-measured-hours.md): presenting them with their
 * adjustments, the bills whose machines reported no hours, and who may adjust them (server/src/billing/
 * overtime-adjust.ts adjusts).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { billOvertime, overtimeAdjustments } from '@console/db/schema/lease-billing';
import { OVERTIME_ADJUSTERS } from '@console/contract/access/lease-billing';
import type { OvertimeLine } from '@console/contract/http/lease-billing';
import type { ScopedData } from '../../lib/data.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { userNames } from '../../lib/maintenance.ts';

/** The administrator and staff of the bill's own rental company adjust its overtime. */
export const mayAdjustOvertime = (user: SessionUser) => (lessorOrgId: number) =>
  (OVERTIME_ADJUSTERS as readonly number[]).includes(user.roleId) &&
  user.orgKind === 'lessor' &&
  user.orgId === lessorOrgId;

/** Of these bills (already in the reader's scope), those with a machine that reported no hours. */
export async function billsWithHoursMissing(data: ScopedData, billIds: number[]): Promise<Set<number>> {
  if (billIds.length === 0) return new Set();
  const db = data.unscoped('alreadyScoped');
  const rows = await db
    .selectDistinct({ billId: billOvertime.billId })
    .from(billOvertime)
    .where(and(inArray(billOvertime.billId, billIds), isNull(billOvertime.measuredTenths)))
    .all();
  return new Set(rows.map((r) => r.billId));
}

/** A bill's overtime lines, each with its adjustments; the bill is one the reader sees. */
export async function overtimeLinesOf(
  data: ScopedData,
  bill: { id: number; lessorOrgId: number; state: string; paidCents: number },
  user: SessionUser,
  timeZone: string,
): Promise<OvertimeLine[]> {
  const db = data.unscoped('alreadyScoped');
  const rows = await db
    .select({ o: billOvertime, serialNumber: devices.serialNumber })
    .from(billOvertime)
    .leftJoin(devices, eq(devices.id, billOvertime.deviceId))
    .where(eq(billOvertime.billId, bill.id))
    .orderBy(asc(devices.serialNumber), asc(billOvertime.id))
    .all();
  if (rows.length === 0) return [];
  const adjustments = await db
    .select()
    .from(overtimeAdjustments)
    .where(eq(overtimeAdjustments.billId, bill.id))
    .orderBy(asc(overtimeAdjustments.id))
    .all();
  const people = await userNames(
    data,
    adjustments.map((a) => a.userId),
  );
  const adjustable = bill.state === 'open' && bill.paidCents === 0 && mayAdjustOvertime(user)(bill.lessorOrgId);
  return rows.map(({ o, serialNumber }) => ({
    id: o.id,
    deviceId: o.deviceId,
    serialNumber: serialNumber ?? '',
    fromOn: o.fromOn,
    toOn: o.toOn,
    allowanceTenths: o.allowanceTenths,
    measuredTenths: o.measuredTenths,
    computedTenths: o.computedTenths,
    hoursTenths: o.hoursTenths,
    priceCents: o.priceCents,
    amountCents: o.amountCents,
    adjustments: adjustments
      .filter((a) => a.overtimeId === o.id)
      .map((a) => ({
        fromTenths: a.fromTenths,
        toTenths: a.toTenths,
        fromCents: a.fromCents,
        toCents: a.toCents,
        reason: a.reason,
        userName: people.get(a.userId) ?? '',
        at: formatInZone(a.createdAt, timeZone),
      })),
    adjustable,
  }));
}
