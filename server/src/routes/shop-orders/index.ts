import type { RouteDef } from '../../lib/route.ts';
import { checkoutRoutes } from './checkout.ts';
import { fulfilRoutes } from './fulfil.ts';
import { listRoutes } from './list.ts';

/** Shop orders paid through the mobile payment provider (docs/decisions/050-shop-orders-and-payments.md). */
export const shopOrderRoutes: RouteDef[] = [...checkoutRoutes, ...fulfilRoutes, ...listRoutes];
