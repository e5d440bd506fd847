import type { quoteScreens } from '@console/contract/screens/quotes';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof quoteScreens> = {
  quoteMng: () => import('./pages/quote-list-page.tsx').then((m) => ({ default: m.QuoteListPage })),
  addQuote: () => import('./pages/quote-form-page.tsx').then((m) => ({ default: m.QuoteFormPage })),
  quoteDetail: () => import('./pages/quote-detail-page.tsx').then((m) => ({ default: m.QuoteDetailPage })),
};
