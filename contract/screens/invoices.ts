import { INVOICE_READERS } from '../access/invoices.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Invoices (spec /financeCenter/invoiceMng, docs/decisions/051-invoices-and-finance-tasks.md): one page for both
 * sides, scoped to the reader: a company's requests and the queue of those it issues. `id` opens one.
 */
export const invoiceScreens = defineScreens({
  invoiceMng: {
    path: '/financeCenter/invoiceMng',
    title: 'invoices:title',
    query: { id: 'number' },
    keepAlive: true,
  },
});

export const invoiceMenu: AreaMenu<typeof invoiceScreens> = [
  { screen: 'invoiceMng', group: 'finance', order: 25, title: 'invoiceMng', icon: 'audit', roles: INVOICE_READERS },
];
