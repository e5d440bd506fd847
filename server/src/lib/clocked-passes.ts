import type { AppDeps } from './deps.ts';

/**
 * A scheduler's passes on the server's clock: one at start (what fell due while the server was down is done now),
 * then one every `intervalMs` of the server's clock, looked at every `tickMs` of the wall clock, so a clock that
 * follows a simulator sped up or skipped forward (contract/clock/follow.ts) runs its passes as its days pass. The
 * passes are idempotent, so frequent ones do nothing twice. Answers the function that stops them.
 */
export async function startClockedPasses(
  deps: AppDeps,
  pass: (now: number) => Promise<void>,
  intervalMs: number,
  tickMs: number,
): Promise<() => void> {
  let lastPass = -Infinity;
  const tick = async () => {
    const now = deps.now();
    if (now - lastPass < intervalMs) return;
    lastPass = now;
    await pass(now);
  };
  await tick();
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
