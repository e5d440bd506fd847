import type { RouteDef } from '../lib/route.ts';
import { authRoutes } from './auth.ts';
import { brandRoutes } from './brand.ts';
import { employeeRoutes } from './employees.ts';
import { settingsRoutes } from './settings.ts';
import { uploadRoutes } from './uploads.ts';
import { warningRoutes } from './warning.ts';

/** Every area's routes. An area adds its module here; OpenAPI and the fuzz tests read this list. */
export const allRoutes: RouteDef[] = [
  ...authRoutes,
  ...brandRoutes,
  ...warningRoutes,
  ...settingsRoutes,
  ...employeeRoutes,
  ...uploadRoutes,
];
