import { and, eq, inArray, isNull, max, notInArray } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { billLines } from '@console/db/schema/lease-billing';
import { contractEvents, contractLines, contracts } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { addDays } from '@console/contract/codes/lease-billing';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import { releaseContractHolds, releaseHoldsAfter, releaseRemovedLine } from '../quotes/holds.ts';
import type { ContractRow } from './access.ts';

/**
 * What a change does once both parties signed it (docs/decisions/041-contract-changes.md), inside the unit of work
 * of the provider's callback that puts it in force. From its effective day D:
 * - an added line joins the contract from D: its machines can then be delivered (entries) under it;
 * - a removed line holds until D-1: its machines on lease get that planned end and must be returned (exits), and
 *   what the contract holds of its machines not yet delivered is let go from D (decision 069 addendum);
 * - a repriced line holds until D-1 and a line with the new terms from D: a machine on lease has its lease period
 *   cut at D-1 and a new one from D under the new line, so bills from D use the new prices, and the bill of the
 *   month D falls in carries a line at each price;
 * - a new planned end moves the contract's end and the planned end of its open lease periods that had the old one;
 *   an earlier one lets go of what the contract holds past it (a later one was held from the change's submission).
 * Days already billed are never rebilled: a period billed past D-1 is cut after its last billed day.
 */
export async function applyChange(tx: Db, change: ContractRow, now: number): Promise<void> {
  const parent = (await tx.select().from(contracts).where(eq(contracts.id, change.changeOf!)).get())!;
  const day = change.startOn;
  const before = addDays(day, -1);
  const end = change.movesEnd ? change.endOn : parent.endOn;
  if (change.movesEnd) {
    await tx
      .update(leasePeriods)
      .set({ plannedEndOn: end })
      .where(
        and(
          eq(leasePeriods.contractId, parent.id),
          isNull(leasePeriods.endOn),
          eq(leasePeriods.plannedEndOn, parent.endOn),
        ),
      )
      .run();
  }
  if (end < parent.endOn) await releaseHoldsAfter(tx, parent.id, end, now);
  const lines = await tx.select().from(contractLines).where(eq(contractLines.contractId, change.id)).all();
  for (const line of lines) {
    const target =
      line.targetLineId === null
        ? undefined
        : await tx.select().from(contractLines).where(eq(contractLines.id, line.targetLineId)).get();
    if (line.changeOp === 'add') {
      await tx
        .insert(contractLines)
        .values(newLine(line, parent.id, day, end))
        .run();
      continue;
    }
    // A line another change ended meanwhile has nothing left to change.
    if (!target || target.contractId !== parent.id || target.untilOn !== null) continue;
    await tx.update(contractLines).set({ untilOn: before }).where(eq(contractLines.id, target.id)).run();
    if (line.changeOp === 'remove') {
      const out = await openPeriodsOf(tx, target.id);
      for (const period of out) {
        const last = period.startOn > before ? period.startOn : before;
        await tx.update(leasePeriods).set({ plannedEndOn: last }).where(eq(leasePeriods.id, period.id)).run();
      }
      // Every delivery under the line consumed a hold of it (consumeOnDelivery), returned since or not: what the
      // line still holds is its count less them, never the count less the machines out today.
      const delivered = (await periodsOf(tx, target.id)).length;
      const undelivered = target.deviceId !== null ? (delivered > 0 ? 0 : 1) : Math.max(0, target.count - delivered);
      await releaseRemovedLine(tx, parent.id, target, undelivered, day, now);
      continue;
    }
    const replacement = await tx
      .insert(contractLines)
      .values(
        newLine(
          { ...line, deviceId: target.deviceId, modelId: target.modelId, count: target.count },
          parent.id,
          day,
          end,
        ),
      )
      .returning({ id: contractLines.id })
      .get();
    for (const period of await openPeriodsOf(tx, target.id))
      await splitPeriod(tx, period, replacement.id, day, change.id, now);
  }
  // Each line priced again over its own days (a cut line to its last day, a moved end to the new end), and the
  // contract's total is theirs: the contract's page shows lines that add up to it.
  let total = 0;
  for (const l of await tx.select().from(contractLines).where(eq(contractLines.contractId, parent.id)).all()) {
    const amountCents = lineAmountCents(l.businessModel, l, l.fromOn ?? parent.startOn, l.untilOn ?? end, l.count);
    if (amountCents !== l.amountCents) {
      await tx.update(contractLines).set({ amountCents }).where(eq(contractLines.id, l.id)).run();
    }
    total += amountCents;
  }
  const at = new Date(now);
  await tx
    .update(contracts)
    .set({ endOn: end, totalCents: total, updatedAt: at })
    .where(eq(contracts.id, parent.id))
    .run();
  // The contract's own timeline shows the change that changed it.
  await tx
    .insert(contractEvents)
    .values({
      contractId: parent.id,
      action: 'changed',
      actor: 'system',
      fromStatus: parent.status,
      toStatus: parent.status,
      day,
      details: { changeId: change.id, changeNumber: change.number, endOn: end, totalCents: total },
      at,
    })
    .run();
}

