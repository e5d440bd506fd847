/**
 * Sub-leasing (docs/decisions/042-sub-leasing.md): sub-lessors, managed as renters are, and the machines rented in
 * from them. Reads go through the organisation scope (a lessor its own, a sub-lessor its own sub-leases, the
 * operator's staff every lessor's); writes are the user's own lessor's alone.
 */
import type { RouteDef } from '../../lib/route.ts';
import { subleaseRoutes } from './subleases.ts';
import { sublessorRoutes } from './sublessors.ts';

export const leaseSubleaseRoutes: RouteDef[] = [...sublessorRoutes, ...subleaseRoutes];
