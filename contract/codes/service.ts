import { codeTable } from './code-table.ts';

/** Maintenance work orders (tickets). */
export const WORK_ORDER_STATUS = codeTable('workOrderStatus', [
  [1, 'pending', 'gold'],
  [2, 'assigned', 'blue'],
  [3, 'repaired', 'cyan'],
  [4, 'paid', 'purple'],
  [5, 'resolved', 'green'],
  [6, 'suspended', 'default'],
]);

/** Customer feedback. */
export const FEEDBACK_STATUS = codeTable('feedbackStatus', [
  [1, 'pending', 'gold'],
  [2, 'resolved', 'green'],
  [3, 'ignored', 'default'],
  [4, 'repaired', 'cyan'],
  [5, 'paid', 'purple'],
]);

/** Approvals (binding requests, cases and the like). */
export const APPROVAL_STATUS = codeTable('approvalStatus', [
  [1, 'underReview', 'gold'],
  [2, 'approved', 'green'],
  [3, 'rejected', 'red'],
]);

/** Activities and push messages. */
export const PUSH_STATUS = codeTable('pushStatus', [
  [0, 'notExpired', 'green'],
  [1, 'expired', 'default'],
]);
