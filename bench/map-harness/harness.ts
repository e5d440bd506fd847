import type { FleetPositions } from '@console/contract/http/dashboard';

/** What a harness page reports to bench/map.ts (read with page.evaluate). */
export interface BenchPage {
  /** Milliseconds from navigation start until the first frame showing the fleet has been painted. */
  firstRenderMs?: number;
  /** Apply one batch of live position updates; answers the main-thread time it took. */
  update?: (count: number) => Promise<{ batchMs: number; reclusterMs: number }>;
  error?: string;
}

declare global {
  interface Window {
    bench: BenchPage;
  }
}
window.bench = {};

/** The fleet both pages draw, in the shape the console's positions endpoint answers. */
export async function loadFleet(): Promise<FleetPositions> {
  const response = await fetch('./positions.json');
  return (await response.json()) as FleetPositions;
}

/** The time once the next frame has been painted: after a frame's callbacks, a task runs after its paint. */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
}

/** The view both pages open with: the fleet's bounds, as the console's map fits itself. */
export const FIT = { padding: [24, 24] as [number, number], maxZoom: 12, animate: false };
export const MAP_OPTIONS = { minZoom: 2, maxZoom: 18, preferCanvas: true };

export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    window.bench.error = String(error);
  });
}
