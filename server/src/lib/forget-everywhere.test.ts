import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { forgetEverywhere } from './forget-everywhere.ts';

/** A thread that, like the ingest thread, listens on a cache's channel and also tells it to forget. */
function otherThread(name: string) {
  const worker = new Worker(
    `const { BroadcastChannel, parentPort } = require('node:worker_threads');
     const channel = new BroadcastChannel('console-forget:${name}');
     channel.onmessage = () => parentPort.postMessage('forgot');
     parentPort.on('message', () => channel.postMessage('forget'));
     parentPort.postMessage('listening');`,
    { eval: true },
  );
  const next = () => new Promise((resolve) => worker.once('message', resolve));
  return { worker, next };
}

describe('forgetting a cache on every thread', () => {
  it('forgets here at once and tells the other threads', async () => {
    let forgotten = 0;
    const forget = forgetEverywhere('test-a', () => forgotten++);
    const other = otherThread('test-a');
    expect(await other.next()).toBe('listening');
    const heard = other.next();
    forget();
    expect(forgotten).toBe(1);
    expect(await heard).toBe('forgot');
    await other.worker.terminate();
  });

  it('forgets here when another thread says so', async () => {
    let forgotten = 0;
    forgetEverywhere('test-b', () => forgotten++);
    const other = otherThread('test-b');
    expect(await other.next()).toBe('listening');
    other.worker.postMessage('go');
    await expect.poll(() => forgotten).toBe(1);
    await other.worker.terminate();
  });
});
