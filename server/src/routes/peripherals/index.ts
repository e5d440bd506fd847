import type { RouteDef } from '../../lib/route.ts';
import { accessoryRoutes } from './accessories.ts';
import { controllerRoutes } from './controllers.ts';
import { gpsGatewayRoutes } from './gps-gateways.ts';
import { virtualHostRoutes } from './virtual-hosts.ts';

/** The peripheral registries beside the machines: virtual hosts, controllers, GPS gateways, accessories. */
export const peripheralRoutes: RouteDef[] = [
  ...virtualHostRoutes,
  ...controllerRoutes,
  ...gpsGatewayRoutes,
  ...accessoryRoutes,
];
