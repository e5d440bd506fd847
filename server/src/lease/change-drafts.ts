import { and, eq, inArray, isNull, max, ne } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { billLines } from '@console/db/schema/lease-billing';
import { contractEvents, contractLines, contracts } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { canEdit, LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import { API_STATUS } from '@console/contract/http/envelope';
import { changeDraftInput, type ChangeDraftInput } from '@console/contract/lease/change-forms';
import { ApiError, forbidden, invalidField, notFound } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import type { ReaderLang } from '../lib/org-brand.ts';
import { changeHoldRequests, contractHolds, releaseContractHolds, takeChangeHolds } from '../quotes/holds.ts';
import { asActor, visibleOfKind, writesContracts, type ContractRow } from './access.ts';
import { checkMachines, checkModels } from './draft-checks.ts';
import { parseInput } from './input.ts';
import { nextContractNumber } from './numbers.ts';

/**
 * Writing a contract change (docs/decisions/041-contract-changes.md): a row of kind `change` against a contract in
 * execution, saved as a draft and then taken through the contract's own moves (review.ts, signing.ts). Its lines
 * say what changes from its effective day; change-effects.ts applies them when the change comes into force.
 */

/** A change between submission and coming into force: in review, approved, or at the provider for signatures. */
const CHANGE_IN_FLIGHT = [
  LEASE_STATUS.pendingReview,
  LEASE_STATUS.awaitingSignInitiation,
  LEASE_STATUS.awaitingLesseeSign,
  LEASE_STATUS.awaitingLessorSign,
];

/** The contract a change is written against: one this person sees, a contract (not a change), in execution. */
export async function runningParent(tx: Db, user: SessionUser, contractId: number): Promise<ContractRow> {
  const parent = await visibleOfKind(tx, user, contractId, 'contract');
  if (parent.status !== LEASE_STATUS.inExecution) {
    throw new ApiError(API_STATUS.conflict, 'change.contractNotRunning', {
      number: parent.number,
      status: `lease.status.${parent.status}`,
    });
  }
  return parent;
}

/** The last day billed of any lease period of these lines (bills are never rewritten by a change). */
async function billedThrough(tx: Db, lineIds: number[]): Promise<string | null> {
  if (lineIds.length === 0) return null;
  return (
    (
      await tx
        .select({ through: max(billLines.toOn) })
        .from(billLines)
        .innerJoin(leasePeriods, eq(leasePeriods.id, billLines.leasePeriodId))
        .where(and(inArray(leasePeriods.lineId, lineIds), eq(billLines.released, false)))
        .get()
    )?.through ?? null
  );
}

/**
 * The checks against the contract as it is now (on save and again on submit): the effective day within its
 * period, a removed or repriced line one of its lines still in force and not billed past the day before, added
 * machines in stock and on no other claiming contract, models of the lessor.
 */
export async function checkChange(tx: Db, parent: ContractRow, input: ChangeDraftInput, changeId: number | null) {
  // One change at a time: the next one is written against the contract as the one in review or signing leaves it.
  const inFlight = await tx
    .select({ number: contracts.number, status: contracts.status })
    .from(contracts)
    .where(
      and(
        eq(contracts.changeOf, parent.id),
        inArray(contracts.status, CHANGE_IN_FLIGHT),
        changeId === null ? undefined : ne(contracts.id, changeId),
      ),
    )
    .get();
  if (inFlight) {
    throw new ApiError(API_STATUS.conflict, 'change.anotherInFlight', {
      number: inFlight.number,
      status: `lease.status.${inFlight.status}`,
    });
  }
  const end = input.endOn ?? parent.endOn;
  if (input.effectiveOn < parent.startOn) throw invalidField('effectiveOn', 'change.effectiveBeforeStart');
  if (input.effectiveOn > end) throw invalidField('effectiveOn', 'change.effectiveAfterEnd');
  const own = await tx
    .select()
    .from(contractLines)
    .where(and(eq(contractLines.contractId, parent.id), isNull(contractLines.untilOn)))
    .all();
  const targets: number[] = [];
  input.lines.forEach((line, i) => {
    if (line.op === 'add') return;
    const target = own.find((l) => l.id === line.lineId);
    if (!target || (target.fromOn !== null && target.fromOn > input.effectiveOn)) {
      throw invalidField(`lines.${i}.lineId`, 'change.lineInvalid');
    }
    targets.push(target.id);
  });
  const billed = await billedThrough(tx, targets);
  if (billed !== null && billed >= input.effectiveOn) {
    throw new ApiError(API_STATUS.conflict, 'change.alreadyBilled', { day: billed });
  }
  const adds = input.lines.filter((l) => l.op === 'add');
  await checkMachines(tx, parent.lessorOrgId, adds, changeId, true);
  await checkModels(tx, parent.lessorOrgId, adds);
}

/** The change's lines as stored, priced over the days they hold (effective day to the planned end). */
function pricedLines(input: ChangeDraftInput, end: string) {
  return input.lines.map((l) => ({
    ...l,
    amountCents:
      l.op === 'remove' || l.businessModel === null
        ? 0
        : lineAmountCents(l.businessModel, l, input.effectiveOn, end, l.count),
  }));
}

async function writeLines(
  tx: Db,
  parent: ContractRow,
  changeId: number,
  input: ChangeDraftInput,
  end: string,
): Promise<number> {
  await tx.delete(contractLines).where(eq(contractLines.contractId, changeId)).run();
  const lines = pricedLines(input, end);
  const targets = await tx.select().from(contractLines).where(eq(contractLines.contractId, parent.id)).all();
  for (const l of lines) {
    const target = targets.find((t) => t.id === l.lineId);
    await tx
      .insert(contractLines)
      .values({
        contractId: changeId,
        changeOp: l.op,
        targetLineId: l.lineId,
        deviceId: l.deviceId,
        modelId: l.modelId,
        count: target && l.op !== 'add' ? target.count : l.count,
        // A removal keeps the removed line's terms, so the change's document and detail say what leaves.
        businessModel: l.businessModel ?? target?.businessModel ?? 0,
        dayCents: l.op === 'remove' ? (target?.dayCents ?? null) : l.dayCents,
        monthCents: l.op === 'remove' ? (target?.monthCents ?? null) : l.monthCents,
        allowanceTenths: l.op === 'remove' ? (target?.allowanceTenths ?? null) : l.allowanceTenths,
        overtimeCents: l.op === 'remove' ? (target?.overtimeCents ?? null) : l.overtimeCents,
        amountCents: l.amountCents,
      })
      .run();
  }
  return lines.reduce((s, l) => s + l.amountCents, 0);
}

/** The columns a change takes from its contract and from the form. */
const terms = (parent: ContractRow, input: ChangeDraftInput) => ({
  changeOf: parent.id,
  renterOrgId: parent.renterOrgId,
  storeId: parent.storeId,
  salespersonId: parent.salespersonId,
  startOn: input.effectiveOn,
  endOn: input.endOn ?? parent.endOn,
  movesEnd: input.endOn !== null && input.endOn !== parent.endOn,
  siteProvince: parent.siteProvince,
  siteCity: parent.siteCity,
  siteDistrict: parent.siteDistrict,
  siteAddress: parent.siteAddress,
  billingDay: parent.billingDay,
  dueDays: parent.dueDays,
  lang: parent.lang,
  templateId: parent.templateId,
  remark: input.remark,
});

/** Save a new change as a draft (0) against a contract in execution the writer sees. */
export async function createChange(
  db: Db,
  user: SessionUser,
  raw: unknown,
  now: number,
): Promise<{ id: number; number: string }> {
  if (!writesContracts(user)) throw forbidden();
  const input = parseInput(changeDraftInput, raw);
  return unitOfWork(db, async (tx) => {
    const parent = await runningParent(tx, user, input.contractId);
    await checkChange(tx, parent, input, null);
    const number = await nextContractNumber(tx, parent.lessorOrgId, parent.lang, now, 'change');
    const at = new Date(now);
    const row = await tx
      .insert(contracts)
      .values({
        ...terms(parent, input),
        kind: 'change',
        number,
        lessorOrgId: parent.lessorOrgId,
        createdBy: user.id,
        status: LEASE_STATUS.draft,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: contracts.id })
      .get();
    const totalCents = await writeLines(tx, parent, row.id, input, input.endOn ?? parent.endOn);
    await tx.update(contracts).set({ totalCents }).where(eq(contracts.id, row.id)).run();
    await tx
      .insert(contractEvents)
      .values({ contractId: row.id, action: 'create', userId: user.id, toStatus: 0, details: { totalCents }, at })
      .run();
    return { id: row.id, number };
  });
}

/** Edit a draft, withdrawn or rejected change; its contract must still be in execution. */
export async function updateChange(
  db: Db,
  user: SessionUser,
  id: number,
  raw: unknown,
  now: number,
  lang?: ReaderLang,
): Promise<void> {
  const input = parseInput(changeDraftInput, raw);
  await unitOfWork(db, async (tx) => {
    const current = await visibleOfKind(tx, user, id, 'change');
    if (!canEdit(current, asActor(user))) {
      if (writesContracts(user) && current.lessorOrgId === user.orgId) {
        throw new ApiError(API_STATUS.conflict, 'lease.notEditable');
      }
      throw forbidden();
    }
    if (input.contractId !== current.changeOf) throw invalidField('contractId', 'change.contractFixed');
    const parent = await runningParent(tx, user, current.changeOf);
    await checkChange(tx, parent, input, id);
    const at = new Date(now);
    const totalCents = await writeLines(tx, parent, id, input, input.endOn ?? parent.endOn);
    await tx
      .update(contracts)
      .set({ ...terms(parent, input), totalCents, updatedAt: at })
      .where(eq(contracts.id, id))
      .run();
    // A withdrawn or rejected change keeps what it held: the edit lets it go and holds the new terms at once.
    if (await contractHolds(tx, id)) {
      await releaseContractHolds(tx, id, 'edited', now);
      const edited = { ...current, ...terms(parent, input) };
      await takeChangeHolds(tx, await changeHoldRequests(tx, { ...edited, id }), lang ?? parent.lang, now);
    }
    await tx
      .insert(contractEvents)
      .values({
        contractId: id,
        action: 'edit',
        userId: user.id,
        fromStatus: current.status,
        toStatus: current.status,
        details: { totalCents },
        at,
      })
      .run();
  });
}

/** The form's input again from a stored change: submit checks the change against its contract as it is now. */
export async function checkStoredChange(tx: Db, change: ContractRow) {
  if (change.changeOf === null) throw notFound();
  const parent = await tx.select().from(contracts).where(eq(contracts.id, change.changeOf)).get();
  if (!parent) throw notFound();
  if (parent.status !== LEASE_STATUS.inExecution) {
    throw new ApiError(API_STATUS.conflict, 'change.contractNotRunning', {
      number: parent.number,
      status: `lease.status.${parent.status}`,
    });
  }
  const lines = await tx.select().from(contractLines).where(eq(contractLines.contractId, change.id)).all();
  await checkChange(
    tx,
    parent,
    {
      contractId: parent.id,
      effectiveOn: change.startOn,
      endOn: change.movesEnd ? change.endOn : null,
      remark: change.remark,
      lines: lines.map((l) => ({
        op: l.changeOp ?? 'add',
        lineId: l.targetLineId,
        deviceId: l.deviceId,
        modelId: l.modelId,
        count: l.count,
        businessModel: l.businessModel,
        dayCents: l.dayCents,
        monthCents: l.monthCents,
        allowanceTenths: l.allowanceTenths,
        overtimeCents: l.overtimeCents,
      })),
    },
    change.id,
  );
}
