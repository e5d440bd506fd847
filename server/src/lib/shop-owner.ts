import type { SessionUser } from './session.ts';

/**
 * Who changes a record of the shop (a product, a lease price, a coupon): its own organisation's writers, never
 * another's, even the operator's staff who read every company's (docs/decisions/049-products-and-coupons.md).
 */
export const keeps = (user: SessionUser, writers: readonly number[], orgId: number): boolean =>
  orgId === user.orgId && writers.includes(user.roleId);
