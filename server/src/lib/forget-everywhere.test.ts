import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { heldEverywhere } from './forget-everywhere.ts';

/**
 * Another thread of the process holding the same cache, as the ingest thread does: it loads this very module. Told
 * `hold`, it stops its event loop until the test lets it go, and then answers at once what it holds: whatever it
 * handles after a save must see the save, even before it turned its loop again.
 */
function otherThread() {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { heldEverywhere } = require('tsx/cjs/api').require(workerData.module, workerData.module);
     const cache = heldEverywhere('fences');
     const key = {};
     cache.read(key, () => 'read before');
     const gate = new Int32Array(workerData.gate);
     parentPort.on('message', (message) => {
       if (message === 'forget') {
         cache.forget();
         return parentPort.postMessage('forgot');
       }
       Atomics.store(gate, 0, 1);
       Atomics.wait(gate, 0, 1);
       parentPort.postMessage(cache.held(key) ?? 'read again');
     });
     parentPort.postMessage('ready');`,
    {
      eval: true,
      workerData: { module: fileURLToPath(import.meta.resolve('./forget-everywhere.ts')), gate: gate.buffer },
    },
  );
  const next = () => new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
  const release = () => {
    Atomics.store(gate, 0, 2);
    Atomics.notify(gate, 0);
  };
  return { worker, next, gate, release };
}

describe('a cache held on every thread', () => {
  it('is stale on another thread as soon as this one forgets it, before that thread hears of anything', async () => {
    const fences = heldEverywhere<object, string>('fences');
    const other = otherThread();
    expect(await other.next()).toBe('ready');
    const answer = other.next();
    other.worker.postMessage('hold');
    await expect.poll(() => Atomics.load(other.gate, 0)).toBe(1);
    fences.forget();
    other.release();
    expect(await answer).toBe('read again');
    await other.worker.terminate();
  });

  it('is stale here when another thread forgets it, and each cache only its own', async () => {
    const fences = heldEverywhere<object, string>('fences');
    const thresholds = heldEverywhere<object, string>('alarm-thresholds');
    const key = {};
    expect(fences.read(key, () => 'fences')).toBe('fences');
    thresholds.read(key, () => 'thresholds');
    const other = otherThread();
    expect(await other.next()).toBe('ready');
    const forgot = other.next();
    other.worker.postMessage('forget');
    expect(await forgot).toBe('forgot');
    expect(fences.held(key)).toBeUndefined();
    expect(thresholds.held(key)).toBe('thresholds');
    await other.worker.terminate();
  });

  it('does not keep as current what was read while a save forgot it', async () => {
    const fences = heldEverywhere<object, string>('fences');
    const key = {};
    fences.read(key, () => {
      fences.forget();
      return 'read while a save committed';
    });
    expect(fences.held(key)).toBeUndefined();
    expect(fences.read(key, () => 'read after')).toBe('read after');
    expect(fences.held(key)).toBe('read after');
  });
});
