import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { leaseHandoverMachines, leaseHandovers } from '@console/db/schema/lease-handover';
import { billLines } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { API_STATUS } from '@console/contract/http/envelope';
import { issueLessorBills } from '@console/db/billing/issue';
import { translate } from '@console/contract/messages/translate';
import { billingToday } from '../billing/zone.ts';
import { ApiError, invalidField } from '../lib/errors.ts';
import type { ContractRow } from './access.ts';
import { checkHandoverDay } from './handover-days.ts';
import { nextHandoverNumber, readingsOf } from './handover.ts';
import { endOnReturn, periodsOnReturn } from './return-periods.ts';

/**
 * A contract that closes or is terminated on `day` takes back every machine still out (docs/decisions/059): one
 * exit, confirmed in the same unit of work as the move, ends their lease periods that day and puts them back in
 * stock, and the contract's last bills (those machines' last part) are issued with it. So an ended contract has no
 * open period and nothing is billed after its end. The day must be one a return may have (within the term, not
 * after today, not inside days already billed); otherwise the move is refused and nothing changes.
 */
export async function returnWithContract(
  tx: Db,
  c: ContractRow,
  day: string,
  userId: number,
  now: number,
): Promise<void> {
  await checkHandoverDay(tx, c, day, now, true);
  // Nor before a day its machines were returned or billed (one query): the contract would end before a return or a
  // bill of it. (A change's cut is no return: the machine is still out under the new terms.)
  const last = await tx
    .select({
      returned: sql<string | null>`max(case when ${leasePeriods.exitId} is not null then ${leasePeriods.endOn} end)`,
      billed: max(billLines.toOn),
    })
    .from(leasePeriods)
    .leftJoin(billLines, and(eq(billLines.leasePeriodId, leasePeriods.id), eq(billLines.released, false)))
    .where(eq(leasePeriods.contractId, c.id))
    .get();
  const through = [last?.returned, last?.billed]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);
  if (through && through > day) throw new ApiError(API_STATUS.conflict, 'lease.endBeforeLastDay', { day: through });
  const outIds = (
    await tx
      .selectDistinct({ id: leasePeriods.deviceId })
      .from(leasePeriods)
      .where(and(eq(leasePeriods.contractId, c.id), isNull(leasePeriods.endOn)))
      .all()
  ).map((r) => r.id);
  if (outIds.length === 0) return;
  const returning = await periodsOnReturn(tx, outIds, day);
  const out = await tx.select().from(devices).where(inArray(devices.id, outIds)).all();
  for (const device of out) {
    // A machine whose only period starts after the end day (delivered later than it): the end is refused.
    if (returning.get(device.id)!.covering.startOn > day) {
      throw invalidField('day', 'handover.dayBeforeStart');
    }
  }
  const at = new Date(now);
  const exit = await tx
    .insert(leaseHandovers)
    .values({
      number: await nextHandoverNumber(tx, c.lessorOrgId, 'exit', now),
      kind: 'exit',
      orgId: c.lessorOrgId,
      contractId: c.id,
      renterOrgId: c.renterOrgId,
      state: 'confirmed',
      day,
      siteProvince: c.siteProvince,
      siteCity: c.siteCity,
      siteDistrict: c.siteDistrict,
      siteAddress: c.siteAddress,
      remark: translate(c.lang === 'en' ? 'en_US' : 'zh_CN', 'handover.returnedWithContract', { number: c.number }),
      createdBy: userId,
      confirmedBy: userId,
      confirmedAt: at,
      createdAt: at,
    })
    .returning({ id: leaseHandovers.id })
    .get();
  for (const device of out) {
    const ending = returning.get(device.id)!;
    await tx
      .insert(leaseHandoverMachines)
      .values({
        handoverId: exit.id,
        lineId: ending.covering.lineId,
        deviceId: device.id,
        ...readingsOf(device),
        photos: [],
        damage: '',
        periodId: ending.covering.id,
      })
      .run();
    await endOnReturn(tx, ending, day, exit.id);
    await tx.update(devices).set({ leaseStatus: 'stock', customerOrgId: null }).where(eq(devices.id, device.id)).run();
  }
  await issueLessorBills(tx, c.lessorOrgId, await billingToday(tx, c.lessorOrgId, now), c.id);
}
