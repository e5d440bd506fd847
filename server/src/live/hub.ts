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

/** In-process fan-out of live events to the open SSE streams, filtered by organisation scope. */
export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  publish(event: LiveEvent, audience: Audience): void {
    for (const subscriber of this.subscribers) {
      const visible = subscriber.visible();
      if (audience.userIds && (subscriber.userId === undefined || !audience.userIds.includes(subscriber.userId)))
        continue;
      if (audience.orgIds.some((id) => id !== null && visible.has(id))) subscriber.send(event);
    }
  }
}
