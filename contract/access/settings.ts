import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/settings.ts`). */

/**
 * Settings (/setUp): personal settings for every signed-in user, corporate settings for the rental company's
 * administrator (role 5, who may change them) and salesperson (role 6, who may only read them).
 */
export const CORPORATE_READERS = [ROLE.lessorAdmin, ROLE.lessorSales] as const;
export const CORPORATE_EDITORS = [ROLE.lessorAdmin] as const;
