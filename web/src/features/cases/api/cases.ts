import { CASE_WRITERS, caseEndpoints } from '@console/contract/http/cases';
import { readsOf } from '../../../lib/endpoint-query.ts';
import { useSession } from '../../../lib/session.ts';

/** Everything the area shows (the library, one case, the cases matched to a work order): a change re-reads it. */
export const CASE_READS = readsOf(caseEndpoints);

/** May the signed-in user write cases? The server decides too (and which cases). */
export const useIsCaseWriter = () => (CASE_WRITERS as readonly number[]).includes(useSession().roleId);
