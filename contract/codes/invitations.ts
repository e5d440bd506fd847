import { codeTable } from './code-table.ts';

/**
 * Employee invitations by text message (docs/decisions/048-invitations-and-unbinding.md). An invitation is pending
 * until the invitee accepts it (signing in or registering with its code), the administrator revokes it, or it
 * expires; resending gives it a new code and a new expiry. `expired` is never stored: a pending invitation whose
 * expiry has passed is expired, so nothing has to run at midnight.
 */
export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const INVITATION_STATE = codeTable('employees:invitationState', [
  ['pending', 'pending', 'gold'],
  ['accepted', 'accepted', 'green'],
  ['expired', 'expired', 'default'],
  ['revoked', 'revoked', 'red'],
]);

/** How long an invitation's code is good for. */
export const INVITATION_DAYS = 7;

/**
 * The state machine, declared once: `resend` sends a new code (a pending or expired invitation becomes pending
 * again), `revoke` withdraws it, `accept` is the invitee's.
 */
export const INVITATION_FLOW = {
  resend: { from: ['pending', 'expired'], to: 'pending' },
  revoke: { from: ['pending', 'expired'], to: 'revoked' },
  accept: { from: ['pending'], to: 'accepted' },
} as const satisfies Record<string, { from: readonly InvitationState[]; to: InvitationState }>;
export type InvitationAction = keyof typeof INVITATION_FLOW;

export const invitationAllows = (action: InvitationAction, state: InvitationState): boolean =>
  (INVITATION_FLOW[action].from as readonly InvitationState[]).includes(state);

/** The state an invitation shows: a pending one past its expiry is expired. */
export function invitationState(stored: 'pending' | 'accepted' | 'revoked', expiresAtMs: number, nowMs: number) {
  return stored === 'pending' && expiresAtMs <= nowMs ? ('expired' as const) : stored;
}

/**
 * What unbinding does with each kind of open work that names the person (decision 048): assigned work orders go
 * back to pending with nobody assigned, active seal grants are revoked, contracts they sell lose their salesperson;
 * lock tasks they scheduled stay and run (the machine's lock does not depend on who asked for it).
 */
export const OPEN_WORK_KINDS = ['workOrder', 'sealGrant', 'contract', 'lockTask'] as const;
export type OpenWorkKind = (typeof OPEN_WORK_KINDS)[number];
export const UNBIND_OUTCOME = {
  workOrder: 'unassigned',
  sealGrant: 'revoked',
  contract: 'unassigned',
  lockTask: 'kept',
} as const satisfies Record<OpenWorkKind, 'unassigned' | 'revoked' | 'kept'>;
