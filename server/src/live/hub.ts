import type { LiveEvent } from '@console/contract/http/live';

/**
 * Who may see an event: the organisations of the machine it concerns (owner, customer, distributor), and with
 * `userIds` only those users of them (a work order's technician).
 */
export interface Audience {
  orgIds: readonly (number | null)[];
  userIds?: readonly number[];
}

interface Subscriber {
  /** The signed-in user of the stream. */
  userId?: number;
  /** The organisations the subscriber may see, refreshed by the stream now and then. */
  visible: () => ReadonlySet<number>;
  send: (event: LiveEvent) => void;
}

/** A listener of the server itself: every event of every organisation, with whom it is addressed to. */
export type Listener = (event: LiveEvent, audience: Audience) => void;

/**
 * In-process fan-out of live events to the open SSE streams, filtered by organisation scope, and to the server's own
 * listeners (the notifier), which hear every organisation's.
 */
export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly listeners = new Set<Listener>();

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * Hear every event of every organisation, also those addressed to some users only (a work order's technician),
   * with its audience. Not a stream's: a stream subscribes with its own scope.
   */
  listenAll(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The open streams (the server's own listeners are not counted). */
  get size(): number {
    return this.subscribers.size;
  }

  publish(event: LiveEvent, audience: Audience): void {
    for (const listener of this.listeners) listener(event, audience);
    for (const subscriber of this.subscribers) {
      const visible = subscriber.visible();
      if (audience.userIds && (subscriber.userId === undefined || !audience.userIds.includes(subscriber.userId)))
        continue;
      if (audience.orgIds.some((id) => id !== null && visible.has(id))) subscriber.send(event);
    }
  }
}
