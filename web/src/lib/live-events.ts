import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveEndpoints, LIVE_EVENT_TYPES, type LiveEvent } from '@console/contract/http/live';
import { getSession, useSession } from './session.ts';

type Listener = (event: LiveEvent) => void;
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
    const onEvent = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as LiveEvent;
      if (event.type === 'alarm') void queryClient.invalidateQueries({ queryKey: ['warning'] });
      listeners.forEach((listener) => listener(event));
    };
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, onEvent);
    return () => source.close();
  }, [token, queryClient]);
}
