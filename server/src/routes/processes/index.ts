import type { RouteDef } from '../../lib/route.ts';
import { modelRoutes } from './models.ts';
import { runRoutes } from './run.ts';

/** Process management (docs/decisions/054-process-management.md): design and deployment, then the processes run. */
export const processRoutes: RouteDef[] = [...modelRoutes, ...runRoutes];
