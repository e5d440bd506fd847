import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@console/contract/http/live';
import { useLiveEvent } from '../../../lib/live-events.ts';
import { detailKeys } from './device-detail.ts';

/**
 * Keeps the page current from the live events (Server-Sent Events): a report, a change of connection or lock of
 * this machine re-reads its state; a command's move re-reads the commands and the state it may have changed.
 */
export function useLiveDetail(deviceId: number): void {
  const queryClient = useQueryClient();
  useLiveEvent(
    useCallback(
      (event: LiveEvent) => {
        if (event.deviceId !== deviceId) return;
        if (event.type === 'command') void queryClient.invalidateQueries({ queryKey: detailKeys.commands(deviceId) });
        void queryClient.invalidateQueries({ queryKey: detailKeys.detail(deviceId) });
      },
      [deviceId, queryClient],
    ),
  );
}
