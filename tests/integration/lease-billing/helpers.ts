import { and, eq } from 'drizzle-orm';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contractLines, contracts, renters } from '@console/db/schema/lease';
import { allocations, billLines, bills, ledgerEntries, receipts } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { ROLE } from '@console/contract/codes/roles';
import type { TestApp } from '../../fixtures/test-app.ts';
import { storeOf } from '../lease/helpers.ts';

/**
 * Forget the demo's lease periods and everything billed of them, so a test's own periods are all there is to bill
 * (the seed bills its periods at start; a test that counts bills counts only its own).
 */
export function withoutSeededBilling(t: TestApp): void {
  t.dbh.db.transaction((tx) => {
    for (const table of [ledgerEntries, allocations, receipts, billLines, bills, leasePeriods]) tx.delete(table).run();
  });
}

/** The organisation of a demo account. */
export const orgOf = (t: TestApp, roleId: number) =>
  t.dbh.db
    .select()
    .from(users)
    .where(eq(users.id, t.userId(roleId as never)))
    .get()!.orgId;

export interface Leased {
  contractId: number;
  renterId: number;
  lessorId: number;
  /** The lease periods by name. */
  periods: Record<string, number>;
}

/**
 * A contract in execution of the demo lessor (Huadong) with the demo customer (role 11's organisation) as its
 * renter, billing on the 1st, due in 10 days, and the machines' lease periods as the entries would have opened
 * them: `daily` (23 at 300.00 a day) from 15 March on lease, `calendar` (25 at 6,000.00 a month) from 15 March to
 * 30 April.
 */
export function leaseTwoMachines(t: TestApp): Leased {
  const { db } = t.dbh;
  const lessorId = orgOf(t, ROLE.lessorAdmin);
  const renterId = orgOf(t, ROLE.other);
  db.insert(renters).values({ orgId: renterId, lessorOrgId: lessorId, identityType: 2 }).onConflictDoNothing().run();
  const machines = db
    .select()
    .from(devices)
    .where(and(eq(devices.orgId, lessorId)))
    .limit(2)
    .all();
  const contract = db
    .insert(contracts)
    .values({
      number: `HT-TEST-${Date.now() % 100000}`,
      lessorOrgId: lessorId,
      renterOrgId: renterId,
      storeId: storeOf(t, lessorId),
      createdBy: t.userId(ROLE.lessorAdmin),
      status: 7,
      startOn: '2026-03-15',
      endOn: '2026-12-31',
      billingDay: 1,
      dueDays: 10,
    })
    .returning()
    .get();
  const line = (deviceId: number, businessModel: number, dayCents: number | null, monthCents: number | null) =>
    db
      .insert(contractLines)
      .values({ contractId: contract.id, deviceId, businessModel, dayCents, monthCents })
      .returning()
      .get().id;
  const period = (lineId: number, deviceId: number, startOn: string, endOn: string | null) =>
    db
      .insert(leasePeriods)
      .values({
        lessorOrgId: lessorId,
        contractId: contract.id,
        lineId,
        deviceId,
        renterOrgId: renterId,
        startOn,
        plannedEndOn: '2026-12-31',
        endOn,
      })
      .returning()
      .get().id;
  const [a, b] = machines as [(typeof machines)[0], (typeof machines)[0]];
  return {
    contractId: contract.id,
    renterId,
    lessorId,
    periods: {
      daily: period(line(a.id, 23, 30_000, null), a.id, '2026-03-15', null),
      calendar: period(line(b.id, 25, null, 600_000), b.id, '2026-03-15', '2026-04-30'),
    },
  };
}
