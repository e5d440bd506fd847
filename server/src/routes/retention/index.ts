import { retentionEndpoints } from '@console/contract/http/retention';
import { forbidden } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { retentionView, setServerWideRetention } from '../../retention/settings-view.ts';

/**
 * The system settings' telemetry retention (docs/decisions/075-telemetry-retention.md): it spans every organisation's
 * machines, so only the operator's own administrator reads and changes it.
 */
export const retentionRoutes: RouteDef[] = [
  route(retentionEndpoints.get, async ({ user, data, timeZone }) => {
    if (user.orgKind !== 'operator') throw forbidden();
    return retentionView(data.unscoped('platform'), timeZone);
  }),
  route(retentionEndpoints.update, async ({ user, body, data, deps, timeZone }) => {
    if (user.orgKind !== 'operator') throw forbidden();
    await data.write((tx) => setServerWideRetention(tx.unscoped('platform'), body, deps.now()));
    return retentionView(data.unscoped('platform'), timeZone);
  }),
];
