import { faultEndpoints } from '@console/contract/http/faults';
import { FAULT_RAISERS, FAULT_WRITERS } from '@console/contract/access/faults';
import { readsOf } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';

/** Everything the area shows: a change of a fault record re-reads it. */
export const FAULT_READS = readsOf(faultEndpoints);

export const useIsFaultWriter = () => useHasRole(FAULT_WRITERS);
export const useIsFaultRaiser = () => useHasRole(FAULT_RAISERS);
