import type { RouteDef } from '../../lib/route.ts';
import { workOrderActionRoutes } from './actions.ts';
import { workOrderContactRoutes } from './contact.ts';
import { workOrderEditRoutes } from './edit.ts';
import { workOrderListRoutes } from './list.ts';

/** Maintenance work orders (docs/decisions/018-work-orders.md). */
export const workOrderRoutes: RouteDef[] = [
  ...workOrderListRoutes,
  ...workOrderEditRoutes,
  ...workOrderActionRoutes,
  ...workOrderContactRoutes,
];
