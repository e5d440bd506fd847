import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/customers.ts`). */

/** The operator's staff who manage people and organisations (spec section 6: roles 1 and 2). */
export const PEOPLE_OPERATORS = [ROLE.companyEmployee, ROLE.companyAdmin] as const;
/** Who writes customers: the operator's staff, and a rental company's administrator and administrative staff. */
export const CUSTOMER_WRITERS = [...PEOPLE_OPERATORS, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
/** Who reads customers: the writers, and a distributor its own customers. */
export const CUSTOMER_READERS = [...CUSTOMER_WRITERS, ROLE.distributor] as const;
/** Distributors are the operator's partners: the operator's staff manage them and assign them to customers. */
export const DISTRIBUTOR_MANAGERS = PEOPLE_OPERATORS;
/** A distributor reads its own company's page (its customers and machines). */
export const DISTRIBUTOR_READERS = [...PEOPLE_OPERATORS, ROLE.distributor] as const;
