import { ROLE } from '../codes/roles.ts';

/** Who may do what with charges and credit notes (docs/decisions/074-charges-and-credit-notes.md). */

/** Who reads a contract's charges: the operator's finance, the rental company's people, the renter's users. */
export const CHARGE_READERS = [ROLE.finance, ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.lessorSales, ROLE.other] as const;
/** Who adds a charge, cancels one before it is billed, or bills one at once: the company's administrator and staff. */
export const CHARGE_WRITERS = [ROLE.lessorAdmin, ROLE.lessorStaff] as const;
/** Who reads the charges price list: the company's people and the operator's finance. */
export const CHARGE_PRICE_READERS = [ROLE.finance, ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.lessorSales] as const;
/** Who keeps the charges price list: the rental company's administrator. */
export const CHARGE_PRICE_WRITERS = [ROLE.lessorAdmin] as const;
/** Who reads credit notes: as bills (the operator's finance, the company's administrator and staff, the renter). */
export const CREDIT_NOTE_READERS = [ROLE.finance, ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.other] as const;
/** Who issues a credit note: the administrator of the bill's own rental company, who also voids bills. */
export const CREDIT_NOTE_WRITERS = [ROLE.lessorAdmin] as const;
