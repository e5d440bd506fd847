import { upkeepEndpoints } from '@console/contract/http/upkeep';
import { UPKEEP_WRITERS } from '@console/contract/access/upkeep';
import { readsOf } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';

/** Everything the area shows (the plans, the tab counts): a change of a plan re-reads it. */
export const UPKEEP_READS = readsOf(upkeepEndpoints);

export const useIsUpkeepWriter = () => useHasRole(UPKEEP_WRITERS);
