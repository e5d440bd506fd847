import { z } from 'zod';
import { ACCOUNT_STATUS } from '../codes/accounts.ts';
import { ROLE, type RoleId } from '../codes/roles.ts';
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

/** Organisation administrators manage the employees of their own organisation. */
export const EMPLOYEE_ADMINS = [ROLE.companyAdmin, ROLE.lessorAdmin] as const;

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
    /** `password`: the administrator sets the first password; `invite`: an SMS invites the person. */
    mode: z.enum(['password', 'invite']).default('password'),
    password: newPassword.optional(),
  })
  .refine((v) => v.mode !== 'password' || !!v.password, {
    path: ['password'],
    error: 'validation.passwordRequired',
    ...acrossFields,
  });

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
      'Create an employee of the own organisation with a grantable role, with a first password or an SMS invite; ' +
      'a registered user (role 0) with that number joins instead',
    access: { roles: EMPLOYEE_ADMINS },
    scope: 'organisation',
    query: noInput,
    body: createEmployeeForm,
    response: z.object({ uid: z.number().int(), joined: z.boolean() }),
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
} as const;
