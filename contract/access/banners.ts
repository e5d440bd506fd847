import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/banners.ts`). */

/** The platform's staff keep the apps' banners; nobody else sees this page. */
export const BANNER_EDITORS = [ROLE.companyEmployee, ROLE.companyAdmin] as const;
