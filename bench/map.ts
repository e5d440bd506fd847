/// <reference lib="dom" />
/**
 * The map benchmark: the console's fleet map with 10,000 machines against a plain Leaflet + Leaflet.markercluster
 * page loading the same points, in the same browser in the same run. `npx tsx bench/map.ts` prints the JSON;
 * `npm run bench` writes it as the `map` key of bench/report.json.
 *
 * Why it measures what a user waits for: both pages are built by vite like the console, opened fresh (no cache),
 * fetch the fleet as the console's positions endpoint answers it, and are timed from navigation start until the
 * first frame showing the whole fleet has been painted, which is what the user waits for on the home and the
 * device list once the positions have come (the server's part is the API benchmark's). The console page drives
 * the console's own layer (web/src/components/fleet-map/fleet-layer.ts). A live update batch is 1,000 moves
 * (every machine of the fleet reporting every 10 s, one second of them at once), timed on the main thread from
 * the first queued event to the end of the frame that draws them; the re-clustering that follows on its timer,
 * at most once a second, is reported beside it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import type { FleetPositions } from '@console/contract/http/dashboard';
// The harness pages' `window.bench` (declared there for the browser side).
import type { BenchPage } from './map-harness/harness.ts';

export interface MapBenchResult {
  firstRenderMs: number;
  updateMs: number;
  baselineFirstRenderMs: number;
  /** The re-clustering after a batch (on a timer, at most once a second). */
  reclusterMs: number;
  machines: number;
  batch: number;
  rounds: number;
}

const HARNESS = join(import.meta.dirname, 'map-harness');
const ORIGIN = 'http://map-bench.invalid';
const MACHINES = 10_000;
const BATCH = 1_000;
const ROUNDS = 5;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A fleet around work sites in China and abroad, as the demo seeds it; the same every run. */
function makeFleet(count: number): FleetPositions {
  let seed = 20261122;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const sites = [
    [31.23, 121.47],
    [30.27, 120.16],
    [32.06, 118.8],
    [23.13, 113.26],
    [22.54, 114.06],
    [30.59, 114.31],
    [30.57, 104.07],
    [39.9, 116.4],
    [1.35, 103.82],
    [-33.87, 151.21],
    [25.2, 55.27],
  ] as const;
  const fleet: FleetPositions = {
    ids: [],
    serials: [],
    names: [],
    kinds: [],
    statuses: [],
    lats: [],
    lngs: [],
    unplaced: 0,
  };
  for (let i = 0; i < count; i++) {
    const [lat, lng] = sites[Math.floor(random() * sites.length)]!;
    fleet.ids.push(i + 1);
    fleet.serials.push(`AWP${String(i + 1).padStart(6, '0')}`);
    fleet.names.push(`Machine ${i + 1}`);
    fleet.kinds.push('aerialPlatform');
    fleet.statuses.push([6, 3, 7, 8, 4, 9, 2][Math.floor(random() * 7)]!);
    fleet.lats.push(Math.round((lat + (random() - 0.5) * 0.6) * 1e5) / 1e5);
    fleet.lngs.push(Math.round((lng + (random() - 0.5) * 0.6) * 1e5) / 1e5);
  }
  return fleet;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Open a harness page in a fresh context (nothing cached) and wait until it has drawn the fleet. */
async function openPage(browser: Browser, dir: string, name: 'console' | 'baseline') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const body = readFileSync(join(dir, path));
    await route.fulfill({ body, contentType: TYPES[extname(path)] ?? 'application/json' });
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/${name}.html`);
  await page.waitForFunction(() => window.bench.firstRenderMs !== undefined || window.bench.error !== undefined, null, {
    timeout: 60_000,
  });
  const error = await page.evaluate(() => window.bench.error);
  if (error) throw new Error(`${name} page: ${error}`);
  const firstRenderMs = await page.evaluate(() => window.bench.firstRenderMs!);
  return { context, page, firstRenderMs };
}

export async function runMapBench(): Promise<MapBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'console-map-bench-'));
  try {
    await build({
      configFile: false,
      root: HARNESS,
      base: './',
      logLevel: 'warn',
      build: {
        outDir: dir,
        emptyOutDir: true,
        rollupOptions: { input: { console: join(HARNESS, 'console.html'), baseline: join(HARNESS, 'baseline.html') } },
      },
    });
    writeFileSync(join(dir, 'positions.json'), JSON.stringify(makeFleet(MACHINES)));
    const browser = await chromium.launch({
      executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const ours: number[] = [];
      const baseline: number[] = [];
      const batches: number[] = [];
      const reclusters: number[] = [];
      // Alternated, so a busy moment of the machine weighs on both alike.
      for (let round = 0; round < ROUNDS; round++) {
        const base = await openPage(browser, dir, 'baseline');
        baseline.push(base.firstRenderMs);
        await base.context.close();
        const page = await openPage(browser, dir, 'console');
        ours.push(page.firstRenderMs);
        const timing: Awaited<ReturnType<NonNullable<BenchPage['update']>>> = await page.page.evaluate(
          (count) => window.bench.update!(count),
          BATCH,
        );
        batches.push(timing.batchMs);
        reclusters.push(timing.reclusterMs);
        await page.context.close();
      }
      return {
        firstRenderMs: round1(median(ours)),
        updateMs: round1(median(batches)),
        baselineFirstRenderMs: round1(median(baseline)),
        reclusterMs: round1(median(reclusters)),
        machines: MACHINES,
        batch: BATCH,
        rounds: ROUNDS,
      };
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await runMapBench(), null, 2));
}
