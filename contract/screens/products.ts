import { PRODUCT_READERS } from '../access/products.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Price configuration (spec /productCenter/productSet, docs/decisions/049-products-and-coupons.md): the shop's
 * products on one tab, a rental company's lease price list on the other.
 */
export const productScreens = defineScreens({
  productSet: {
    path: '/productCenter/productSet',
    title: 'products:title',
    query: { tab: ['products', 'leasePrices'] },
    keepAlive: true,
  },
});

export const productMenu: AreaMenu<typeof productScreens> = [
  { screen: 'productSet', group: 'products', order: 10, title: 'productSet', icon: 'dollar', roles: PRODUCT_READERS },
];
