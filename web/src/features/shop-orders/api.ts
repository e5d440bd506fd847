import { couponEndpoints } from '@console/contract/http/coupons';
import { deviceEndpoints } from '@console/contract/http/devices';
import { SHOP_BUYERS, shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useHasRole } from '../../lib/session.ts';

/** Everything an order's move changes: the orders, the coupons used or given back, the machines shipped. */
export const SHOP_ORDER_READS = [...readsOf(shopOrderEndpoints), ...readsOf(couponEndpoints), deviceEndpoints.list];

export const useIsBuyer = () => useHasRole(SHOP_BUYERS);
