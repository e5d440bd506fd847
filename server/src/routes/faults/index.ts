import type { RouteDef } from '../../lib/route.ts';
import { faultRecordRoutes } from './records.ts';
import { faultWorkOrderRoutes } from './work-order.ts';

/** Fault handling: fault records and the work orders raised from them (docs/decisions/019-maintenance-records.md). */
export const faultRoutes: RouteDef[] = [...faultRecordRoutes, ...faultWorkOrderRoutes];
