/**
 * A job of a background thread run at once and then every `intervalMs` of the wall clock: a run still going when the
 * next is due is not doubled; `stopped()` tells a long run to end early; a failed run goes to `failed` and the job
 * tries again at its next time. `stop` resolves once no run is going.
 */
export function startRepeatingJob(
  run: (stopped: () => boolean) => Promise<unknown>,
  intervalMs: number,
  failed: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run(() => stopped)
      .then(() => undefined, failed)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}
