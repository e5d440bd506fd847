/**
 * The lease master data (docs/decisions/034-lease-parties.md): renters, stores and their machines, automatic
 * approval rules, e-signature templates, seals and the provider's authorisation. Reads go through the
 * organisation scope (a lessor sees its own, the operator's staff every lessor's); writes are the user's own
 * lessor's alone: anything else is "not found".
 */
import type { RouteDef } from '../../lib/route.ts';
import { esignRoutes } from './esign.ts';
import { renterRoutes } from './renters.ts';
import { ruleRoutes } from './rules.ts';
import { storeRoutes } from './stores.ts';

export const leasePartyRoutes: RouteDef[] = [...renterRoutes, ...storeRoutes, ...ruleRoutes, ...esignRoutes];

/** Who writes for which lessor: the sub-leasing area manages its sub-lessors by the same rule. */
export { isManager, ownLessor } from './shared.ts';
