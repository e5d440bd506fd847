import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/activities.ts`). */

/** The platform's staff keep the apps' activities, as their banners (decision 052). */
export const ACTIVITY_EDITORS = [ROLE.companyEmployee, ROLE.companyAdmin] as const;
