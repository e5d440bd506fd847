import type { RouteDef } from '../../lib/route.ts';
import { upkeepPlanRoutes } from './plans.ts';
import { upkeepWorkOrderRoutes } from './work-order.ts';

/** Maintenance reminders: upkeep plans and their work orders (docs/decisions/019-maintenance-records.md). */
export const upkeepRoutes: RouteDef[] = [...upkeepPlanRoutes, ...upkeepWorkOrderRoutes];
