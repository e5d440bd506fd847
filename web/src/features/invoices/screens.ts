import type { invoiceScreens } from '@console/contract/screens/invoices';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof invoiceScreens> = {
  invoiceMng: () => import('./pages/invoices-page.tsx').then((m) => ({ default: m.InvoicesPage })),
};
