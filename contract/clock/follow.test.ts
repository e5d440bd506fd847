import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clockOf, followClock } from './follow.ts';

const DAY = 86_400_000;

/** A stand-in for the simulator's `GET /clock`, answering the offset the test sets (or failing). */
async function fakeSimulatorClock() {
  const state = { aheadMs: 0, fail: false };
  const server: Server = createServer((_req, res) => {
    if (state.fail) res.writeHead(500).end('{}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ aheadMs: state.aheadMs }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clock`;
  return { state, url, close: () => new Promise((done) => server.close(done)) };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

describe('a clock that follows the simulated world', () => {
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    for (const done of cleanup.splice(0)) await done();
  });

  it('is the wall clock without CLOCK_URL', () => {
    const clock = followClock(undefined, () => {});
    expect(clock.now).toBe(Date.now);
    expect(clock.shared).toBeNull();
  });

  it('follows the simulated clock forward, never back, and keeps its place while the simulator is away', async () => {
    const sim = await fakeSimulatorClock();
    const warnings: string[] = [];
    const clock = followClock(sim.url, (level, message) => level === 'warn' && warnings.push(message), 20);
    cleanup.push(clock.stop, sim.close);
    // Another thread reading the shared offset sees the same time.
    const other = clockOf(clock.shared);

    sim.state.aheadMs = 20 * DAY;
    await until(() => clock.now() - Date.now() >= 20 * DAY - 1000);
    expect(Math.abs(other() - clock.now())).toBeLessThan(1000);

    // A simulator restarted at the wall clock does not take the server's days back.
    sim.state.aheadMs = 0;
    await new Promise((r) => setTimeout(r, 100));
    expect(clock.now() - Date.now()).toBeGreaterThan(20 * DAY - 1000);

    sim.state.fail = true;
    await until(() => warnings.length === 1);
    expect(clock.now() - Date.now()).toBeGreaterThan(20 * DAY - 1000);
    sim.state.fail = false;
    sim.state.aheadMs = 31 * DAY;
    await until(() => clock.now() - Date.now() >= 31 * DAY - 1000);
  });
});
