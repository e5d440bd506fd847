import { ROLE } from '../codes/roles.ts';

/**
 * Who keeps an organisation's API keys (docs/decisions/068-iso-15143-3-api.md): its administrator, the operator's
 * (role 2) or a rental company's (role 5).
 */
export const API_KEY_ADMINS = [ROLE.companyAdmin, ROLE.lessorAdmin] as const;
