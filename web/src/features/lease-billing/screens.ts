import type { leaseBillingScreens } from '@console/contract/screens/lease-billing';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof leaseBillingScreens> = {
  billRecord: () => import('./pages/ledger-page.tsx').then((m) => ({ default: m.LedgerPage })),
  history: () => import('./pages/history-page.tsx').then((m) => ({ default: m.HistoryPage })),
  receiptRecord: () => import('./pages/receipt-page.tsx').then((m) => ({ default: m.ReceiptPage })),
  arrears: () => import('./pages/arrears-page.tsx').then((m) => ({ default: m.ArrearsPage })),
  payOnline: () => import('./pages/pay-online-page.tsx').then((m) => ({ default: m.PayOnlinePage })),
};
