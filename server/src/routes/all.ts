import type { RouteDef } from '../lib/route.ts';
import { authRoutes } from './auth.ts';
import { warningRoutes } from './warning.ts';

/** Every area's routes. An area adds its module here; OpenAPI and the fuzz tests read this list. */
export const allRoutes: RouteDef[] = [...authRoutes, ...warningRoutes];
