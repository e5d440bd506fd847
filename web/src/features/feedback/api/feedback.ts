import { feedbackEndpoints } from '@console/contract/http/feedback';
import { FEEDBACK_SUBMITTERS } from '@console/contract/access/feedback';
import { readsOf } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';

/** Everything the area shows (the list, one feedback): a change of a feedback re-reads it. */
export const FEEDBACK_READS = readsOf(feedbackEndpoints);

export const useIsFeedbackSubmitter = () => useHasRole(FEEDBACK_SUBMITTERS);
