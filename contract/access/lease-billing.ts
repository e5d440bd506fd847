import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/lease-billing.ts`). */

/** Who sees bills and receipts: the operator's finance, the lessor's administrator and staff, the renter's users. */
export const BILL_READERS = [ROLE.finance, ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.other] as const;
/** Who records and voids receipts. */
export const RECEIPT_WRITERS = [ROLE.finance, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
/** Who voids a bill: the administrator of the bill's own rental company (decision 036, addendum). */
export const BILL_VOIDERS = [ROLE.lessorAdmin] as const;
/** Who brings a renter's balance forward: the administrator of the renter's rental company (decision 036). */
export const OPENING_WRITERS = [ROLE.lessorAdmin] as const;
/** Who runs the billing of a contract now (the scheduler does it daily). */
export const BILL_RUNNERS = [ROLE.lessorAdmin] as const;
/** Who exempts a contract from arrears locking and lifts it: the rental company's administrator (decision 039). */
export const ARREARS_EXEMPTERS = [ROLE.lessorAdmin] as const;
/** Who adjusts a bill's overtime with a reason: the rental company's administrator and staff (decision 070). */
export const OVERTIME_ADJUSTERS = [ROLE.lessorAdmin, ROLE.lessorStaff] as const;
