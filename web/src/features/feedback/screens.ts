import type { feedbackScreens } from '@console/contract/screens/feedback';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof feedbackScreens> = {
  list: () => import('./pages/feedback-page.tsx').then((m) => ({ default: m.FeedbackPage })),
  detail: () => import('./pages/feedback-detail-page.tsx').then((m) => ({ default: m.FeedbackDetailPage })),
};
