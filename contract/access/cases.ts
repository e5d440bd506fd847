import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/cases.ts`). */

/** Who writes cases: the machines' keepers, the operator's staff and a rental company's (the device editors). */
export const CASE_WRITERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
/**
 * Who reads them: the writers, technicians (who repair with them), sales (who answer customers) and distributors
 * (who service what they sell). Customers report faults, they do not diagnose them.
 */
export const CASE_READERS = [...CASE_WRITERS, ROLE.lessorSales, ROLE.technician, ROLE.distributor] as const;
