import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import type { Endpoint } from '@console/contract/http/endpoint';
import type { LiveEvent } from '@console/contract/http/live';
import { invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { useLiveEvent } from '../../../lib/live-events.ts';

/** After an alarm opens or ends, the alarm list and the figures follow this soon ... */
const ALARM_REFRESH_MS = 1000;
/** ... and after machines report, the figures follow at most this often (a fleet reports all the time). */
const DEVICE_REFRESH_MS = 10000;

/**
 * Keeps the home's figures and alarm list current from the live events, batched: the map moves its markers
 * itself; the counts are re-read from the server, which alone knows the whole scope.
 */
export function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);

  const refreshSoon = useCallback(
    (name: string, delay: number, reads: readonly Endpoint[]) => {
      if (timers.current.has(name)) return;
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          void invalidateEndpoints(queryClient, reads);
        }, delay),
      );
    },
    [queryClient],
  );

  useLiveEvent(
    useCallback(
      (event: LiveEvent) => {
        if (event.type === 'alarm')
          refreshSoon('alarm', ALARM_REFRESH_MS, [dashboardEndpoints.alarms, dashboardEndpoints.figures]);
        if (event.type === 'device') refreshSoon('device', DEVICE_REFRESH_MS, [dashboardEndpoints.figures]);
      },
      [refreshSoon],
    ),
  );
}
