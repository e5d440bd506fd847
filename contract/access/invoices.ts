import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/invoices.ts`). */

/**
 * Invoices (spec /financeCenter/invoiceMng, sections 3, 4, 5, 8; docs/decisions/051-invoices-and-finance-tasks.md).
 * A company asks for an invoice over items it paid (paid lease bills: a renter asks its rental company; paid renewal
 * orders: a rental company asks the operator); the one paid issues it by uploading the invoice's PDF; the requester
 * downloads it.
 *
 * Who: a renter's users (11) and a rental company's administrator (5) and staff (10) request for their own company;
 * the operator's finance (3) issues any invoice it sees, a rental company's administrator (5) and the operator's
 * administrator (2) those issued by their own organisation; the operator's employees (1) read.
 */
export const INVOICE_REQUESTERS = [ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.other] as const;
export const INVOICE_ISSUERS = [ROLE.companyAdmin, ROLE.finance, ROLE.lessorAdmin] as const;
export const INVOICE_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.lessorAdmin,
  ROLE.lessorStaff,
  ROLE.other,
] as const;
