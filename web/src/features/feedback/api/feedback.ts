import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { FEEDBACK_SUBMITTERS, feedbackEndpoints } from '@console/contract/http/feedback';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** Query keys of the area: the list is ListPage's (['feedback', 'list', ...]), one record ['feedback', 'detail', id]. */
export const feedbackKey = ['feedback'] as const;

export const feedbackQuery = (id: number) =>
  queryOptions({
    queryKey: ['feedback', 'detail', id],
    queryFn: ({ signal }) => callApi(feedbackEndpoints.detail, { query: { id } }, { signal }),
  });

type Body<K extends keyof typeof feedbackEndpoints> = z.output<(typeof feedbackEndpoints)[K]['body']>;
export const createFeedback = (body: Body<'create'>) => callApi(feedbackEndpoints.create, { body }, { silent: true });
export const ignoreFeedback = (id: number) => callApi(feedbackEndpoints.ignore, { body: { id } });
export const resolveFeedback = (body: Body<'resolve'>) =>
  callApi(feedbackEndpoints.resolve, { body }, { silent: true });
export const raiseFeedbackWorkOrder = (id: number) => callApi(feedbackEndpoints.raiseWorkOrder, { body: { id } });

export const useIsFeedbackSubmitter = () => (FEEDBACK_SUBMITTERS as readonly number[]).includes(useSession().roleId);
export const feedbackDetailUrl = (id: number) => `/warning/feedbackDetail?id=${id}`;
