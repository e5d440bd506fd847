import { and, eq, inArray } from 'drizzle-orm';
import { CNY } from '@console/contract/codes/money';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { dailyWork } from '@console/db/schema/analysis';
import { devices } from '@console/db/schema/devices';
import { contractLines } from '@console/db/schema/lease';
import { createDraft } from '@console/server/src/lease/drafts';
import { approve, submit } from '@console/server/src/lease/review';
import type { SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { demoUser, listedStock, storeOf } from '../lease/helpers.ts';
import { orgOf } from './helpers.ts';

/** A contract line with an hours allowance (decision 070), as the contract form sends it. */
export interface AllowanceLine {
  businessModel: number;
  dayCents?: number;
  monthCents?: number;
  allowanceTenths: number;
  overtimeCents: number;
}

export interface AllowanceLease {
  contractId: number;
  lineId: number;
  deviceId: number;
  renterId: number;
  lessorId: number;
}

/**
 * Contracts of the demo lessor with the demo customer, one machine each under the given line, billing on the 1st,
 * written, submitted, approved (by a rule or the administrator) and signed as people do; delivered by the caller.
 */
export async function leaseWithAllowances(
  f: SigningFixture,
  lines: AllowanceLine[],
  startOn: string,
  endOn: string,
): Promise<AllowanceLease[]> {
  const { t } = f;
  const { db } = t.dbh;
  const lessorId = await orgOf(t, ROLE.lessorAdmin);
  const renterId = await orgOf(t, ROLE.other);
  const machines = await listedStock(t, lessorId, lines.length);
  if (machines.length < lines.length) throw new Error('not enough machines in stock with a list price');
  const admin = await demoUser(t, ROLE.lessorAdmin);
  const made: AllowanceLease[] = [];
  for (const [i, line] of lines.entries()) {
    const machine = machines[i]!;
    const { id } = await createDraft(
      db,
      admin,
      {
        renterId,
        storeId: await storeOf(t, lessorId),
        startOn,
        endOn,
        siteAddress: '张江路1号',
        billingDay: 1,
        dueDays: 10,
        lines: [{ deviceId: machine.id, ...line }],
      },
      t.deps.now(),
    );
    if ((await submit(db, admin, id, t.deps.now(), CNY)).status === LEASE_STATUS.pendingReview) {
      await approve(db, admin, id, t.deps.now());
    }
    await f.sign(id);
    const lineId = (await db.select().from(contractLines).where(eq(contractLines.contractId, id)).get())!.id;
    made.push({ contractId: id, lineId, deviceId: machine.id, renterId, lessorId });
  }
  return made;
}

/**
 * The hours a machine worked on each day, as the daily work rollup credits them (decision 037): the day, the
 * customer and the contract of its lease that day. A test's machines lose any seeded days first.
 */
export async function workDays(t: TestApp, lease: AllowanceLease, hoursByDay: Record<string, number>): Promise<void> {
  const { db } = t.dbh;
  const machine = (await db.select().from(devices).where(eq(devices.id, lease.deviceId)).get())!;
  const days = Object.keys(hoursByDay);
  await db
    .delete(dailyWork)
    .where(and(eq(dailyWork.deviceId, lease.deviceId), inArray(dailyWork.day, days)))
    .run();
  for (const day of days) {
    await db
      .insert(dailyWork)
      .values({
        deviceId: lease.deviceId,
        day,
        timeZone: 'Asia/Shanghai',
        kind: machine.kind,
        ownerOrgId: lease.lessorId,
        customerOrgId: lease.renterId,
        contractId: lease.contractId,
        hoursWorked: hoursByDay[day]!,
        hoursPowered: hoursByDay[day]!,
        reports: 100,
      })
      .run();
  }
}

/** Every day from `from` to `to` at the same hours, the last day taking what is left of `total`. */
export function spread(from: string, to: string, total: number): Record<string, number> {
  const days: string[] = [];
  for (let d = from; d <= to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10))
    days.push(d);
  const each = Math.floor((total / days.length) * 10) / 10;
  return Object.fromEntries(
    days.map((d, i) => [d, i === days.length - 1 ? Math.round((total - each * (days.length - 1)) * 10) / 10 : each]),
  );
}
