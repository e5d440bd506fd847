import { z } from 'zod';
import { INVOICE_TYPES } from '../codes/accounts.ts';
import { ORG_KIND } from '../codes/org-kinds.ts';
import { ROLE, type RoleId } from '../codes/roles.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { areaCode, idParam, mobile, pageQuery, paged, smsCode } from './fields.ts';
import { invoiceFields, invoiceRules } from './settings.ts';
import {
  IDENTITY_REVEALERS,
  INVOICE_EDITORS,
  PHONE_RESETTERS,
  ROLE_CHANGERS,
  USER_READERS,
  USER_WRITERS,
} from '../access/users.ts';

const OPERATOR_STAFF: RoleId[] = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.screenViewer,
  ROLE.processMaintainer,
];
const LESSOR_STAFF: RoleId[] = [ROLE.lessorAdmin, ROLE.lessorSales, ROLE.technician, ROLE.lessorStaff];
const CUSTOMER_PEOPLE: RoleId[] = [ROLE.registeredUser, ROLE.other];
/**
 * A sub-lessor's people hold role 11 only (decision 042): a rental company's roles would open its contracts, bills
 * and customers to another company.
 */
export const SUBLESSOR_ROLES: RoleId[] = [ROLE.other];

/**
 * The roles a changer may give an account of an organisation of this kind. The company administrator (the top of
 * the platform) gives each kind its own roles; a rental company's administrator gives its own company's roles and
 * its customers' (none of the operator's or a distributor's, which are above or beside its own). A sub-lessor's
 * accounts get the sub-lessor role alone.
 */
export function assignableRoles(changerRoleId: number, orgKind: string): RoleId[] {
  const byKind: Record<string, RoleId[]> = {
    operator: OPERATOR_STAFF,
    lessor: LESSOR_STAFF,
    distributor: [ROLE.distributor],
    customer: CUSTOMER_PEOPLE,
    sublessor: SUBLESSOR_ROLES,
  };
  if (changerRoleId === ROLE.companyAdmin) return byKind[orgKind] ?? [];
  if (changerRoleId === ROLE.lessorAdmin) return orgKind === 'lessor' || orgKind === 'customer' ? byKind[orgKind]! : [];
  return [];
}

export const userRow = z.object({
  uid: z.number().int(),
  mobile: z.string(),
  areaCode: z.string(),
  nickname: z.string(),
  /** Masked (spec section 5). */
  name: z.string(),
  roleId: z.number().int(),
  orgName: z.string(),
  orgKind: z.enum(ORG_KIND),
  /** 1 person, 2 company: the labels of the real-name data (spec section 3). */
  idType: z.number().int(),
  realNameVerified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  /** The user may disable or re-enable this account. */
  editable: z.boolean(),
  /** The roles the user may give this account (empty: none). */
  roles: z.array(z.number().int()),
});
export type UserRow = z.infer<typeof userRow>;

export const userDetail = z.object({
  user: userRow,
  /** Masked (spec section 5). */
  idNumber: z.string(),
  /** The user may ask for the whole real-name data (each view is recorded). */
  canReveal: z.boolean(),
  /** The user may edit the invoice information (INVOICE_EDITORS, within their write scope). */
  canEditInvoice: z.boolean(),
  /** The account's organisation's invoice information, with its special or ordinary invoice's tax rate (percent). */
  invoice: z.object({
    title: z.string(),
    taxNumber: z.string(),
    type: z.enum(INVOICE_TYPES),
    taxRate: z.number(),
    address: z.string(),
    phone: z.string(),
    bank: z.string(),
    account: z.string(),
  }),
});

export type UserDetail = z.infer<typeof userDetail>;

const flag = z.enum(['yes', 'no']).optional();
export const userListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  roleId: z.coerce.number().int().min(0).max(99).optional(),
  orgKind: z.enum(ORG_KIND).optional(),
  verified: flag,
  disabled: flag,
});

export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/user/list.do',
    summary:
      'Every account the user sees, by keyword, role, organisation kind, verification and disabled state; names masked',
    access: { roles: USER_READERS },
    scope: 'organisation',
    query: userListQuery,
    body: noInput,
    response: paged(userRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/user/detail.do',
    summary: "An account with its masked real-name data and its organisation's invoice information",
    access: { roles: USER_READERS },
    scope: 'organisation',
    query: z.object({ uid: idParam }),
    body: noInput,
    response: userDetail,
  }),
  reveal: defineEndpoint({
    method: 'POST',
    path: '/user/revealIdentity.do',
    summary: "An account's whole name and identity number, for the operator's reviewers; the view is recorded",
    access: { roles: IDENTITY_REVEALERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ uid: z.number({ error: 'validation.invalid' }).int().positive() }),
    response: z.object({ name: z.string(), idNumber: z.string() }),
  }),
  setDisabled: defineEndpoint({
    method: 'POST',
    path: '/user/setUserDisabled.do',
    summary: 'Disable or re-enable accounts in scope (not one’s own); disabling ends their sessions at once',
    access: { roles: USER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({
      uids: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(200),
      disabled: z.boolean({ error: 'validation.invalid' }),
    }),
    response: z.object({ count: z.number().int() }),
  }),
  setRole: defineEndpoint({
    method: 'POST',
    path: '/user/setRole.do',
    summary: "Change an account's role to one the administrator may give (never above their own)",
    access: { roles: ROLE_CHANGERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({
      uid: z.number({ error: 'validation.invalid' }).int().positive(),
      roleId: z.number({ error: 'validation.required' }).int().min(0).max(99),
    }),
    response: userRow,
  }),
  updateInvoice: defineEndpoint({
    method: 'POST',
    path: '/user/updateInvoice.do',
    summary:
      "Change the invoice information of an account's organisation (special or ordinary invoice and its tax rate)",
    access: { roles: INVOICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: invoiceRules(invoiceFields.extend({ uid: z.number({ error: 'validation.invalid' }).int().positive() })),
    response: userDetail,
  }),
  sendResetPhoneCode: defineEndpoint({
    method: 'POST',
    path: '/user/sendResetPhoneCode.do',
    summary: "First step of resetting an account's mobile: a code to the new number (which must be free)",
    access: { roles: PHONE_RESETTERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ uid: z.number({ error: 'validation.invalid' }).int().positive(), mobile, areaCode }),
    response: z.object({ expiresInSeconds: z.number().int() }),
  }),
  resetPhone: defineEndpoint({
    method: 'POST',
    path: '/user/resetPhone.do',
    summary: "Reset an account's mobile to the new number its code verifies; every session of the account ends",
    access: { roles: PHONE_RESETTERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({
      uid: z.number({ error: 'validation.invalid' }).int().positive(),
      mobile,
      areaCode,
      code: smsCode,
    }),
    response: userRow,
  }),
} as const;
