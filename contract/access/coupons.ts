import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/coupons.ts`). */

/**
 * Coupons (spec /financeCenter/couponMng, sections 3, 4, 5; docs/decisions/049-products-and-coupons.md): batches an
 * organisation's shop gives out, granted to its people's mobiles, each received coupon used once at checkout
 * (`redeemCoupon` on the server, called by the shop's orders) or expired after its hours.
 *
 * Who: the same people who set the shop's prices write coupons (the operator's finance and company administrator,
 * a rental company's administrator); the operator's employees and a rental company's administrative staff read them.
 */
export const COUPON_WRITERS = [ROLE.companyAdmin, ROLE.finance, ROLE.lessorAdmin] as const;
export const COUPON_READERS = [ROLE.companyEmployee, ...COUPON_WRITERS, ROLE.lessorStaff] as const;
