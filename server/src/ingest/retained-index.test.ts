import { describe, expect, it } from 'vitest';
import type { Packet } from 'aedes-persistence';
import { indexedMemoryPersistence } from './retained-index.ts';

const retained = (topic: string, payload: string) =>
  ({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: true }) as unknown as Packet;

async function read(persistence: ReturnType<typeof indexedMemoryPersistence>, patterns: string[]) {
  const found: string[] = [];
  for await (const packet of persistence.createRetainedStreamCombi(patterns)) {
    const { topic, payload } = packet as { topic: string; payload: Buffer };
    found.push(`${topic}=${String(payload)}`);
  }
  return found.sort();
}

describe('retained messages indexed by topic', () => {
  it('answers an exact filter by lookup and a wildcard filter by scan, with the latest message of each topic', async () => {
    const persistence = indexedMemoryPersistence();
    // As aedes calls it: without a callback, answering a promise.
    const store = (p: Packet) =>
      (persistence.storeRetained as unknown as (packet: Packet) => Promise<void>).call(persistence, p);
    await store(retained('dev/A0001/up/status', '{"online":true}'));
    await store(retained('dev/B0001/up/status', '{"online":true}'));
    await store(retained('dev/A0001/up/status', '{"online":false}'));

    expect(await read(persistence, ['dev/A0001/up/status'])).toEqual(['dev/A0001/up/status={"online":false}']);
    expect(await read(persistence, ['dev/A0001/down/command'])).toEqual([]);
    expect(await read(persistence, ['dev/+/up/#'])).toEqual([
      'dev/A0001/up/status={"online":false}',
      'dev/B0001/up/status={"online":true}',
    ]);

    // An empty retained message clears the topic for both ways of asking.
    await store(retained('dev/A0001/up/status', ''));
    expect(await read(persistence, ['dev/A0001/up/status'])).toEqual([]);
    expect(await read(persistence, ['dev/+/up/status'])).toEqual(['dev/B0001/up/status={"online":true}']);
  });
});
