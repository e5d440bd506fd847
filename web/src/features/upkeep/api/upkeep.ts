import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { UPKEEP_WRITERS, upkeepEndpoints } from '@console/contract/http/upkeep';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** Query keys of the area: the list is ListPage's (['upkeep', 'list', ...]), the tab counts ['upkeep', 'counts']. */
export const upkeepKey = ['upkeep'] as const;

export const countsQuery = () =>
  queryOptions({
    queryKey: ['upkeep', 'counts'],
    queryFn: ({ signal }) => callApi(upkeepEndpoints.counts, {}, { signal, background: true }),
  });

type Body<K extends keyof typeof upkeepEndpoints> = z.output<(typeof upkeepEndpoints)[K]['body']>;
export const createPlans = (body: Body<'create'>) => callApi(upkeepEndpoints.create, { body }, { silent: true });
export const updatePlan = (body: Body<'update'>) => callApi(upkeepEndpoints.update, { body }, { silent: true });
export const deletePlans = (ids: number[]) => callApi(upkeepEndpoints.remove, { body: { ids } });
export const raisePlanWorkOrder = (id: number) => callApi(upkeepEndpoints.raiseWorkOrder, { body: { id } });

export const useIsUpkeepWriter = () => (UPKEEP_WRITERS as readonly number[]).includes(useSession().roleId);
