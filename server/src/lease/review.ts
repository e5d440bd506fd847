import { eq } from 'drizzle-orm';
import type { MoneyFormat } from '@console/contract/codes/money';
import type { Db } from '@console/db/client';
import { contractLines, contracts } from '@console/db/schema/lease';
import { LEASE_STATUS, type LeaseAction, type LeaseStatus } from '@console/contract/codes/lease-flow';
import { endInput, reasonInput } from '@console/contract/lease/forms';
import type { ReaderLang } from '../lib/org-brand.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { asActor, visibleContract } from './access.ts';
import { approvalFacts, firstApprovingRule, managerReasonText, rulesOf, type ManagerReason } from './approval.ts';
import { checkStoredChange } from './change-drafts.ts';
import { checkMachines } from './draft-checks.ts';
import { parseInput } from './input.ts';
import { applyMove, refused, type MoveDetails } from './moves.ts';

export interface Moved {
  status: LeaseStatus;
  /** The automatic approval rule that approved on submit. */
  rule?: { id: number; name: string };
  /** Why the submitted contract waits for a manager whatever the rules say (approval.ts), when it does. */
  held?: ManagerReason[];
}

/** One move by a console user on a contract they see, as one unit of work. */
async function moveBy(
  db: Db,
  user: SessionUser,
  id: number,
  action: LeaseAction,
  move: MoveDetails,
  now: number,
): Promise<Moved> {
  return unitOfWork(db, async (tx) => ({
    status: await applyMove(tx, asActor(user), await visibleContract(tx, user, id), action, move, now),
  }));
}

/**
 * Send a draft, withdrawn or rejected contract for review. Its machines are checked again (one may have left stock
 * since it was saved); then the company's automatic approval rules run and the first that holds approves it, named
 * in the timeline. A contract for a renter the company has not verified, or with a line below the list price (or
 * without one), waits for a manager whatever the rules say: the submit's timeline row says why (its reason, in the
 * contract's language and the lessor's money, and the reasons themselves in its details).
 */
export async function submit(
  db: Db,
  user: SessionUser,
  id: number,
  now: number,
  money: MoneyFormat,
  lang?: ReaderLang,
): Promise<Moved> {
  return unitOfWork(db, async (tx) => {
    const c = await visibleContract(tx, user, id);
    const lines = await tx.select().from(contractLines).where(eq(contractLines.contractId, id)).all();
    // Refuse by status before the machines speak, so a closed contract says it is closed.
    if (![LEASE_STATUS.draft, LEASE_STATUS.withdrawn, LEASE_STATUS.rejected].includes(c.status as 0)) {
      throw refused('submit', c);
    }
    await checkMachines(tx, c.lessorOrgId, lines, id, true);
    // A change is checked against its contract as it is now: still running, lines not ended or billed past.
    if (c.kind === 'change') await checkStoredChange(tx, c);
    const facts = await approvalFacts(tx, c);
    const held = facts.managerReasons;
    const why =
      held.length > 0 ? { reason: managerReasonText(c.lang, money, held), details: { managerReasons: held } } : {};
    await applyMove(tx, asActor(user), c, 'submit', { ...why, lang }, now);
    const pending = (await tx.select().from(contracts).where(eq(contracts.id, id)).get())!;
    const rule = firstApprovingRule(await rulesOf(tx, c.lessorOrgId), facts);
    if (!rule)
      return held.length > 0 ? { status: LEASE_STATUS.pendingReview, held } : { status: LEASE_STATUS.pendingReview };
    const status = await applyMove(
      tx,
      { kind: 'system' },
      pending,
      'autoApprove',
      { details: { ruleId: rule.id, ruleName: rule.name }, values: { approvalRuleId: rule.id } },
      now,
    );
    return { status, rule: { id: rule.id, name: rule.name } };
  });
}

export const withdraw = (db: Db, user: SessionUser, id: number, now: number) =>
  moveBy(db, user, id, 'withdraw', {}, now);

export const approve = (db: Db, user: SessionUser, id: number, now: number) =>
  moveBy(db, user, id, 'approve', { values: { approvalRuleId: null } }, now);

export async function reject(db: Db, user: SessionUser, id: number, raw: unknown, now: number): Promise<Moved> {
  const { reason } = parseInput(reasonInput, raw);
  return moveBy(db, user, id, 'reject', { reason }, now);
}

/** The lease ended as agreed, on this day. */
export async function close(db: Db, user: SessionUser, id: number, raw: unknown, now: number): Promise<Moved> {
  const { day, reason } = parseInput(endInput, raw);
  return moveBy(db, user, id, 'close', { day, reason, values: { endedOn: day } }, now);
}

/** A contract that will never be signed is cancelled, for this reason: it stays, and what it held is released. */
export async function cancel(db: Db, user: SessionUser, id: number, raw: unknown, now: number): Promise<Moved> {
  const { reason } = parseInput(reasonInput, raw);
  return moveBy(db, user, id, 'cancel', { reason }, now);
}

/** The lease ended early, on this day, for this reason. */
export async function terminate(db: Db, user: SessionUser, id: number, raw: unknown, now: number): Promise<Moved> {
  const { day, reason } = parseInput(endInput, raw);
  return moveBy(db, user, id, 'terminate', { day, reason, values: { endedOn: day } }, now);
}
