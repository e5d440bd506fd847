import type { RouteDef } from '../../lib/route.ts';
import { upkeepPlanRoutes } from './plans.ts';
import { upkeepWorkOrderRoutes } from './work-order.ts';

/** Maintenance reminders: upkeep plans and their work orders (docs/decisions/019-maintenance-records.md). */
export const upkeepRoutes: RouteDef[] = [...upkeepPlanRoutes, ...upkeepWorkOrderRoutes];

/** What the fleet survey (routes/screen-survey.ts) counts plans with: the list's own due rule and settling. */
export { dueState } from './due.ts';
export { dueSql } from './plans.ts';
export { settlePlans } from './settle.ts';
