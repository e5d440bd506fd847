import { qualityEndpoints } from '@console/contract/http/quality';
import { PLAN_EDITORS, INSPECTORS } from '@console/contract/access/quality';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useHasRole } from '../../lib/session.ts';

/** Everything the quality pages show: a move on an inspection re-reads it. */
export const QUALITY_READS = readsOf(qualityEndpoints);

export const useIsInspector = () => useHasRole(INSPECTORS);
export const useIsPlanEditor = () => useHasRole(PLAN_EDITORS);
