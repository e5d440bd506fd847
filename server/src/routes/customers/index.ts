/**
 * Customers and distributors (issue 15, docs/decisions/043-people.md): reads through the organisation scope and a
 * customer's owning distributor; writes by the operator's staff, and by a rental company for its own customers.
 */
import type { RouteDef } from '../../lib/route.ts';
import { customerRoutes } from './customers.ts';
import { distributorRoutes } from './distributors.ts';

export const customerAreaRoutes: RouteDef[] = [...customerRoutes, ...distributorRoutes];

/** The fields every organisation row shows (the rental companies' list shows them too). */
export { organisationFields } from './shared.ts';
