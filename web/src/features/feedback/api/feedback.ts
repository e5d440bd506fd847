import { FEEDBACK_SUBMITTERS, feedbackEndpoints } from '@console/contract/http/feedback';
import { readsOf } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';

/** Everything the area shows (the list, one feedback): a change of a feedback re-reads it. */
export const FEEDBACK_READS = readsOf(feedbackEndpoints);

export const useIsFeedbackSubmitter = () => useHasRole(FEEDBACK_SUBMITTERS);
