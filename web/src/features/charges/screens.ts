import type { chargeScreens } from '@console/contract/screens/charges';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof chargeScreens> = {
  creditNotes: () => import('./pages/credit-note-list-page.tsx').then((m) => ({ default: m.CreditNoteListPage })),
};
