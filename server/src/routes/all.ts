import type { Endpoint } from '@console/contract/http/endpoint';
import { liveEndpoints } from '@console/contract/http/live';
import type { RouteDef } from '../lib/route.ts';
import { authRoutes } from './auth.ts';
import { brandRoutes } from './brand.ts';
import { commandRoutes } from './commands.ts';
import { deviceModelRoutes } from './device-models.ts';
import { deviceRoutes } from './devices.ts';
import { dashboardRoutes } from './dashboard.ts';
import { employeeRoutes } from './employees.ts';
import { fleetManifestRoutes } from './fleet-manifest.ts';
import { ingestRoutes } from './ingest.ts';
import { settingsRoutes } from './settings.ts';
import { simCardRoutes } from './sim-cards.ts';
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
  ...deviceRoutes,
  ...deviceModelRoutes,
  ...simCardRoutes,
  ...dashboardRoutes,
  ...fleetManifestRoutes,
  ...commandRoutes,
  ...ingestRoutes,
];

/** Endpoints that answer a stream rather than an envelope, served outside route() (server/src/live). */
export const streamEndpoints: Endpoint[] = [liveEndpoints.events];
