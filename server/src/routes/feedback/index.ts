import type { RouteDef } from '../../lib/route.ts';
import { feedbackRecordRoutes } from './records.ts';
import { feedbackWorkOrderRoutes } from './work-order.ts';

/** Customer feedback and the work orders it turns into (docs/decisions/019-maintenance-records.md). */
export const feedbackRoutes: RouteDef[] = [...feedbackRecordRoutes, ...feedbackWorkOrderRoutes];
