import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';

/** The caches ingest reads with every message, each with its place in the shared counters below. */
const SHARED_CACHES = ['alarm-thresholds', 'fences'] as const;
export type SharedCache = (typeof SHARED_CACHES)[number];

const KEY = 'console-cache-generations';

/**
 * One counter per cache, in memory every thread of the process shares: the main thread makes it when this module
 * is first loaded, and every worker started after that inherits it (its environment data). A save moves its
 * cache's counter before it answers; a thread compares the counter with the one its copy was read at before it
 * answers from the copy, so whatever it handles after the save's answer reads the table again. Forgetting by a
 * message instead (a `BroadcastChannel`) left a window: a report the ingest thread took before it handled the
 * message was judged by the rule the save had replaced.
 */
function sharedCounters(): Int32Array {
  let memory = getEnvironmentData(KEY) as SharedArrayBuffer | undefined;
  if (!memory) {
    memory = new SharedArrayBuffer(SHARED_CACHES.length * Int32Array.BYTES_PER_ELEMENT);
    setEnvironmentData(KEY, memory);
  }
  return new Int32Array(memory);
}
const generations = sharedCounters();

/**
 * A cache that ingest reads with every message (alarm rules, fences), held by each thread that runs ingest per
 * database, while the API that changes what it caches runs on the main thread (docs/decisions/017 and 080).
 * `forget` makes every thread's copy stale at once, this thread's and the others'.
 */
export function heldEverywhere<K extends object, V>(name: SharedCache) {
  const slot = SHARED_CACHES.indexOf(name);
  const current = () => Atomics.load(generations, slot);
  let kept = new WeakMap<K, { generation: number; value: V }>();
  const keep = (key: K, generation: number, value: V) => {
    kept.set(key, { generation, value });
    return value;
  };
  return {
    /** This thread's copy, unless a thread forgot the cache since it was read. */
    held(key: K): V | undefined {
      const copy = kept.get(key);
      return copy && copy.generation === current() ? copy.value : undefined;
    },
    /**
     * Read the cache (`read` queries the table) and keep it. The counter is taken before the read: a save that
     * commits meanwhile moves it after, so the copy is read again next time rather than kept stale.
     */
    read(key: K, read: () => V): V {
      const generation = current();
      return keep(key, generation, read());
    },
    async readAsync(key: K, read: () => Promise<V>): Promise<V> {
      const generation = current();
      return keep(key, generation, await read());
    },
    /** After a save: the next look-up on any thread reads the table again. */
    forget(): void {
      Atomics.add(generations, slot, 1);
      kept = new WeakMap();
    },
  };
}
