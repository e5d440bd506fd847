import { SHOP_ORDER_STATES } from '../codes/shop-orders.ts';
import { SHOP_ORDER_READERS } from '../access/shop-orders.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Shop orders (spec /productCenter/order, docs/decisions/050-shop-orders-and-payments.md): the orders in scope by
 * state, the buyer's checkout, and `id` opening one with its timeline (the pay page sends the payer back to it).
 */
export const shopOrderScreens = defineScreens({
  order: {
    path: '/productCenter/order',
    title: 'shop-orders:title',
    query: { id: 'number', state: SHOP_ORDER_STATES },
    keepAlive: true,
  },
});

export const shopOrderMenu: AreaMenu<typeof shopOrderScreens> = [
  { screen: 'order', group: 'products', order: 20, title: 'shopOrder', icon: 'shopping', roles: SHOP_ORDER_READERS },
];
