import { Readable } from 'node:stream';
import memoryPersistence, { type AedesMemoryPersistence, type Packet } from 'aedes-persistence';

/** What a retained message is: a PUBLISH. */
type Retained = Extract<Packet, { cmd: 'publish' }>;

const isPattern = (topic: string) => topic.includes('+') || topic.includes('#');

/**
 * aedes' in-memory persistence, with the retained messages also indexed by topic. The stock one answers every
 * SUBSCRIBE by testing the filter against every retained topic, and every machine keeps a retained status: each
 * machine that subscribes to its command topic scans the whole fleet's statuses, so N machines connecting at
 * once (a start, a broker restart) cost N² tests and connections time out beyond a few thousand machines. A
 * filter without wildcards (what machines subscribe) is now one lookup; a wildcard filter (the server's
 * `dev/+/up/#`) is answered as before.
 */
export function indexedMemoryPersistence(): AedesMemoryPersistence {
  const persistence = memoryPersistence();
  const byTopic = new Map<string, Retained>();
  const store = persistence.storeRetained.bind(persistence);
  const scan = persistence.createRetainedStreamCombi.bind(persistence);
  persistence.storeRetained = ((packet: Retained, ...rest: unknown[]) => {
    // An empty retained message clears the topic (MQTT 3.3.1.3); the stored copy is the persistence's own.
    if (packet.payload.length === 0) byTopic.delete(packet.topic);
    else byTopic.set(packet.topic, { ...packet });
    return (store as (...args: unknown[]) => unknown)(packet, ...rest);
  }) as typeof persistence.storeRetained;
  persistence.createRetainedStreamCombi = (patterns) => {
    if (patterns.some(isPattern)) return scan(patterns);
    return Readable.from(patterns.flatMap((topic) => byTopic.get(topic) ?? []));
  };
  indexOutgoing(persistence);
  return persistence;
}

/** A QoS 1 message waiting for a client's acknowledgement, as aedes hands it over. */
interface OutgoingPacket {
  brokerId: string;
  brokerCounter: number;
  messageId?: number;
}

/**
 * The messages a client with a persistent session has not acknowledged, indexed. The stock persistence keeps
 * them in an array and finds the one an acknowledgement clears (and the one a delivery numbers) by scanning it
 * from the front, past every message that was never numbered (retained statuses are delivered without being):
 * with every report QoS 1 to the server's session (decision 007), that scan took a quarter of the broker's
 * thread. Here each client's messages are a map in order of arrival, keyed by the broker's counter, with the
 * message ids beside them: each call is one lookup. The methods and their answers are the stock ones'.
 */
function indexOutgoing(persistence: AedesMemoryPersistence): void {
  type Queue = { byKey: Map<string, OutgoingPacket>; byMessageId: Map<number, string> };
  const queues = new Map<string, Queue>();
  const queueOf = (clientId: string): Queue => {
    let queue = queues.get(clientId);
    if (!queue) queues.set(clientId, (queue = { byKey: new Map(), byMessageId: new Map() }));
    return queue;
  };
  const keyOf = (packet: OutgoingPacket) => `${packet.brokerId}:${packet.brokerCounter}`;
  const enqueue = (clientId: string, packet: OutgoingPacket) => {
    const queue = queueOf(clientId);
    const key = keyOf(packet);
    queue.byKey.set(key, { ...packet });
    // As the stock scan would find it: the oldest message with that id.
    if (packet.messageId !== undefined && !queue.byMessageId.has(packet.messageId)) {
      queue.byMessageId.set(packet.messageId, key);
    }
  };
  const methods = {
    async outgoingEnqueue(sub: { clientId: string }, packet: OutgoingPacket) {
      enqueue(sub.clientId, packet);
    },
    async outgoingEnqueueCombi(subs: { clientId: string }[], packet: OutgoingPacket) {
      for (const sub of subs) enqueue(sub.clientId, packet);
    },
    async outgoingUpdate(client: { id: string }, packet: OutgoingPacket) {
      const queue = queueOf(client.id);
      const key = keyOf(packet);
      const stored = queue.byKey.get(key);
      if (stored) {
        stored.messageId = packet.messageId;
        if (packet.messageId !== undefined) queue.byMessageId.set(packet.messageId, key);
        return;
      }
      const same = packet.messageId === undefined ? undefined : queue.byMessageId.get(packet.messageId);
      if (same === undefined) throw new Error('no such packet');
      queue.byKey.set(same, packet);
    },
    async outgoingClearMessageId(client: { id: string }, packet: OutgoingPacket) {
      const queue = queueOf(client.id);
      const key = packet.messageId === undefined ? undefined : queue.byMessageId.get(packet.messageId);
      if (key === undefined) return undefined;
      queue.byMessageId.delete(packet.messageId!);
      const found = queue.byKey.get(key);
      queue.byKey.delete(key);
      return found;
    },
    outgoingStream(client: { id: string }) {
      return Readable.from([...(queues.get(client.id)?.byKey.values() ?? [])]);
    },
  };
  Object.assign(persistence, methods);
}
