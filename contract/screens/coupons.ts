import { COUPON_READERS } from '../access/coupons.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Coupons (spec /financeCenter/couponMng, docs/decisions/049-products-and-coupons.md); `id` opens one. */
export const couponScreens = defineScreens({
  couponMng: {
    path: '/financeCenter/couponMng',
    title: 'coupons:title',
    query: { id: 'number' },
    keepAlive: true,
  },
});

export const couponMenu: AreaMenu<typeof couponScreens> = [
  { screen: 'couponMng', group: 'finance', order: 35, title: 'couponMng', icon: 'shopping', roles: COUPON_READERS },
];
