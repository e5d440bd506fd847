import { useCallback } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@console/contract/http/live';
import { RISK_LOCKERS, riskEndpoints } from '@console/contract/http/risk';
import { callApi } from '../../../lib/api-client.ts';
import { useLiveEvent } from '../../../lib/live-events.ts';
import { useSession } from '../../../lib/session.ts';

/** Query keys of the area: [area, resource, params]. The lists are ListPage's (area 'risk'). */
export const riskKey = ['risk'] as const;

export const taskQuery = (id: number) =>
  queryOptions({
    queryKey: ['risk', 'task', id],
    queryFn: ({ signal }) => callApi(riskEndpoints.taskDetail, { query: { id } }, { signal }),
  });

/** May the signed-in user lock (create, cancel, change the lock day settings)? The server decides too. */
export const useIsLocker = () => (RISK_LOCKERS as readonly number[]).includes(useSession().roleId);

/**
 * Tasks and records follow their commands live: a command event (the machine received, confirmed or refused a
 * lock, or it expired) refreshes what the area shows, in the background.
 */
export function useRiskLiveRefresh(): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'command') void queryClient.invalidateQueries({ queryKey: riskKey });
    },
    [queryClient],
  );
  useLiveEvent(onEvent);
}
