import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/renewals.ts`). */

/**
 * Renewing the connectivity service of machines and SIM cards (spec /financeCenter/renewDevice, sections 4, 8, 9;
 * docs/decisions/044-finance-renewals-ledger.md). Money in integer cents, days `YYYY-MM-DD`.
 *
 * Who: the operator's staff (1, 2) and finance (3) over every company, the rental companies' administrator (5) and
 * administrative staff (10) over their own machines and cards. Payment is recorded by the operator's finance and
 * company administrator (the operator sells the service); the price list is theirs too.
 */
export const RENEWAL_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.lessorAdmin,
  ROLE.lessorStaff,
] as const;
/** Who makes (and cancels) renewal orders. */
export const RENEWAL_WRITERS = RENEWAL_READERS;
/** Who records a payment and sets the prices: the operator's finance and company administrator. */
export const RENEWAL_PAYERS = [ROLE.companyAdmin, ROLE.finance] as const;
/** Who pays their own renewal orders through the mobile payment provider: the rental company (decision 050). */
export const RENEWAL_ONLINE_PAYERS = [ROLE.lessorAdmin, ROLE.lessorStaff] as const;
