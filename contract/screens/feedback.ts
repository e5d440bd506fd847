import { FEEDBACK_READERS } from '../access/feedback.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Customer feedback and its details. */
export const feedbackScreens = defineScreens({
  list: { path: '/warning/feedback', title: 'feedback:title' },
  detail: { path: '/warning/feedbackDetail', title: 'feedback:routeTitle', query: { id: 'id' } },
});

export const feedbackMenu: AreaMenu<typeof feedbackScreens> = [
  { screen: 'list', group: 'warning', order: 70, title: 'feedback', icon: 'solution', roles: FEEDBACK_READERS },
];
