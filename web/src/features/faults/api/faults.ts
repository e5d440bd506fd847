import { FAULT_RAISERS, FAULT_WRITERS, faultEndpoints } from '@console/contract/http/faults';
import { readsOf } from '../../../lib/endpoint-query.ts';
import { useSession } from '../../../lib/session.ts';

/** Everything the area shows: a change of a fault record re-reads it. */
export const FAULT_READS = readsOf(faultEndpoints);

export const useIsFaultWriter = () => (FAULT_WRITERS as readonly number[]).includes(useSession().roleId);
export const useIsFaultRaiser = () => (FAULT_RAISERS as readonly number[]).includes(useSession().roleId);
