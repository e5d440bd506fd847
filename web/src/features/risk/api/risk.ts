import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@console/contract/http/live';
import { RISK_LOCKERS } from '@console/contract/access/risk';
import { invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { useLiveEvent } from '../../../lib/live-events.ts';
import { useHasRole } from '../../../lib/session.ts';
import { RISK_READS } from '../../../components/lock-task/lock-task-dialog.tsx';

/** May the signed-in user lock (create, cancel, change the lock day settings)? The server decides too. */
export const useIsLocker = () => useHasRole(RISK_LOCKERS);

/**
 * Tasks and records follow their commands live: a command event (the machine received, confirmed or refused a
 * lock, or it expired) refreshes what the area shows, in the background.
 */
export function useRiskLiveRefresh(): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'command') void invalidateEndpoints(queryClient, RISK_READS);
    },
    [queryClient],
  );
  useLiveEvent(onEvent);
}