type Line = typeof contractLines.$inferSelect;

const newLine = (line: Line, contractId: number, day: string, end: string) => ({
  contractId,
  deviceId: line.deviceId,
  modelId: line.modelId,
  count: line.count,
  businessModel: line.businessModel,
  dayCents: line.dayCents,
  monthCents: line.monthCents,
  allowanceTenths: line.allowanceTenths,
  overtimeCents: line.overtimeCents,
  amountCents: lineAmountCents(line.businessModel, line, day, end, line.count),
  fromOn: day,
});

/** Every lease period of a line, ended or not. */
const periodsOf = (tx: Db, lineId: number) =>
  tx.select().from(leasePeriods).where(eq(leasePeriods.lineId, lineId)).all();

const openPeriodsOf = (tx: Db, lineId: number) =>
  tx
    .select()
    .from(leasePeriods)
    .where(and(eq(leasePeriods.lineId, lineId), isNull(leasePeriods.endOn)))
    .all();

/** A machine on lease under a repriced line: its period ends the day before the new price, a new one goes on. */
async function splitPeriod(
  tx: Db,
  period: typeof leasePeriods.$inferSelect,
  lineId: number,
  day: string,
  changeId: number,
  now: number,
) {
  const billed = (
    await tx
      .select({ through: max(billLines.toOn) })
      .from(billLines)
      .where(and(eq(billLines.leasePeriodId, period.id), eq(billLines.released, false)))
      .get()
  )?.through;
  const from = billed && billed >= day ? addDays(billed, 1) : day;
  if (from <= period.startOn) {
    // Not on lease before the new price: the whole period is the new line's.
    await tx.update(leasePeriods).set({ lineId }).where(eq(leasePeriods.id, period.id)).run();
    return;
  }
  await tx
    .update(leasePeriods)
    .set({ endOn: addDays(from, -1), endedByChangeId: changeId })
    .where(eq(leasePeriods.id, period.id))
    .run();
  await tx
    .insert(leasePeriods)
    .values({
      lessorOrgId: period.lessorOrgId,
      contractId: period.contractId,
      lineId,
      deviceId: period.deviceId,
      renterOrgId: period.renterOrgId,
      entryId: period.entryId,
      startOn: from,
      plannedEndOn: period.plannedEndOn,
      createdAt: new Date(now),
    })
    .run();
}

/**
 * A contract that ends takes its changes with it: those in force are completed (8, "completed" for other kinds),
 * those not yet in force can no longer be (9), each with a row in its timeline. A signing still open at the
 * provider then finds its change moved on, and its callbacks are ignored.
 */
export async function endChanges(tx: Db, parent: ContractRow, day: string, now: number): Promise<void> {
  const open = await tx
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.changeOf, parent.id),
        notInArray(contracts.status, [LEASE_STATUS.closed, LEASE_STATUS.terminated]),
      ),
    )
    .all();
  if (open.length === 0) return;
  const at = new Date(now);
  for (const change of open) {
    const to = change.status === LEASE_STATUS.inExecution ? LEASE_STATUS.closed : LEASE_STATUS.terminated;
    await tx
      .insert(contractEvents)
      .values({
        contractId: change.id,
        action: to === LEASE_STATUS.closed ? 'close' : 'terminate',
        actor: 'system',
        fromStatus: change.status,
        toStatus: to,
        reason: '',
        day,
        details: { contractNumber: parent.number },
        at,
      })
      .run();
  }
  await tx
    .update(contracts)
    .set({ status: LEASE_STATUS.closed, endedOn: day, updatedAt: at })
    .where(
      and(
        inArray(
          contracts.id,
          open.map((c) => c.id),
        ),
        eq(contracts.status, LEASE_STATUS.inExecution),
      ),
    )
    .run();
  // Those that never came into force let go of what they held (decision 069 addendum, change holds).
  for (const change of open) {
    if (change.status !== LEASE_STATUS.inExecution) await releaseContractHolds(tx, change.id, 'terminated', now);
  }
  await tx
    .update(contracts)
    .set({ status: LEASE_STATUS.terminated, endedOn: day, updatedAt: at })
    .where(
      and(
        inArray(
          contracts.id,
          open.map((c) => c.id),
        ),
        notInArray(contracts.status, [LEASE_STATUS.inExecution, LEASE_STATUS.closed]),
      ),
    )
    .run();
}
