import { z } from 'zod';
import { ACCOUNT_STATUS } from '../codes/accounts.ts';
import { INVITATION_STATES, OPEN_WORK_KINDS, UNBIND_OUTCOME } from '../codes/invitations.ts';
import { ROLE, type RoleId } from '../codes/roles.ts';
import { loginData } from './auth.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import {
  acrossFields,
  areaCode,
  idParam,
  mobile,
  newPassword,
  optionalText,
  pageQuery,
  paged,
  requiredText,
} from './fields.ts';
import { EMPLOYEE_ADMINS } from '../access/employees.ts';

/**
 * The roles an administrator may grant: the operator's roles for the company administrator, the rental
 * company's roles for its administrator.
 */
export function grantableRoles(adminRoleId: number): RoleId[] {
  if (adminRoleId === ROLE.companyAdmin) {
    return [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.finance, ROLE.screenViewer, ROLE.processMaintainer];
  }
  if (adminRoleId === ROLE.lessorAdmin) return [ROLE.lessorAdmin, ROLE.lessorSales, ROLE.technician, ROLE.lessorStaff];
  return [];
}

export const employee = z.object({
  uid: z.number().int(),
  mobile: z.string(),
  areaCode: z.string(),
  name: z.string(),
  nickname: z.string(),
  roleId: z.number().int(),
  disabled: z.boolean(),
  createdAt: z.string(),
  /** The administrator's own row: it cannot be disabled or demoted. */
  isSelf: z.boolean(),
});
export type Employee = z.infer<typeof employee>;

export const employeeListQuery = pageQuery.extend({
  phone: z.string().trim().max(15).optional(),
  name: z.string().trim().max(40).optional(),
  roleId: z.coerce.number().int().min(0).max(99).optional(),
  status: z.enum(ACCOUNT_STATUS.values).optional(),
});

export const createEmployeeForm = z
  .object({
    mobile,
    areaCode,
    name: requiredText(40),
    roleId: z.coerce.number({ error: 'validation.required' }).int(),
    /**
     * `password`: the administrator sets the first password; `message`: a text message asks the person to set
     * their own (the account exists at once). Inviting, which waits for the person to accept, is `invite.do`.
     */
    mode: z.enum(['password', 'message']).default('password'),
    password: newPassword.optional(),
  })
  .refine((v) => v.mode !== 'password' || !!v.password, {
    path: ['password'],
    error: 'validation.passwordRequired',
    ...acrossFields,
  });

/** A person invited to join the organisation (decision 048). */
export const invitation = z.object({
  id: z.number().int(),
  mobile: z.string(),
  areaCode: z.string(),
  name: z.string(),
  roleId: z.number().int(),
  state: z.enum(INVITATION_STATES),
  invitedBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  /** When it was accepted or revoked; empty while open. */
  closedAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationListQuery = pageQuery.extend({
  phone: z.string().trim().max(15).optional(),
  state: z.enum(INVITATION_STATES).optional(),
});

export const inviteForm = z.object({
  mobile,
  areaCode,
  name: requiredText(40),
  roleId: z.coerce.number({ error: 'validation.required' }).int(),
});

const invitationId = z.object({ id: z.number({ error: 'validation.invalid' }).int().positive() });
/** The code of an invitation, as its text message carries it. */
export const invitationCode = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'validation.codeRequired' })
  .max(16, { error: 'employees.invitationUnknown' });

/** What the invitee sees before accepting: who invites them, as what, and whether their number has an account. */
export const invitationPreview = z.object({
  orgName: z.string(),
  name: z.string(),
  roleId: z.number().int(),
  /** The invited number, all but its last four digits hidden. */
  mobile: z.string(),
  state: z.enum(INVITATION_STATES),
  expiresAt: z.string(),
  /** The number has an account: accept by signing in with its password; otherwise register one. */
  hasAccount: z.boolean(),
});

export const acceptInvitationForm = z.object({
  code: invitationCode,
  /** The account's password (hasAccount) or the new account's first password. */
  password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).max(64),
  /** A new account's name (the invitation's when left empty). */
  name: optionalText(40),
});

/** One piece of open work that names a person, and what unbinding does with it (UNBIND_OUTCOME). */
export const openWorkItem = z.object({
  kind: z.enum(OPEN_WORK_KINDS),
  id: z.number().int(),
  /** The work order's number, the contract's number, the seal's name, the lock task's machines. */
  label: z.string(),
  outcome: z.enum([...new Set(Object.values(UNBIND_OUTCOME))] as ['unassigned', 'revoked', 'kept']),
});
export type OpenWorkItem = z.infer<typeof openWorkItem>;

