import type { RouteDef } from '../../lib/route.ts';
import { bindingRoutes } from './bindings.ts';
import { bindRequestRoutes } from './requests.ts';
import { verificationRoutes } from './verifications.ts';

/** For the settings area: a rental company's enterprise verification joins the review queue. */
export { queueEnterpriseVerification } from './verifications.ts';

/** Binding requests and verification review (docs/decisions/047-bindings-and-verification.md). */
export const approvalRoutes: RouteDef[] = [...bindingRoutes, ...bindRequestRoutes, ...verificationRoutes];
