import { codeTable } from './code-table.ts';
import { ROLE, type RoleId } from './roles.ts';
import { assignableRoles } from '../http/users.ts';

/**
 * Binding requests and verification reviews (spec /approvalManagement/bind, section 4 "Approval: under review,
 * approved (passed), rejected"; docs/decisions/047-bindings-and-verification.md). Both share the spec's three states
 * and one flow: a request under review is approved or rejected (with a reason), and a decided one never moves again.
 */
export const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_STATE = codeTable('approvals:state', [
  ['pending', 'pending', 'gold'],
  ['approved', 'approved', 'green'],
  ['rejected', 'rejected', 'red'],
]);

export const APPROVAL_FLOW = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly ApprovalState[]; to: ApprovalState }>;
export type ApprovalAction = keyof typeof APPROVAL_FLOW;
export const APPROVAL_ACTIONS = Object.keys(APPROVAL_FLOW) as [ApprovalAction, ...ApprovalAction[]];

export const approvalAllows = (action: ApprovalAction, state: ApprovalState): boolean =>
  (APPROVAL_FLOW[action].from as readonly ApprovalState[]).includes(state);

/** What the app's "bind" covers: a person joining a company, and a customer binding a machine to itself. */
export const BIND_KINDS = ['join', 'machine'] as const;
export type BindKind = (typeof BIND_KINDS)[number];
export const BIND_KIND = codeTable('approvals:bindKind', [
  ['join', 'join', 'blue'],
  ['machine', 'machine', 'cyan'],
]);

/** Real-name verification of a person (or of a company by its credit code), enterprise of a rental company. */
export const VERIFICATION_KINDS = ['realName', 'enterprise'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
export const VERIFICATION_KIND = codeTable('approvals:verificationKind', [
  ['realName', 'realName', 'blue'],
  ['enterprise', 'enterprise', 'purple'],
]);

/** Identity document type (spec section 3): 1 a person's ID card, 2 a company's unified social credit code. */
export const ID_TYPES = [1, 2] as const;
export const ID_TYPE = codeTable('approvals:idType', [
  [1, 'person', 'blue'],
  [2, 'company', 'purple'],
]);

/** The "last N days" choices of the lists (spec section 9's history ranges). */
export const APPROVAL_DAYS = [1, 3, 7, 15, 30] as const;
export const APPROVAL_DAYS_CODE = codeTable('approvals:days', [
  [1, 'd1', 'default'],
  [3, 'd3', 'default'],
  [7, 'd7', 'default'],
  [15, 'd15', 'default'],
  [30, 'd30', 'default'],
]);

/**
 * The roles an approver may give a person joining an organisation of this kind: an administrator (2, 5) the roles
 * it may give anyone (assignableRoles), a member of staff (1, 10) those of its administrator except the
 * administrator's own, so nobody makes a member above themselves.
 */
export function joinRoles(approverRoleId: number, orgKind: string): RoleId[] {
  const adminOf: Record<number, RoleId> = {
    [ROLE.companyEmployee]: ROLE.companyAdmin,
    [ROLE.lessorStaff]: ROLE.lessorAdmin,
  };
  const admin = adminOf[approverRoleId];
  if (admin === undefined) return assignableRoles(approverRoleId, orgKind);
  return assignableRoles(admin, orgKind).filter((r) => r !== ROLE.companyAdmin && r !== ROLE.lessorAdmin);
}
