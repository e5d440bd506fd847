import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { contractEvents, contractLines, contracts } from '@console/db/schema/lease';
import {
  CHANGE_EXCLUDED_ACTIONS,
  LEASE_FLOW,
  mayAct,
  statusAllows,
  type LeaseAction,
  type LeaseStatus,
  type LeaseWho,
} from '@console/contract/codes/lease-flow';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiError, forbidden, invalidField } from '../lib/errors.ts';
import type { ContractRow } from './access.ts';
import { applyChange, endChanges } from './change-effects.ts';
import { returnWithContract } from './contract-end.ts';
import {
  changeHoldRequests,
  contractHoldRequest,
  contractHolds,
  passChangeHolds,
  releaseContractHolds,
  takeChangeHolds,
  takeHolds,
} from '../quotes/holds.ts';
import type { ReaderLang } from '../lib/org-brand.ts';
import { requestDeposit } from '../deposits/moves.ts';
import { fixTerms } from '../terms/terms.ts';

/** The refusal of a move the state machine does not allow from the contract's status, in the user's words. */
export function refused(action: LeaseAction, c: ContractRow): ApiError {
  return new ApiError(API_STATUS.conflict, 'lease.actionRefused', {
    number: c.number,
    status: `lease.status.${c.status}`,
    action: `lease.action.${action}`,
  });
}

export interface MoveDetails {
  reason?: string;
  day?: string | null;
  /** What the timeline row records besides (the rule that approved, the signer, the provider's flow). */
  details?: Record<string, unknown>;
  /** Columns the move sets besides the status. */
  values?: Partial<typeof contracts.$inferInsert>;
  /** The reader's language, for a refusal naming a model (the contract's own language when not given). */
  lang?: ReaderLang;
}

/** Why a released hold ended, by the move that released it. */
const RELEASED_AS: Partial<Record<LeaseAction, string>> = {
  close: 'closed',
  terminate: 'terminated',
  cancel: 'cancelled',
};

/**
 * Take one move inside the caller's unit of work: the status must allow it (409 naming the contract) and the actor
 * must be one the flow names for it (403), and what it needs (a reason, a day) must be there. The contract gets its
 * new status and the timeline a row; what the move means for the machines happens here too.
 */
export async function applyMove(
  tx: Db,
  who: LeaseWho,
  c: ContractRow,
  action: LeaseAction,
  move: MoveDetails,
  now: number,
): Promise<LeaseStatus> {
  const rule = LEASE_FLOW[action];
  if (!statusAllows(action, c.status)) throw refused(action, c);
  if (c.kind === 'change' && CHANGE_EXCLUDED_ACTIONS.includes(action)) throw refused(action, c);
  if (!mayAct(action, c, who)) throw forbidden();
  const reason = move.reason?.trim() ?? '';
  if (rule.reasonRequired && !reason) throw invalidField('reason', 'lease.reasonRequired');
  if (rule.dayRequired && !move.day) throw invalidField('day', 'lease.dayRequired');
  const at = new Date(now);
  const to = rule.to;
  await tx
    .update(contracts)
    .set({ ...move.values, status: to, updatedAt: at })
    .where(eq(contracts.id, c.id))
    .run();
  await tx
    .insert(contractEvents)
    .values({
      contractId: c.id,
      action,
      userId: who.kind === 'user' ? who.userId : null,
      actor: who.kind,
      fromStatus: c.status,
      toStatus: to,
      reason,
      day: move.day ?? null,
      details: move.details ?? {},
      at,
    })
    .run();
  // Sent for signature: the contract carries the terms its document was made with from now on (decision 078).
  if (action === 'startSigning') {
    await fixTerms(tx, c, move.details?.termsVersionId, who.kind === 'user' ? who.userId : null, now);
  }
  if (c.kind === 'change') {
    // What it adds holds from submission as a contract's lines do (LEASE_FLOW[action].holds, decision 069 addendum):
    // the machines and counts it adds, and its contract's undelivered machines for the days a later end adds.
    if (rule.holds === 'hold' && !(await contractHolds(tx, c.id))) {
      await takeChangeHolds(tx, await changeHoldRequests(tx, c), move.lang ?? c.lang, now);
    }
    // Signed by both: the change comes into force on its contract (its machines are then delivered as usual), and
    // what it holds passes to the contract, whose deliveries consume it.
    if (action === 'lessorSigned') {
      await applyChange(tx, c, now);
      if (c.changeOf !== null) await passChangeHolds(tx, c.id, c.changeOf);
    }
    if (rule.holds === 'release') await releaseContractHolds(tx, c.id, RELEASED_AS[action] ?? action, now);
    return to;
  }
  // What the move does to the contract's reservations (LEASE_FLOW[action].holds, decision 069).
  if (rule.holds === 'hold' && !(await contractHolds(tx, c.id))) {
    const lines = await tx
      .select()
      .from(contractLines)
      .where(and(eq(contractLines.contractId, c.id), isNull(contractLines.untilOn)))
      .all();
    await takeHolds(tx, contractHoldRequest(c, lines), move.lang ?? c.lang, now);
  }
  // Signed by both, the contract reserves the machines its lines name (they stay in stock until delivered:
  // docs/decisions/059-lease-chain.md). Its end takes back every machine still out, on its day, before the changes
  // end with it.
  // In force: its deposit is requested (decision 073).
  if (action === 'lessorSigned') await requestDeposit(tx, c, now);
  if (action === 'close' || action === 'terminate') {
    if (who.kind !== 'user') throw forbidden();
    await returnWithContract(tx, c, move.day!, who.userId, now);
    await endChanges(tx, c, move.day!, now);
  }
  if (rule.holds === 'release') await releaseContractHolds(tx, c.id, RELEASED_AS[action] ?? action, now);
  return to;
}
