import { codeTable } from './code-table.ts';
import { ROLE } from './roles.ts';

/** Role names for badges and selects; values are the roleIds of roles.ts. */
export const ROLE_CODE = codeTable('role', [
  [ROLE.registeredUser, 'registeredUser', 'default'],
  [ROLE.companyEmployee, 'companyEmployee', 'blue'],
  [ROLE.companyAdmin, 'companyAdmin', 'purple'],
  [ROLE.finance, 'finance', 'cyan'],
  [ROLE.screenViewer, 'screenViewer', 'geekblue'],
  [ROLE.lessorAdmin, 'lessorAdmin', 'purple'],
  [ROLE.lessorSales, 'lessorSales', 'blue'],
  [ROLE.technician, 'technician', 'orange'],
  [ROLE.distributor, 'distributor', 'magenta'],
  [ROLE.processMaintainer, 'processMaintainer', 'cyan'],
  [ROLE.lessorStaff, 'lessorStaff', 'geekblue'],
  [ROLE.other, 'other', 'default'],
]);

/** Whether an account may sign in. */
export const ACCOUNT_STATUS = codeTable('accountStatus', [
  ['enabled', 'enabled', 'green'],
  ['disabled', 'disabled', 'red'],
]);

/** Enterprise verification of an organisation. */
export const VERIFY_STATUS = codeTable('verifyStatus', [
  ['none', 'none', 'default'],
  ['pending', 'pending', 'gold'],
  ['approved', 'approved', 'green'],
  ['rejected', 'rejected', 'red'],
]);
export type VerifyStatus = (typeof VERIFY_STATUS.values)[number];

/**
 * Invoice kinds and the tax rates (percent) each may carry: the mainland's VAT special and ordinary invoices, the
 * Australian GST tax invoice. Which of them a company may ask for is its brand's tax regime (tax-regimes.ts).
 */
export const INVOICE_TYPES = ['special', 'ordinary', 'taxInvoice'] as const;
export const INVOICE_TYPE = codeTable('invoiceType', [
  ['special', 'special', 'blue'],
  ['ordinary', 'ordinary', 'default'],
  ['taxInvoice', 'taxInvoice', 'cyan'],
]);
export type InvoiceType = (typeof INVOICE_TYPE.values)[number];
export const TAX_RATES: Record<InvoiceType, readonly number[]> = {
  special: [13, 9, 6],
  ordinary: [13, 9, 6, 3, 1],
  taxInvoice: [10],
};

/** What an organisation is, as the user lists show it (contract/codes/org-kinds.ts). */
export const ORG_KIND_CODE = codeTable('orgKind', [
  ['operator', 'operator', 'purple'],
  ['lessor', 'lessor', 'blue'],
  ['customer', 'customer', 'green'],
  ['distributor', 'distributor', 'magenta'],
  ['sublessor', 'sublessor', 'cyan'],
]);

/** Whether a person passed real-name verification. */
export const REAL_NAME_VERIFIED = codeTable('realNameVerified', [
  ['yes', 'yes', 'green'],
  ['no', 'no', 'default'],
]);
