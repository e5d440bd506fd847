import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueTeller } from './tell-queue.ts';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('handing the command queue what the machines said', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries an acknowledgement again while the database is busy, and applies it once it is free', () => {
    const log = vi.fn();
    const tell = queueTeller(log, { retryMs: 1000, attempts: 5 });
    let tries = 0;
    const applied: string[] = [];
    tell('an acknowledgement', () => {
      tries++;
      if (tries < 3) throw busy();
      applied.push('ack');
    });
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(applied).toEqual(['ack']);
    expect(tries).toBe(3);
    expect(log).not.toHaveBeenCalled();
  });

  it('gives up after its attempts, and logs any other fault at once instead of throwing', () => {
    const log = vi.fn();
    const tell = queueTeller(log, { retryMs: 10, attempts: 3 });
    tell('a batch', () => {
      throw busy();
    });
    vi.advanceTimersByTime(100);
    expect(log).toHaveBeenCalledTimes(1);
    expect(() =>
      tell('an acknowledgement', () => {
        throw new Error('a fault of ours');
      }),
    ).not.toThrow();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1]![1]).toBe('ingest: the command queue failed on an acknowledgement');
  });
});
