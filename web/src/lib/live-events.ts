import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveEndpoints, LIVE_EVENT_TYPES, type LiveEvent } from '@console/contract/http/live';
import { endpointKey, invalidateEndpoints } from './endpoint-query.ts';
import { getSession, useSession } from './session.ts';
import { ALARM_READS } from './shared-queries.ts';

type Listener = (event: LiveEvent) => void;

/** Alarm queries refresh at most this often when alarms come in a burst. */
const ALARM_REFRESH_MS = 1000;
const listeners = new Set<Listener>();

/** React to live events in a component (e.g. move a marker); the listener is removed on unmount. */
export function useLiveEvent(listener: Listener): void {
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listener]);
}

/**
 * Keeps one Server-Sent Events stream open while signed in. Alarm events refresh the alarm queries (the bell,
 * the alarm centre); every event also reaches the useLiveEvent listeners. EventSource reconnects by itself.
 */
export function useLiveEventStream(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    const source = new EventSource(`/api${liveEndpoints.events.path}?token=${encodeURIComponent(getSession().token)}`);
    // A large fleet may raise several alarms a second: the first refreshes at once, the rest at most once a second.
    let timer: ReturnType<typeof setTimeout> | null = null;
    let missed = false;
    const refreshAlarms = () => {
      if (timer) {
        missed = true;
        return;
      }
      void invalidateEndpoints(queryClient, ALARM_READS);
      timer = setTimeout(() => {
        timer = null;
        if (missed) {
          missed = false;
          refreshAlarms();
        }
      }, ALARM_REFRESH_MS);
    };
    const onEvent = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as LiveEvent;
      if (event.type === 'alarm') refreshAlarms();
      listeners.forEach((listener) => listener(event));
    };
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, onEvent);
    // An alarm raised before the stream opened (the page's alarms were read just before it, or it was reconnecting)
    // reached no one: the alarm reads are brought up to date as it opens. A read still on its way is not asked again.
    source.onopen = () => {
      for (const endpoint of ALARM_READS)
        void queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }, { cancelRefetch: false });
    };
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [token, queryClient]);
}
