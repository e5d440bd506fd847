/// <reference lib="dom" />
/**
 * The big-screen benchmark: /bigScreen of the console, built and served by the real server, signed in as the
 * operator's administrator (every machine), in Chromium at 1920×1080, while the simulator's fleet reports through
 * the embedded broker. `npm run bench -- screens` writes it as the `screens` key of bench/report.json.
 *
 * - firstRenderMs: from navigation start to the first frame holding the figures and the map's markers.
 * - frameMs: the 95th percentile of frame times (requestAnimationFrame to the next) over `FRAME_WINDOW_MS` while
 *   the fleet reports, the live stream moves the markers and the figures are asked again.
 * - heapGrowthPct: the page's JS heap after a garbage collection at the end of the thirtieth simulated minute against
 *   the end of the first (target under 10 %: a screen runs for days). A simulated minute is a minute of the fleet's
 *   traffic; `BENCH_SCREEN_MINUTE_S` (60) shortens it for a quick run, and the report says how long it was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { seedBenchDb, writeScenario } from './lib/fleet.ts';
import { withFleet } from './lib/fleet-run.ts';
import { sleep } from './lib/processes.ts';
import { adminSession } from './lib/session.ts';

export interface ScreensBenchResult {
  firstRenderMs: number;
  /** 95th percentile frame time while updating; the median beside it. */
  frameMs: number;
  frameMedianMs: number;
  heapGrowthPct: number;
  heapFirstMb: number;
  heapLastMb: number;
  machines: number;
  /** Each machine reports every this many seconds. */
  reportIntervalS: number;
  minutes: number;
  minuteS: number;
  /** How often the screen asked for its figures again over the run (it was updating). */
  figureRequests: number;
}

const MINUTES = 30;
const FRAME_WINDOW_MS = 10_000;
const ROOT = join(import.meta.dirname, '..');
const round1 = (value: number) => Math.round(value * 10) / 10;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

export async function runScreensBench(options: {
  machines: number;
  reportIntervalS: number;
  minuteS: number;
  /** BENCH_PROFILE=1: the server's CPU profile (every thread) is written there. */
  profileDir?: string;
}): Promise<ScreensBenchResult> {
  const dist = join(ROOT, 'web', 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the console did not build');
  }
  const db = await seedBenchDb(options.machines);
  try {
    const session = adminSession(db.file);
    const scenario = writeScenario(db, options.machines, options.reportIntervalS);
    return await withFleet(
      db,
      {
        scenario,
        machines: options.machines,
        env: { WEB_DIST: dist },
        nodeArgs: options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [],
      },
      async ({ server }) => {
        const browser = await chromium.launch({
          executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu'],
        });
        try {
          const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-US' });
          // The console's session keys (web/src/lib/session.ts), as the Playwright fixtures seed them.
          await context.addInitScript(
            (saved: string) => sessionStorage.setItem('console-state', saved),
            JSON.stringify({ token: session.token, uid: session.uid, roleId: ROLE.companyAdmin, isLogin: true }),
          );
          const page = await context.newPage();
          let figureRequests = 0;
          page.on('request', (request) => {
            if (request.url().includes('/api/screens/fleet.do')) figureRequests += 1;
          });
          // The first render below is the figure: the navigation itself may take long on a busy machine (the
          // server serves the console while 20,000 machines report), so it waits only for the first response.
          await page.goto(`${new URL(server.api).origin}/bigScreen`, { waitUntil: 'commit', timeout: 120_000 });
          const firstRenderMs = await page
            .waitForFunction(
              () =>
                document.querySelector('[data-testid="screen-figure-machines"] dd') &&
                document.querySelector('.leaflet-marker-icon')
                  ? performance.now()
                  : false,
              null,
              { polling: 'raf', timeout: 120_000 },
            )
            .then((handle) => handle.jsonValue() as Promise<number>);

          const cdp = await context.newCDPSession(page);
          const heap = async () => {
            await cdp.send('HeapProfiler.collectGarbage');
            return (await cdp.send('Runtime.getHeapUsage')).usedSize;
          };
          // As text: tsx would name the page's functions with a helper the page does not have.
          const frames = () =>
            page.evaluate<number[]>(`new Promise((resolve) => {
            const times = [];
            const start = performance.now();
            let last = start;
            function frame(now) {
              times.push(now - last);
              last = now;
              if (now - start < ${Math.min(FRAME_WINDOW_MS, options.minuteS * 1000)}) requestAnimationFrame(frame);
              else resolve(times.slice(1));
            }
            requestAnimationFrame(frame);
          })`);

          let heapFirst = 0;
          let frameTimes: number[] = [];
          const started = Date.now();
          for (let minute = 1; minute <= MINUTES; minute++) {
            const until = started + minute * options.minuteS * 1000;
            // The frames are timed early in the second minute, while updates arrive; the heap at each minute's end.
            if (minute === 2) frameTimes = await frames();
            await sleep(Math.max(0, until - Date.now()));
            if (minute === 1) heapFirst = await heap();
          }
          const heapLast = await heap();
          await context.close();
          return {
            firstRenderMs: round1(firstRenderMs),
            frameMs: round1(quantile(frameTimes, 0.95)),
            frameMedianMs: round1(quantile(frameTimes, 0.5)),
            heapGrowthPct: round1(((heapLast - heapFirst) / heapFirst) * 100),
            heapFirstMb: round1(heapFirst / 1e6),
            heapLastMb: round1(heapLast / 1e6),
            machines: options.machines,
            reportIntervalS: options.reportIntervalS,
            minutes: MINUTES,
            minuteS: options.minuteS,
            figureRequests,
          };
        } finally {
          await browser.close();
        }
      },
    );
  } finally {
    db.remove();
  }
}
