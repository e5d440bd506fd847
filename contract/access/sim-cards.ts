import { ROLE } from '../codes/roles.ts';
import { DEVICE_EDITORS } from './devices.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/sim-cards.ts`). */

/** SIM cards belong to the companies that own machines; finance staff read them for renewals. */
export const SIM_READERS = [...DEVICE_EDITORS, ROLE.finance, ROLE.lessorSales] as const;
