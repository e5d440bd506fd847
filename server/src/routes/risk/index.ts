import type { RouteDef } from '../../lib/route.ts';
import { lockDayRoutes } from './lock-days.ts';
import { riskRecordRoutes } from './records.ts';
import { riskTaskRoutes } from './tasks.ts';

/** Risk control: lock tasks, risk records and lock day settings (docs/decisions/013-risk-control.md). */
export const riskRoutes: RouteDef[] = [...riskTaskRoutes, ...riskRecordRoutes, ...lockDayRoutes];
