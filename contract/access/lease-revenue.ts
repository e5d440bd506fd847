import { ROLE } from '../codes/roles.ts';
import { BILL_READERS } from './lease-billing.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/lease-revenue.ts`). */

/** The revenue analysis: the operator's finance and the lessor's administrator and staff; never a renter. */
export const REVENUE_READERS = [ROLE.finance, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
/** The usage statement travels with the bill: whoever reads the bill (the renter too) reads it. */
export const STATEMENT_READERS = BILL_READERS;
