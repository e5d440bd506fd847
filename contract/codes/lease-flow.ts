import { ROLE, type RoleId } from './roles.ts';
import type { ContractStatus } from './contract-status.ts';

/**
 * The lease contract's state machine, declared once (the shape of work-order-flow.ts): the server refuses what it
 * does not allow and the console offers only what it allows (docs/decisions/029-lease-contracts.md). Statuses are
 * CONTRACT_STATUS codes 1-9, plus DRAFT (0): a contract saved and not yet submitted, which the spec does not code,
 * and CANCELLED (10): a draft, withdrawn or rejected contract the lessor gave up (it will never be signed; kept, with
 * the reason, and holding nothing).
 */
export const LEASE_STATUS = {
  draft: 0,
  pendingReview: 1,
  withdrawn: 2,
  awaitingSignInitiation: 3,
  rejected: 4,
  awaitingLesseeSign: 5,
  awaitingLessorSign: 6,
  inExecution: 7,
  closed: 8,
  terminated: 9,
  cancelled: 10,
} as const satisfies Record<string, ContractStatus | 0 | 10>;
export type LeaseStatus = (typeof LEASE_STATUS)[keyof typeof LEASE_STATUS];
export const LEASE_STATUSES = Object.values(LEASE_STATUS) as LeaseStatus[];

/**
 * Who takes a move on a contract:
 * - `manager`: the lessor's administrator (5) or administrative staff (10) of the contract's lessor;
 * - `author`: whoever created the contract;
 * - `salesperson`: the contract's salesperson (role 6 of its lessor);
 * - `system`: the server itself, applying an automatic approval rule on submit;
 * - `provider`: the e-signature provider, through a verified callback.
 */
export type LeaseActor = 'manager' | 'author' | 'salesperson' | 'system' | 'provider';

/**
 * What a move does to the machines the contract holds for its days (its reservations, docs/decisions/069): a
 * contract holds its named machines and its model lines' counts from the draft it is saved as (an accepted quote's
 * holds pass to it) until each machine is delivered.
 * - `keep`: what it holds stays held;
 * - `hold`: its lines hold their machines for its days, checked against every other hold and lease, unless it
 *   already holds them (a draft saved before holding, or whose holds were let go);
 * - `release`: whatever it still holds (what was never delivered) is free again.
 * Saving a draft holds its lines (an edit lets the old holds go and holds the new terms in the same unit of work), and
 * a confirmed delivery, which is no move, consumes one hold per machine delivered. A change (decision 041) holds, from
 * its submission, the machines and counts it adds from its effective day (and its contract's undelivered machines for
 * the days a later end adds); in force, its holds pass to its contract, an earlier end lets go of what the contract
 * held past it, and a removed line lets go of its machines and counts not yet delivered from the effective day
 * (decision 069 addendum).
 */
export type LeaseHoldEffect = 'keep' | 'hold' | 'release';

export interface LeaseTransition {
  from: readonly LeaseStatus[];
  to: LeaseStatus;
  by: readonly LeaseActor[];
  /** The move needs a reason (reject, terminate, a signing that is called off). */
  reasonRequired: boolean;
  /** The move needs a calendar day (YYYY-MM-DD): the day a contract closed or was terminated. */
  dayRequired: boolean;
  /** What the move does to the contract's reservations. */
  holds: LeaseHoldEffect;
}

const S = LEASE_STATUS;
const move = (
  from: readonly LeaseStatus[],
  to: LeaseStatus,
  by: readonly LeaseActor[],
  needs: { reason?: boolean; day?: boolean; holds?: LeaseHoldEffect } = {},
): LeaseTransition => ({
  from,
  to,
  by,
  reasonRequired: needs.reason ?? false,
  dayRequired: needs.day ?? false,
  holds: needs.holds ?? 'keep',
});

export const LEASE_FLOW = {
  /**
   * Into review. A withdrawn or rejected contract, edited or not, is submitted again. Holds its machines (checked
   * again) unless it already holds them.
   */
  submit: move([S.draft, S.withdrawn, S.rejected], S.pendingReview, ['manager', 'author', 'salesperson'], {
    holds: 'hold',
  }),
  /**
   * Back out of review, by the one who wrote it (it can then be edited and submitted again). Keeps its holds, as a
   * draft does.
   */
  withdraw: move([S.pendingReview], S.withdrawn, ['author']),
  /** Keeps its holds until delivery. */
  approve: move([S.pendingReview], S.awaitingSignInitiation, ['manager']),
  /** A rule of the company's automatic approval approved it on submit (the timeline names the rule). Keeps. */
  autoApprove: move([S.pendingReview], S.awaitingSignInitiation, ['system']),
  /** Back to be edited and submitted again: keeps its holds, as a draft does. */
  reject: move([S.pendingReview], S.rejected, ['manager'], { reason: true }),
  /** A signing flow is created at the provider; the lessee signs first. Keeps. */
  startSigning: move([S.awaitingSignInitiation], S.awaitingLesseeSign, ['manager', 'author', 'salesperson']),
  lesseeSigned: move([S.awaitingLesseeSign], S.awaitingLessorSign, ['provider']),
  /** Both parties signed: the lease runs. Keeps what is not delivered yet (each delivery consumes its hold). */
  lessorSigned: move([S.awaitingLessorSign], S.inExecution, ['provider']),
  /**
   * The signing flow ends without both signatures: a party refused, the provider failed or the flow expired, or the
   * lessor called it off. The contract waits for a new signing flow, keeping its holds.
   */
  cancelSigning: move([S.awaitingLesseeSign, S.awaitingLessorSign], S.awaitingSignInitiation, ['manager', 'provider'], {
    reason: true,
  }),
  /** The lease ended as agreed: the machines are back, and what was never delivered is released. */
  close: move([S.inExecution], S.closed, ['manager'], { day: true, holds: 'release' }),
  /** The lease ended early: the machines are back, and what was never delivered is released. */
  terminate: move([S.inExecution], S.terminated, ['manager'], { reason: true, day: true, holds: 'release' }),
  /**
   * A contract that will never be signed (a draft, or one withdrawn or rejected) is given up by the lessor's staff,
   * with a reason: it stays, cancelled, and what it held is free again.
   */
  cancel: move([S.draft, S.withdrawn, S.rejected], S.cancelled, ['manager'], { reason: true, holds: 'release' }),
} as const satisfies Record<string, LeaseTransition>;

