import type { MessagePort } from 'node:worker_threads';
import type { Aedes, AedesPublishPacket } from 'aedes';
import Denque from 'denque';
import { SERVER_SUBSCRIPTION } from '@console/contract/mqtt/topics';
import type { Uplink, UplinkHandlers } from './uplink.ts';

/**
 * The embedded broker hands the machines' messages to ingest over a MessagePort instead of an MQTT connection
 * (decision 017, "The feed"): the same messages in the same order, without encoding each one again, writing it to
 * a socket, parsing it on the other side and acknowledging it back, which cost as much CPU per report as ingest's
 * own checks. Ingest reaches any other broker as an MQTT client (uplink.ts).
 */

/** What the broker's end posts: messages in one buffer (`sizes` its payloads' lengths), and publish outcomes. */
export type FeedToIngest =
  | { type: 'messages'; topics: string[]; sizes: number[]; bytes: ArrayBuffer }
  | { type: 'published'; id: number; error: string | null };

/** What ingest's end posts: how many messages it took, a command to publish, and that it goes. */
export type FeedToBroker =
  | { type: 'took'; count: number }
  | { type: 'publish'; id: number; topic: string; payload: string }
  | { type: 'detach' };

interface Waiting {
  topic: string;
  payload: Buffer;
  /** aedes' delivery callback: until it is called the broker reads nothing more from that machine. */
  delivered: () => void;
}

/**
 * The broker's end: every message on the server's subscription waits here until ingest says it took it; only
 * then is its delivery complete, so a slow ingest slows the machines down (each has a bounded window) instead of
 * queueing without bound. What an ingest that went away did not take goes to the next one attached.
 */
export function serveFeed(aedes: Aedes) {
  const waiting = new Denque<Waiting>();
  let port: MessagePort | null = null;
  /** Of `waiting`, how many were posted to the attached port. */
  let posted = 0;
  let scheduled = false;

  function post(): void {
    scheduled = false;
    if (!port || posted === waiting.length) return;
    const topics: string[] = [];
    const sizes: number[] = [];
    let length = 0;
    for (let i = posted; i < waiting.length; i++) length += waiting.peekAt(i)!.payload.length;
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (; posted < waiting.length; posted++) {
      const { topic, payload } = waiting.peekAt(posted)!;
      topics.push(topic);
      sizes.push(payload.length);
      bytes.set(payload, offset);
      offset += payload.length;
    }
    const message: FeedToIngest = { type: 'messages', topics, sizes, bytes: bytes.buffer };
    port.postMessage(message, [bytes.buffer]);
  }

  function schedule(): void {
    if (scheduled || !port) return;
    scheduled = true;
    // Everything delivered in this turn of the loop goes over in one message.
    setImmediate(post);
  }

  function onMessage(from: MessagePort, message: FeedToBroker): void {
    // An ingest that has gone: what it did not take was posted again to the next one.
    if (from !== port) return;
    switch (message.type) {
      case 'took':
        for (let i = 0; i < message.count; i++) waiting.shift()!.delivered();
        posted -= message.count;
        return;
      case 'publish': {
        const packet: Parameters<Aedes['publish']>[0] = {
          cmd: 'publish',
          topic: message.topic,
          payload: Buffer.from(message.payload),
          qos: 1,
          retain: false,
          dup: false,
        };
        const reply = (error?: Error | null) => {
          const outcome: FeedToIngest = { type: 'published', id: message.id, error: error?.message ?? null };
          from.postMessage(outcome);
        };
        aedes.publish(packet, reply);
        return;
      }
      case 'detach':
        detach();
    }
  }

  let subscribed = false;
  /** The next ingest, while the one before has not yet said it goes (what it took must be counted first). */
  let successor: MessagePort | null = null;

  function use(next: MessagePort): void {
    port = next;
    posted = 0;
    next.on('message', (message: FeedToBroker) => onMessage(next, message));
    schedule();
  }

  function detach(): void {
    port?.close();
    port = null;
    posted = 0;
    const next = successor;
    successor = null;
    if (next) use(next);
  }

  return {
    /** Hand messages to ingest at the other end of `next` (from now on, and what waits now). */
    attach(next: MessagePort): void {
      // From the first ingest on, the server's messages wait here for the next one; a broker whose server
      // connects as an MQTT client never subscribes here.
      if (!subscribed) {
        subscribed = true;
        aedes.subscribe(
          SERVER_SUBSCRIPTION,
          (packet: AedesPublishPacket, delivered: () => void) => {
            waiting.push({ topic: packet.topic, payload: packet.payload as Buffer, delivered });
            schedule();
          },
          () => undefined,
        );
      }
      if (port) successor = next;
      else use(next);
    },
    close(): void {
      successor?.close();
      successor = null;
      detach();
    },
  };
}
export type BrokerFeed = ReturnType<typeof serveFeed>;

/**
 * Ingest's end: takes the messages one after another as ingest admits them (uplink.ts) and tells the broker what
 * it took, so the broker completes those deliveries. Open from the start: the broker waits for it.
 */
export function feedUplink(port: MessagePort, handlers: UplinkHandlers): Uplink {
  const arrived = new Denque<[topic: string, payload: Buffer]>();
  let took = 0;
  /** Waiting for ingest to admit the next message. */
  let held = false;
  let ended = false;
  let nextPublish = 0;
  const publishing = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const tell = (message: FeedToBroker) => port.postMessage(message);

  function take(): void {
    while (!held && !ended && arrived.length > 0) {
      const [topic, payload] = arrived.shift()!;
      handlers.message(topic, payload);
      took++;
      held = true;
      let sync = true;
      handlers.admit(() => {
        held = false;
        if (!sync) take();
      });
      sync = false;
    }
    if (took > 0) {
      tell({ type: 'took', count: took });
      took = 0;
    }
  }

  port.on('message', (message: FeedToIngest) => {
    if (ended) return;
    if (message.type === 'published') {
      const waiting = publishing.get(message.id);
      publishing.delete(message.id);
      if (message.error === null) waiting?.resolve();
      else waiting?.reject(new Error(message.error));
      return;
    }
    const bytes = Buffer.from(message.bytes);
    let offset = 0;
    message.topics.forEach((topic, i) => {
      const size = message.sizes[i]!;
      arrived.push([topic, bytes.subarray(offset, offset + size)]);
      offset += size;
    });
    take();
  });
  queueMicrotask(() => handlers.opened());

  return {
    connected: () => !ended,
    publish: (topic, payload) =>
      ended
        ? Promise.reject(new Error('ingest has stopped'))
        : new Promise<void>((resolve, reject) => {
            const id = nextPublish++;
            publishing.set(id, { resolve, reject });
            tell({ type: 'publish', id, topic, payload });
          }),
    async end() {
      if (ended) return;
      ended = true;
      // What arrived and was not taken goes back: the broker hands it to the next ingest attached. The broker
      // closes the port once it has this, after everything posted before it (what was taken).
      tell({ type: 'detach' });
      for (const { reject } of publishing.values()) reject(new Error('ingest has stopped'));
      publishing.clear();
    },
  };
}
