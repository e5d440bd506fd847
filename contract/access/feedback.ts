import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/feedback.ts`). */

/** Who reads feedback: the customer who sent it, and the owning company's keepers, sales and technicians. */
export const FEEDBACK_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.technician,
  ROLE.lessorStaff,
  ROLE.other,
] as const;
/** Who sends it: customers on the machines they lease, keepers on their own (a customer who telephoned). */
export const FEEDBACK_SUBMITTERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.lessorAdmin,
  ROLE.lessorStaff,
  ROLE.other,
] as const;
/** Who ignores, resolves or turns it into a work order: the owning company's keepers. */
export const FEEDBACK_HANDLERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
