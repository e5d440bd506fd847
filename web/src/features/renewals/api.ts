import { renewalEndpoints } from '@console/contract/http/renewals';
import { deviceEndpoints } from '@console/contract/http/devices';
import { simCardEndpoints } from '@console/contract/http/sim-cards';
import { readsOf } from '../../lib/endpoint-query.ts';

/** Everything a renewal changes: the area's lists, and the expiries the machine and SIM card lists show. */
export const RENEWAL_READS = [...readsOf(renewalEndpoints), ...readsOf(deviceEndpoints), simCardEndpoints.list];
