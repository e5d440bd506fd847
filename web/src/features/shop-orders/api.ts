import { couponEndpoints } from '@console/contract/http/coupons';
import { controllerEndpoints } from '@console/contract/http/peripherals';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { SHOP_BUYERS } from '@console/contract/access/shop-orders';
import { simCardEndpoints } from '@console/contract/http/sim-cards';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useHasRole } from '../../lib/session.ts';

/** Everything an order's move changes: the orders, the coupons used or given back, the terminals and cards shipped. */
export const SHOP_ORDER_READS = [
  ...readsOf(shopOrderEndpoints),
  ...readsOf(couponEndpoints),
  controllerEndpoints.list,
  simCardEndpoints.list,
];

export const useIsBuyer = () => useHasRole(SHOP_BUYERS);
