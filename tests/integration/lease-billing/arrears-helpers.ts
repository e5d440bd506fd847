import { and, eq, inArray } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { riskEndpoints } from '@console/contract/http/risk';
import { appendLedger } from '@console/db/billing/ledger';
import { organisations } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { billingZones, bills } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { arrearsExemptions, arrearsSteps, lockDaySettings } from '@console/db/schema/risk';
import { dayInZone } from '@console/server/src/lib/time';
import type { TestApp } from '../../fixtures/test-app.ts';
import { withoutLockTasks } from '../risk/helpers.ts';
import { leaseTwoMachines, withoutSeededBilling, type Leased } from './helpers.ts';

export const DAY = 24 * 3600_000;
/** The rental company's billing zone in these tests: its day differs from Beijing's in the evening UTC. */
export const ZONE = 'America/New_York';
export const RENTER_PHONE = '13900009911';

/** Steps on days 1 (reminder), 3, 4, 8 and 10 overdue. */
export const arrearsSettings = (orgId: number, extra = {}) => ({
  orgId,
  enabled: false,
  preLockDays: 0,
  intervalDays: 3,
  mode: 1 as const,
  arrearsEnabled: true,
  arrearsReminderDays: 1,
  arrearsPreLock1Days: 3,
  arrearsLock1Days: 4,
  arrearsPreLock2Days: 8,
  arrearsLock2Days: 10,
  arrearsUnlockOnPayment: true,
  ...extra,
});

export interface ArrearsLease extends Leased {
  machines: number[];
  /** The company's calendar day now. */
  today: () => string;
}

/**
 * A contract of the demo lessor with two machines on lease (offline, unlocked, standing by: risk permission) and
 * nothing else billed or locked anywhere; the lessor bills on New York time, and (unless `evening` is false) the
 * clock stands at 01:00 UTC (New York's evening, Beijing's next morning), so the company's day is one behind
 * Beijing's.
 */
export async function arrearsLease(t: TestApp, options: { evening?: boolean } = {}): Promise<ArrearsLease> {
  withoutSeededBilling(t);
  withoutLockTasks(t.dbh);
  const { db } = t.dbh;
  db.delete(arrearsSteps).run();
  db.delete(arrearsExemptions).run();
  const now = t.deps.now();
  const nextOneAm = Math.ceil((now - 3600_000) / DAY) * DAY + 3600_000;
  if (options.evening !== false) t.advance(nextOneAm + DAY - now);
  const lease = leaseTwoMachines(t);
  // Both machines are on lease now.
  db.update(leasePeriods).set({ endOn: null }).where(eq(leasePeriods.contractId, lease.contractId)).run();
  const machines = db
    .select({ id: leasePeriods.deviceId })
    .from(leasePeriods)
    .where(eq(leasePeriods.contractId, lease.contractId))
    .all()
    .map((m) => m.id);
  db.delete(commands).where(inArray(commands.deviceId, machines)).run();
  db.update(devices)
    .set({ status: 2, online: false, sleeping: false, lockLevel: 'unlocked' })
    .where(inArray(devices.id, machines))
    .run();
  db.insert(billingZones)
    .values({ lessorOrgId: lease.lessorId, timeZone: ZONE })
    .onConflictDoUpdate({ target: billingZones.lessorOrgId, set: { timeZone: ZONE } })
    .run();
  db.update(organisations).set({ contactPhone: RENTER_PHONE }).where(eq(organisations.id, lease.renterId)).run();
  // Only this company's arrears locking: the other companies' settings stay off.
  db.update(lockDaySettings).set({ arrearsEnabled: false }).run();
  const save = await t.call(riskEndpoints.saveLockDays, {
    token: t.tokenFor(ROLE.lessorAdmin),
    body: arrearsSettings(lease.lessorId),
  });
  if (save.status !== '200') throw new Error(`settings: ${save.status} ${save.message}`);
  return { ...lease, machines, today: () => dayInZone(t.deps.now(), ZONE) };
}

/** A bill of the contract due on `dueOn`, with its ledger row. */
export function billDue(t: TestApp, lease: Leased, dueOn: string, amountCents = 300_000): number {
  const { db } = t.dbh;
  const bill = db
    .insert(bills)
    .values({
      number: `HT-ARREARS-${dueOn}`,
      lessorOrgId: lease.lessorId,
      renterOrgId: lease.renterId,
      contractId: lease.contractId,
      kind: 'cycle',
      periodStart: dueOn,
      periodEnd: dueOn,
      issuedOn: dueOn,
      dueOn,
      amountCents,
    })
    .returning()
    .get();
  appendLedger(db, [
    {
      lessorOrgId: lease.lessorId,
      renterOrgId: lease.renterId,
      type: 'bill',
      billId: bill.id,
      subject: bill.number,
      amountCents,
      day: dueOn,
    },
  ]);
  return bill.id;
}

/** The lock and unlock commands of machines, oldest first: [deviceId, type, level, state]. */
export const lockCommands = (t: TestApp, deviceIds: number[]) =>
  t.dbh.db
    .select()
    .from(commands)
    .where(and(inArray(commands.deviceId, deviceIds), inArray(commands.type, ['lock', 'unlock'])))
    .orderBy(commands.createdAt, commands.deviceId)
    .all()
    .map((c) => [c.deviceId, c.type, c.type === 'lock' ? c.lockLevel : 'unlocked', c.state] as const);
