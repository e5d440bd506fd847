import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@console/contract/http/endpoint';
import type { LiveEvent } from '@console/contract/http/live';
import { invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { useLiveEvent, useLiveEventStream } from '../../../lib/live-events.ts';

/** After which live events a screen asks again, and how soon at most (ms): per event type, the others ignored. */
export type RefreshRule = Partial<Record<LiveEvent['type'], number>>;

/** An alarm shows within a second; machines' reports (thousands a minute in a large fleet) recount every 5 s. */
export const FLEET_REFRESH: RefreshRule = { alarm: 1000, device: 5000 };

/**
 * A big screen's live wiring: one event stream (the screen is outside the shell that opens it elsewhere), and its
 * figures asked for again when the stream says something changed, at most once per gap whatever the rate of
 * events. One timer at most is pending: nothing piles up however long the screen runs.
 */
export function useScreenRefresh(
  endpoints: readonly Endpoint[],
  rule: RefreshRule = FLEET_REFRESH,
  /** Also ask every this many ms, for figures whose changes the stream does not carry (the lease screen's money). */
  everyMs?: number,
): void {
  useLiveEventStream();
  const queryClient = useQueryClient();
  const last = useRef(0);
  const due = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reads = useRef(endpoints);
  const gaps = useRef(rule);
  useEffect(() => {
    reads.current = endpoints;
    gaps.current = rule;
  }, [endpoints, rule]);

  const request = useCallback(
    (gap: number) => {
      const at = Math.max(Date.now(), last.current + gap);
      if (due.current !== null && due.current <= at) return;
      if (timer.current) clearTimeout(timer.current);
      due.current = at;
      timer.current = setTimeout(() => {
        due.current = null;
        timer.current = null;
        last.current = Date.now();
        void invalidateEndpoints(queryClient, reads.current);
      }, at - Date.now());
    },
    [queryClient],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useEffect(() => {
    if (!everyMs) return;
    const clock = setInterval(() => request(0), everyMs);
    return () => clearInterval(clock);
  }, [everyMs, request]);

  useLiveEvent(
    useCallback(
      (event: LiveEvent) => {
        const gap = gaps.current[event.type];
        if (gap !== undefined) request(gap);
      },
      [request],
    ),
  );
}
