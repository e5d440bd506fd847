import { MessageChannel } from 'node:worker_threads';
import { Aedes, type AedesPublishPacket } from 'aedes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topics } from '@console/contract/mqtt/topics';
import { feedUplink, serveFeed, type BrokerFeed } from './broker-feed.ts';
import type { UplinkHandlers } from './uplink.ts';

const SN = 'AWP000001';

/** An ingest end that takes `room` messages, then holds the next one until `release()`. */
function ingestEnd(feed: BrokerFeed, room: number) {
  const channel = new MessageChannel();
  feed.attach(channel.port1);
  const received: string[] = [];
  let held: (() => void) | null = null;
  const handlers: UplinkHandlers = {
    message: (_topic, payload) => void received.push(payload.toString()),
    admit: (next) => (received.length < room ? next() : (held = next)),
    opened: () => undefined,
    closed: () => undefined,
    error: () => undefined,
    refused: () => undefined,
  };
  const uplink = feedUplink(channel.port2, handlers);
  return {
    received,
    uplink,
    release(more: number) {
      room += more;
      const next = held;
      held = null;
      next?.();
    },
  };
}

/** Until nothing more happens between the threads' ports (a few turns of the loop). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the embedded broker’s feed to ingest', () => {
  let aedes: Aedes;
  let feed: BrokerFeed;
  /** Which of the machine's messages the broker has finished delivering (it then reads the machine's next). */
  let delivered: string[];
  const publish = (text: string) =>
    aedes.publish(
      { cmd: 'publish', topic: topics.telemetry(SN), payload: Buffer.from(text), qos: 1, retain: false, dup: false },
      () => delivered.push(text),
    );

  beforeEach(async () => {
    aedes = await Aedes.createBroker();
    feed = serveFeed(aedes);
    delivered = [];
  });
  afterEach(() => {
    feed.close();
    aedes.close();
  });

  it('hands over messages in order, and completes a delivery only once ingest took the message', async () => {
    const ingest = ingestEnd(feed, 3);
    for (const text of ['a', 'b', 'c', 'd', 'e']) publish(text);
    await settle();
    expect(ingest.received).toEqual(['a', 'b', 'c']);
    expect(delivered).toEqual(['a', 'b', 'c']);

    ingest.release(2);
    await settle();
    expect(ingest.received).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(delivered).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('gives what a stopped ingest did not take to the next one, each message once', async () => {
    const first = ingestEnd(feed, 2);
    for (const text of ['a', 'b', 'c', 'd', 'e']) publish(text);
    await settle();
    expect(first.received).toEqual(['a', 'b']);
    await first.uplink.end();
    const second = ingestEnd(feed, 10);
    await settle();
    expect(second.received).toEqual(['c', 'd', 'e']);
    expect(delivered).toEqual(['a', 'b', 'c', 'd', 'e']);
    // The first one takes nothing more, even when it would have room.
    first.release(10);
    publish('f');
    await settle();
    expect(first.received).toEqual(['a', 'b']);
    expect(second.received).toEqual(['c', 'd', 'e', 'f']);
  });

  it('publishes ingest’s commands to the machine’s topic, QoS 1', async () => {
    const ingest = ingestEnd(feed, 10);
    const heard = new Promise<AedesPublishPacket>((resolve) =>
      aedes.subscribe(
        topics.command(SN),
        (packet, done) => (resolve(packet), done()),
        () => undefined,
      ),
    );
    await ingest.uplink.publish(topics.command(SN), '{"type":"lock"}');
    const packet = await heard;
    expect(packet.payload.toString()).toBe('{"type":"lock"}');
    expect(packet.qos).toBe(1);
    await ingest.uplink.end();
    await expect(ingest.uplink.publish(topics.command(SN), '{}')).rejects.toThrow('ingest has stopped');
  });
});
