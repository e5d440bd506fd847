import type { RouteDef } from '../../lib/route.ts';
import { renewalItemRoutes } from './items.ts';
import { renewalOrderRoutes } from './orders.ts';
import { renewalPayOnlineRoutes } from './pay-online.ts';

/** Renewals of the connectivity service (docs/decisions/044-finance-renewals-ledger.md). */
export const renewalRoutes: RouteDef[] = [...renewalItemRoutes, ...renewalOrderRoutes, ...renewalPayOnlineRoutes];
