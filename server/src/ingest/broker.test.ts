import Denque from 'denque';
import { describe, expect, it } from 'vitest';
import { deliveryEmitter } from './broker.ts';

describe('the broker’s delivery emitter', () => {
  it('holds what is beyond its concurrency in a deque and delivers all of it, in order', async () => {
    const mq = deliveryEmitter(2);
    const internals = mq as unknown as { _messageQueue: unknown; length: number };
    expect(internals._messageQueue).toBeInstanceOf(Denque);

    const seen: number[] = [];
    const inFlight: (() => void)[] = [];
    await new Promise<void>((resolve) =>
      mq.on('dev/+/up/#', (m, done) => (seen.push(m.n), inFlight.push(done)), resolve),
    );
    for (let n = 0; n < 1000; n++) mq.emit({ topic: 'dev/AWP000001/up/telemetry', n });
    // Two are being delivered; the rest wait.
    expect(seen).toEqual([0, 1]);
    expect(internals.length).toBe(998);

    while (inFlight.length > 0) inFlight.shift()!();
    expect(seen).toEqual([...Array(1000).keys()]);
    expect(internals.length).toBe(0);
  });
});
