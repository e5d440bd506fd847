import { BroadcastChannel } from 'node:worker_threads';

/**
 * A cache that ingest reads with every message (alarm rules, fences) is held by each thread that runs ingest,
 * while the API that changes what it caches runs on the main thread (docs/decisions/017). The returned function
 * forgets this thread's copy at once and tells every other thread of the process to forget its own.
 */
export function forgetEverywhere(name: string, forgetHere: () => void): () => void {
  const channel = new BroadcastChannel(`console-forget:${name}`);
  channel.onmessage = () => forgetHere();
  // It listens for as long as the thread lives, but must not keep it alive.
  channel.unref();
  return () => {
    forgetHere();
    channel.postMessage('forget');
  };
}
