import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { contractEvents, contractLines, contracts } from '@console/db/schema/lease';
import { canEdit, LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import { API_STATUS } from '@console/contract/http/envelope';
import { contractDraftInput, type ContractDraftInput } from '@console/contract/lease/forms';
import { ApiError, forbidden } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { asActor, visibleOfKind, writesContracts } from './access.ts';
import { checkDraftRefs } from './draft-checks.ts';
import { parseInput } from './input.ts';
import { nextContractNumber } from './numbers.ts';
import type { ReaderLang } from '../lib/org-brand.ts';
import { contractHoldRequest, moveHoldsToContract, releaseContractHolds, takeHolds } from '../quotes/holds.ts';

/** The lines as stored, each with its planned amount, and the contract's total. */
function pricedLines(input: ContractDraftInput) {
  const lines = input.lines.map((l) => ({
    ...l,
    amountCents: lineAmountCents(
      l.businessModel,
      { dayCents: l.dayCents, monthCents: l.monthCents },
      input.startOn,
      input.endOn,
      l.count,
    ),
  }));
  return { lines, totalCents: lines.reduce((s, l) => s + l.amountCents, 0) };
}

function terms(input: ContractDraftInput, salespersonId: number | null, totalCents: number) {
  return {
    renterOrgId: input.renterId,
    storeId: input.storeId,
    salespersonId,
    startOn: input.startOn,
    endOn: input.endOn,
    siteProvince: input.siteProvince,
    siteCity: input.siteCity,
    siteDistrict: input.siteDistrict,
    siteAddress: input.siteAddress,
    depositCents: input.depositCents,
    billingDay: input.billingDay,
    dueDays: input.dueDays,
    remark: input.remark,
    lang: input.lang,
    templateId: input.templateId,
    totalCents,
  };
}

async function writeLines(tx: Db, contractId: number, lines: ReturnType<typeof pricedLines>['lines']) {
  await tx.delete(contractLines).where(eq(contractLines.contractId, contractId)).run();
  for (const l of lines) {
    await tx
      .insert(contractLines)
      .values({
        contractId,
        deviceId: l.deviceId,
        modelId: l.modelId,
        count: l.count,
        businessModel: l.businessModel,
        dayCents: l.dayCents,
        monthCents: l.monthCents,
        allowanceTenths: l.allowanceTenths,
        overtimeCents: l.overtimeCents,
        amountCents: l.amountCents,
      })
      .run();
  }
}

/** A salesperson sells what they write; a manager names the salesperson, or none. */
const salespersonOf = (user: SessionUser, input: ContractDraftInput) =>
  user.roleId === ROLE.lessorSales ? user.id : input.salespersonId;

/** How a new draft comes to hold its machines (decision 069). */
export interface DraftHolds {
  /** The reader's language, for a refusal naming a model (the contract's own language when not given). */
  lang?: ReaderLang;
  /** The accepted quote it is written from: the quote's holds pass to it instead of being taken again. */
  fromQuote?: number;
}

/**
 * Save a new contract as a draft (status 0) of the user's lessor. It holds its named machines and its model lines'
 * counts for its days from now on (server/src/quotes/holds.ts), in the same unit of work: a machine another quote or
 * contract holds on any of the days is refused (409, naming the holder and the days), and of two drafts asking for
 * the last free machine at once exactly one is saved.
 */
export async function createDraft(
  db: Db,
  user: SessionUser,
  raw: unknown,
  now: number,
  holds: DraftHolds = {},
): Promise<{ id: number; number: string }> {
  if (!writesContracts(user)) throw forbidden();
  const input = parseInput(contractDraftInput, raw);
  const salespersonId = salespersonOf(user, input);
  const { lines, totalCents } = pricedLines(input);
  return unitOfWork(db, async (tx) => {
    await checkDraftRefs(tx, user.orgId, { ...input, salespersonId }, null);
    const number = await nextContractNumber(tx, user.orgId, input.lang, now);
    const at = new Date(now);
    const row = await tx
      .insert(contracts)
      .values({
        ...terms(input, salespersonId, totalCents),
        number,
        lessorOrgId: user.orgId,
        createdBy: user.id,
        status: LEASE_STATUS.draft,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: contracts.id })
      .get();
    await writeLines(tx, row.id, lines);
    if (holds.fromQuote !== undefined) await moveHoldsToContract(tx, holds.fromQuote, row.id);
    else {
      const held = { ...input, id: row.id, lessorOrgId: user.orgId };
      await takeHolds(tx, contractHoldRequest(held, lines), holds.lang ?? input.lang, now);
    }
    await tx
      .insert(contractEvents)
      .values({ contractId: row.id, action: 'create', userId: user.id, toStatus: 0, details: { totalCents }, at })
      .run();
    return { id: row.id, number };
  });
}

/**
 * Change the terms of a draft, withdrawn or rejected contract (its status stays; submit sends it for review). What it
 * held is let go and its new terms held, in the same unit of work: a refused edit leaves the contract as it was.
 */
export async function updateDraft(
  db: Db,
  user: SessionUser,
  id: number,
  raw: unknown,
  now: number,
  lang?: ReaderLang,
): Promise<void> {
  const input = parseInput(contractDraftInput, raw);
  const { lines, totalCents } = pricedLines(input);
  await unitOfWork(db, async (tx) => {
    const current = await visibleOfKind(tx, user, id, 'contract');
    if (!canEdit(current, asActor(user))) {
      if (writesContracts(user) && current.lessorOrgId === user.orgId) {
        throw new ApiError(API_STATUS.conflict, 'lease.notEditable');
      }
      throw forbidden();
    }
    const salespersonId = user.roleId === ROLE.lessorSales ? current.salespersonId : input.salespersonId;
    await checkDraftRefs(tx, current.lessorOrgId, { ...input, salespersonId }, id);
    const next = terms(input, salespersonId, totalCents);
    const changed = Object.entries(next)
      .filter(([k, v]) => current[k as keyof typeof current] !== v)
      .map(([k]) => k);
    const at = new Date(now);
    await tx
      .update(contracts)
      .set({ ...next, updatedAt: at })
      .where(eq(contracts.id, id))
      .run();
    await writeLines(tx, id, lines);
    await releaseContractHolds(tx, id, 'edited', now);
    await takeHolds(tx, contractHoldRequest({ ...current, ...next }, lines), lang ?? input.lang, now);
    await tx
      .insert(contractEvents)
      .values({
        contractId: id,
        action: 'edit',
        userId: user.id,
        fromStatus: current.status,
        toStatus: current.status,
        details: { changed, totalCents },
        at,
      })
      .run();
  });
}
