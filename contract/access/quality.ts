import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/quality.ts`). */

/** The platform's staff run inspections (the maker's end-of-line testers). */
export const INSPECTORS = [ROLE.companyEmployee, ROLE.companyAdmin] as const;
/** The platform's administrator edits the test plans. */
export const PLAN_EDITORS = [ROLE.companyAdmin] as const;
/** A rental company's office reads its machines' finished inspections and downloads their certificates. */
export const QUALITY_READERS = [...INSPECTORS, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
