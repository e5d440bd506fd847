/** roleId as the login call returns it, in the order of the spec's identity list. */
export const ROLE = {
  registeredUser: 0,
  companyEmployee: 1,
  companyAdmin: 2,
  finance: 3,
  screenViewer: 4,
  lessorAdmin: 5,
  lessorSales: 6,
  technician: 7,
  distributor: 8,
  processMaintainer: 9,
  lessorStaff: 10,
  other: 11,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS = Object.values(ROLE) as RoleId[];

/** Roles that work for the operator (the platform company) and so see every organisation below it. */
export const OPERATOR_ROLES: readonly RoleId[] = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.processMaintainer,
];
/** Roles that belong to a rental company (lessor) and see that lessor's data. */
export const LESSOR_ROLES: readonly RoleId[] = [ROLE.lessorAdmin, ROLE.lessorSales, ROLE.lessorStaff];
/** The maintenance technicians (their work order list holds only the orders assigned to them). */
export const TECHNICIAN_ROLES: readonly RoleId[] = [ROLE.technician];
/** Roles that may change other users of their own organisation. */
export const ADMIN_ROLES: readonly RoleId[] = [ROLE.companyAdmin, ROLE.lessorAdmin];

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as number[]).includes(value);
}
