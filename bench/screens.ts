/// <reference lib="dom" />
/**
 * The big-screen benchmark: /bigScreen of the console, built and served by the real server, signed in as the
 * operator's administrator (every machine), in Chromium at 1920×1080, while the simulator's fleet reports through
 * the embedded broker. `npm run bench -- screens` writes it as the `screens` key of bench/report.json.
 *
 * - firstRenderMs: from navigation start to the first frame holding the figures and the map's markers (the first
 *   picture; target 3 s at 20,000 machines). Beside it, when the figures alone showed, when the first marker did, when
 *   the map held every machine of its answer (it draws them in stages: `data-placed` of the map against
 *   `data-machines`), and when the first picture's answers arrived (the requests to /api/screens/ before the first
 *   picture, each with the end of its response).
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
import { hostTimeZone, signedInState } from './lib/session.ts';

export interface ScreensBenchResult {
  firstRenderMs: number;
  firstFiguresMs: number;
  firstMarkersMs: number;
  /** The map held every placed machine of its answer (null: the page does not say how many it placed). */
  mapCompleteMs: number | null;
  /** The screen's own requests made before the first picture: path, when asked and when answered (ms). */
  answers: { path: string; startMs: number; endMs: number }[];
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
  // BENCH_WEB_DIST: a copy of the built console, so a build beside the run does not change what it serves.
  const dist = process.env.BENCH_WEB_DIST ?? join(ROOT, 'web', 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the console did not build');
  }
  const db = await seedBenchDb(options.machines);
  try {
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
          // The console's session keys (web/src/lib/session.ts), as a sign-in stores them.
          const signedIn = await signedInState(server.api, ROLE.companyAdmin, hostTimeZone());
          await context.addInitScript(
            (saved: string) => sessionStorage.setItem('console-state', saved),
            JSON.stringify(signedIn),
          );
          const page = await context.newPage();
          let figureRequests = 0;
          page.on('request', (request) => {
            if (/\/api\/screens\/(fleet|board)\.do/.test(request.url())) figureRequests += 1;
          });
          // The first render below is the figure: the navigation itself may take long on a busy machine (the
          // server serves the console while 20,000 machines report), so it waits only for the first response.
          await page.goto(`${new URL(server.api).origin}/bigScreen`, { waitUntil: 'commit', timeout: 120_000 });
          // Each mark once, in the first frame that shows it; the first picture is the later of the two.
          const marks = await page
            .waitForFunction(
              () => {
                const m = ((
                  window as unknown as { screenMarks?: { figures?: number; markers?: number } }
                ).screenMarks ??= {});
                const now = performance.now();
                if (m.figures === undefined && document.querySelector('[data-testid="screen-figure-machines"] dd'))
                  m.figures = now;
                if (m.markers === undefined && document.querySelector('.leaflet-marker-icon')) m.markers = now;
                return m.figures !== undefined && m.markers !== undefined ? m : false;
              },
              null,
              { polling: 'raf', timeout: 120_000 },
            )
            .then((handle) => handle.jsonValue() as Promise<{ figures: number; markers: number }>);
          const firstRenderMs = Math.max(marks.figures, marks.markers);
          const answers = await page.evaluate(`performance.getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/screens/') && e.startTime < ${firstRenderMs})
            .map((e) => ({ path: new URL(e.name).pathname, startMs: Math.round(e.startTime), endMs: Math.round(e.responseEnd) }))`);
          const mapCompleteMs = await page
            .waitForFunction(
              () => {
                const map = document.querySelector<HTMLElement>('[data-placed]');
                return map && map.dataset.placed === map.dataset.machines ? performance.now() : false;
              },
              null,
              { polling: 'raf', timeout: 60_000 },
            )
            .then((handle) => handle.jsonValue() as Promise<number>)
            .catch(() => null);

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
            firstFiguresMs: round1(marks.figures),
            firstMarkersMs: round1(marks.markers),
            mapCompleteMs: mapCompleteMs === null ? null : round1(mapCompleteMs),
            answers: answers as ScreensBenchResult['answers'],
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