export const formerEmployee = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  areaCode: z.string(),
  roleId: z.number().int(),
  unboundBy: z.string(),
  unboundAt: z.string(),
  released: z.record(z.string(), z.number().int()),
});
export type FormerEmployee = z.infer<typeof formerEmployee>;

export const employeeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/employee/list.do',
    summary: 'Employees of the own organisation, filtered by phone, name, role and state, sortable by createdAt',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: employeeListQuery,
    body: noInput,
    response: paged(employee),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/employee/create.do',
    summary:
      'Create an employee account of the own organisation with a grantable role, with a first password or a ' +
      'text message asking them to set one; a number that has an account is invited instead (invite.do)',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: noInput,
    body: createEmployeeForm,
    response: z.object({ uid: z.number().int() }),
  }),
  // Legacy (spec section 7): GET user/editUser.do with uid, nickname, role changes the user.
  editUser: defineEndpoint({
    method: 'GET',
    path: '/user/editUser.do',
    summary: 'Change the nickname and role of an employee of the own organisation (legacy: a GET that changes data)',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: z.object({
      uid: idParam,
      nickname: optionalText(40),
      role: z.coerce.number({ error: 'validation.invalid' }).int().optional(),
    }),
    body: noInput,
    response: employee,
  }),
  setDisabled: defineEndpoint({
    method: 'POST',
    path: '/employee/setDisabled.do',
    summary: 'Disable or enable employees of the own organisation; disabling ends every session of the account',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: noInput,
    body: z.object({
      uids: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(200),
      disabled: z.boolean({ error: 'validation.invalid' }),
    }),
    response: z.object({ count: z.number().int() }),
  }),
  invitations: defineEndpoint({
    method: 'GET',
    path: '/employee/invitations.do',
    summary: 'Invitations of the own organisation by phone and state (pending, accepted, expired, revoked)',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: invitationListQuery,
    body: noInput,
    response: paged(invitation),
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/employee/invite.do',
    summary:
      'Invite a number by text message to join as an employee with a grantable role; nothing is kept when the ' +
      'message cannot be sent ("invite send failed")',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: noInput,
    body: inviteForm,
    response: invitation,
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/employee/resendInvitation.do',
    summary: 'Send a pending or expired invitation again, with a new code and a new expiry',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: noInput,
    body: invitationId,
    response: invitation,
  }),
  revokeInvitation: defineEndpoint({
    method: 'POST',
    path: '/employee/revokeInvitation.do',
    summary: 'Withdraw a pending or expired invitation: its code no longer works',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: noInput,
    body: invitationId,
    response: invitation,
  }),
  previewInvitation: defineEndpoint({
    method: 'GET',
    path: '/invitation/preview.do',
    summary: 'The invitation a code names, for the invitee before accepting',
    access: 'public',
    scope: 'public',
    query: z.object({ code: invitationCode }),
    body: noInput,
    response: invitationPreview,
  }),
  acceptInvitation: defineEndpoint({
    method: 'POST',
    path: '/invitation/accept.do',
    summary:
      "Accept an invitation: with the number's account password (it joins) or a new password (an account is " +
      'made); answers a sign-in',
    access: 'public',
    scope: 'self',
    query: noInput,
    body: acceptInvitationForm,
    response: loginData,
  }),
  openWork: defineEndpoint({
    method: 'GET',
    path: '/employee/openWork.do',
    summary:
      'The open work that names an employee (work orders, seal grants, contracts, lock tasks) and its fate on unbinding',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: z.object({ uid: idParam }),
    body: noInput,
    response: z.array(openWorkItem),
  }),
  unbind: defineEndpoint({
    method: 'POST',
    path: '/employee/unbind.do',
    summary:
      'Unbind an employee: they keep their account (a registered user of their own), lose the organisation at ' +
      'once (every session ends) and their open work is released',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ uid: z.number({ error: 'validation.invalid' }).int().positive() }),
    response: formerEmployee,
  }),
  former: defineEndpoint({
    method: 'GET',
    path: '/employee/former.do',
    summary: 'People unbound from the own organisation, newest first',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: pageQuery.extend({ phone: z.string().trim().max(15).optional() }),
    body: noInput,
    response: paged(formerEmployee),
  }),
} as const;
