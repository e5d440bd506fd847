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
  return persistence;
}
