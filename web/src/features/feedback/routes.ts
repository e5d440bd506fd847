import type { AppRoute } from '../../lib/app-route.ts';

/** Customer feedback and its details. */
export const routes: AppRoute[] = [
  {
    path: '/warning/feedback',
    title: 'feedback:title',
    page: () => import('./pages/feedback-page.tsx').then((m) => ({ default: m.FeedbackPage })),
    inLayout: true,
  },
  {
    path: '/warning/feedbackDetail',
    title: 'feedback:routeTitle',
    page: () => import('./pages/feedback-detail-page.tsx').then((m) => ({ default: m.FeedbackDetailPage })),
    inLayout: true,
  },
];
