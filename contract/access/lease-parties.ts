import { LEASE_MANAGER_ROLES } from '../codes/lease-flow.ts';
import { LESSOR_ROLES, OPERATOR_ROLES, ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/lease-parties.ts`). */

/** Who reads the master data: the lessor's own people and the operator's staff, who oversee (read only). */
export const PARTY_READERS = [...OPERATOR_ROLES, ...LESSOR_ROLES] as const;
/** Renters are written by whoever writes contracts: a salesperson brings in customers (decision 029). */
export const RENTER_WRITERS = LESSOR_ROLES;
/** Stores, rules, templates and seals: the lessor's administrator (5) and administrative staff (10). */
export const PARTY_MANAGERS = LEASE_MANAGER_ROLES;
/** Rules, templates, seals and the authorisation: the managers and the operator's staff (no salespeople). */
export const SETTINGS_READERS = [...OPERATOR_ROLES, ...LEASE_MANAGER_ROLES] as const;
/** Only the lessor's administrator grants and revokes a seal (decision 029). */
export const SEAL_GRANTERS = [ROLE.lessorAdmin] as const;
