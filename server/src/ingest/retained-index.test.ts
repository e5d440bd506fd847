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

describe('messages waiting for a client’s acknowledgement', () => {
  type Async = (...args: unknown[]) => Promise<unknown>;
  const call = (persistence: ReturnType<typeof indexedMemoryPersistence>, method: string, ...args: unknown[]) =>
    (persistence as unknown as Record<string, Async>)[method]!(...args);
  const packet = (brokerCounter: number, messageId?: number) => ({
    cmd: 'publish',
    brokerId: 'broker',
    brokerCounter,
    topic: `dev/A000${brokerCounter}/up/telemetry`,
    payload: Buffer.from('{}'),
    qos: 1,
    retain: false,
    messageId,
  });

  it('numbers, clears and replays them in order of arrival, each by one lookup', async () => {
    const persistence = indexedMemoryPersistence();
    const client = { id: 'console-server' };
    await call(persistence, 'outgoingEnqueue', { clientId: client.id }, packet(1));
    await call(persistence, 'outgoingEnqueueCombi', [{ clientId: client.id }, { clientId: 'other' }], packet(2));
    await call(persistence, 'outgoingEnqueue', { clientId: client.id }, packet(3));
    await call(persistence, 'outgoingUpdate', client, packet(2, 7));
    await call(persistence, 'outgoingUpdate', client, packet(1, 8));

    const cleared = (await call(persistence, 'outgoingClearMessageId', client, { messageId: 7 })) as {
      brokerCounter: number;
    };
    expect(cleared.brokerCounter).toBe(2);
    expect(await call(persistence, 'outgoingClearMessageId', client, { messageId: 99 })).toBeUndefined();
    await expect(call(persistence, 'outgoingUpdate', client, packet(9, 12))).rejects.toThrow('no such packet');

    const waiting: number[] = [];
    for await (const p of persistence.outgoingStream(client as never)) waiting.push(p.brokerCounter as number);
    expect(waiting).toEqual([1, 3]);
    const theirs: number[] = [];
    for await (const p of persistence.outgoingStream({ id: 'other' } as never)) theirs.push(p.brokerCounter as number);
    expect(theirs).toEqual([2]);
  });
});
