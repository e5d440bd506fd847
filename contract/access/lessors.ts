import { ROLE } from '../codes/roles.ts';
import { PEOPLE_OPERATORS } from './customers.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/lessors.ts`). */

/** The operator's staff read the rental companies; its administrator onboards and edits them. */
export const LESSOR_READERS = PEOPLE_OPERATORS;
export const LESSOR_ONBOARDERS = [ROLE.companyAdmin] as const;