export type LeaseAction = keyof typeof LEASE_FLOW;
export const LEASE_ACTIONS = Object.keys(LEASE_FLOW) as LeaseAction[];

/**
 * What the timeline records: the contract's creation, its edits and every move; on a contract, also each change
 * that came into force (`changed`, decision 041).
 */
export const LEASE_EVENTS = ['create', 'edit', ...LEASE_ACTIONS, 'changed', 'reschedule'] as const;
/** The moves a change does not take: it ends with its contract (decision 041). */
export const CHANGE_EXCLUDED_ACTIONS: readonly LeaseAction[] = ['close', 'terminate'];
export type LeaseEvent = (typeof LEASE_EVENTS)[number];

/** A contract's terms can be changed while it is a draft, withdrawn or rejected; never once approved. */
export const EDITABLE_STATUSES: readonly LeaseStatus[] = [S.draft, S.withdrawn, S.rejected];
export const isEditable = (status: number) => (EDITABLE_STATUSES as readonly number[]).includes(status);
/** Contracts that hold their machines: approved and not yet ended (a machine is on one such contract at a time). */
export const HOLDING_STATUSES: readonly LeaseStatus[] = [
  S.awaitingSignInitiation,
  S.awaitingLesseeSign,
  S.awaitingLessorSign,
  S.inExecution,
];

/**
 * Moving a contract's days (delivery and return) to other days, its status unchanged: a contract not yet in review
 * (draft, withdrawn, rejected; a contract approved or in force keeps its days, a change (decision 041) moves them).
 * What it holds moves with it in the same unit of work (`holds: 'move'`): let go for the old days and held for the
 * new ones, checked against every other hold and lease, so a refused move changes nothing. Its lines are priced
 * again over the new days; the timeline records the days before and after (`reschedule`).
 */
export const LEASE_RESCHEDULE = {
  from: [S.draft, S.withdrawn, S.rejected] as readonly LeaseStatus[],
  by: ['manager', 'author', 'salesperson'] as readonly LeaseActor[],
  holds: 'move',
} as const;

/** Whether this person may move this contract's days now. */
export function canReschedule(contract: LeaseActingOn, who: LeaseWho): boolean {
  if (!(LEASE_RESCHEDULE.from as readonly number[]).includes(contract.status)) return false;
  return actorsOf(contract, who).some((a) => (LEASE_RESCHEDULE.by as readonly string[]).includes(a));
}

/** Roles of the lessor that manage its contracts, and the salesperson role. */
export const LEASE_MANAGER_ROLES: readonly RoleId[] = [ROLE.lessorAdmin, ROLE.lessorStaff];
export const LEASE_SALES_ROLES: readonly RoleId[] = [ROLE.lessorSales];

export interface LeaseActingOn {
  status: number;
  lessorOrgId: number;
  createdBy: number;
  salespersonId: number | null;
}
/** A person acting (a console user), or the server or the provider. */
export type LeaseWho =
  { kind: 'user'; userId: number; orgId: number; roleId: number } | { kind: 'system' | 'provider' };

/** The parts this actor plays for this contract. */
export function actorsOf(contract: LeaseActingOn, who: LeaseWho): LeaseActor[] {
  if (who.kind !== 'user') return [who.kind];
  if (who.orgId !== contract.lessorOrgId) return [];
  const parts: LeaseActor[] = [];
  if ((LEASE_MANAGER_ROLES as readonly number[]).includes(who.roleId)) parts.push('manager');
  if (contract.createdBy === who.userId) parts.push('author');
  if ((LEASE_SALES_ROLES as readonly number[]).includes(who.roleId) && contract.salespersonId === who.userId) {
    parts.push('salesperson');
  }
  return parts;
}

/** Whether the status allows the move at all, whoever asks. */
export function statusAllows(action: LeaseAction, status: number): boolean {
  return (LEASE_FLOW[action].from as readonly number[]).includes(status);
}

/** Whether this actor may take the move at all on this contract (whatever its status). */
export function mayAct(action: LeaseAction, contract: LeaseActingOn, who: LeaseWho): boolean {
  const by = LEASE_FLOW[action].by as readonly LeaseActor[];
  return actorsOf(contract, who).some((a) => by.includes(a));
}

/** Whether this actor may take this move on this contract now. */
export function canAct(action: LeaseAction, contract: LeaseActingOn, who: LeaseWho): boolean {
  return statusAllows(action, contract.status) && mayAct(action, contract, who);
}

/** Every move this person may take now, in the table's order (what the detail page offers). */
export function allowedActions(contract: LeaseActingOn, who: LeaseWho): LeaseAction[] {
  return LEASE_ACTIONS.filter((action) => canAct(action, contract, who));
}

/** Whether this person may change the contract's terms now. */
export function canEdit(contract: LeaseActingOn, who: LeaseWho): boolean {
  if (!isEditable(contract.status)) return false;
  return actorsOf(contract, who).some((a) => a === 'manager' || a === 'author' || a === 'salesperson');
}
