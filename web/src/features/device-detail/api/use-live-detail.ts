import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { commandEndpoints } from '@console/contract/http/commands';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import type { LiveEvent } from '@console/contract/http/live';
import { endpointKey } from '../../../lib/endpoint-query.ts';
import { useLiveEvent } from '../../../lib/live-events.ts';

/**
 * Keeps the page current from the live events (Server-Sent Events): a report, a change of connection or lock of
 * this machine re-reads its state; a command's move re-reads the commands and the state it may have changed.
 */
export function useLiveDetail(deviceId: number): void {
  const queryClient = useQueryClient();
  useLiveEvent(
    useCallback(
      (event: LiveEvent) => {
        if (!('deviceId' in event) || event.deviceId !== deviceId) return;
        if (event.type === 'command')
          void queryClient.invalidateQueries({ queryKey: endpointKey(commandEndpoints.list, { deviceId }) });
        void queryClient.invalidateQueries({ queryKey: endpointKey(deviceDetailEndpoints.detail, { id: deviceId }) });
      },
      [deviceId, queryClient],
    ),
  );
}
