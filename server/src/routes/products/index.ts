import type { RouteDef } from '../../lib/route.ts';
import { leasePriceRoutes } from './lease-prices.ts';
import { productRoutes } from './products.ts';

/** Price configuration: the shop's products and the lease price list (docs/decisions/049-products-and-coupons.md). */
export const productAreaRoutes: RouteDef[] = [...productRoutes, ...leasePriceRoutes];
