import { describe, expect, it } from 'vitest';
import { createCounters, rateLimited } from './stats.ts';

describe('ingest counters', () => {
  it('counts refusals by reason and keeps the latest ones, newest first', () => {
    const c = createCounters();
    for (let i = 0; i < 25; i++) c.reject(i, `dev/S${i}/up/telemetry`, i % 2 ? 'json' : 'schema', '');
    const s = c.snapshot(3);
    expect(s.rejected).toMatchObject({ json: 12, schema: 13, unknownDevice: 0 });
    expect(s.recentRejects).toHaveLength(20);
    expect(s.recentRejects[0]!.topic).toBe('dev/S24/up/telemetry');
    expect(s.buffered).toBe(3);
  });

  it('reports the lag of the latest messages', () => {
    const c = createCounters();
    for (let i = 1; i <= 100; i++) c.lag(i);
    expect(c.snapshot(0).lagMs).toEqual({ last: 100, p50: 51, p99: 100, max: 100 });
  });
});

describe('rateLimited', () => {
  it('says each kind of trouble once per interval, then how much it kept quiet', () => {
    let now = 0;
    const lines: string[] = [];
    const warn = rateLimited(
      (_level, message) => lines.push(message),
      1000,
      () => now,
    );
    for (let i = 0; i < 5; i++) warn('json', 'bad json');
    warn('schema', 'bad schema');
    now = 1500;
    warn('json', 'bad json');
    expect(lines).toEqual(['bad json', 'bad schema', 'bad json (and 4 more since the last report)']);
  });
});
