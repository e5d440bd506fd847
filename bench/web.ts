/// <reference lib="dom" />
/**
 * The console as a newcomer's browser meets it (issue 33, docs/decisions/060-console-speed.md): the built console
 * served by the real server on the demo business, in Chromium with the network of a small office (10 Mbit/s,
 * 40 ms round trip, emulated through CDP), each page loaded with a cold cache and then again warm (a second tab of
 * the same browser). Beside it, served by the same server the same way (compressed, cached), a baseline page: a
 * minimal Vite + React + antd page with one table fed by one API call (bench/web-baseline), as the floor.
 * `npm run bench -- web` writes it as the `web` key of bench/report.json.
 *
 * For each load:
 * - lcpMs: the largest contentful paint, from navigation start;
 * - firstDataMs: the first frame showing the page's first data from the server (FIRST_DATA below says which);
 * - transferKb / jsTransferKb: bytes received from the network (headers included), all and JavaScript only;
 * - scriptMs: the time the page spent running JavaScript (CDP Performance ScriptDuration).
 * Each figure is the median of BENCH_WEB_RUNS (3) loads, the pages taken in turn so a busy moment weighs on all.
 * BENCH_WEB_DIST: a console built before, measured instead of building one now (two builds compared one after the
 * other, each with the same baseline).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'vite';
import { ROLE } from '@console/contract/codes/roles';
import { startServerProcess } from '../tests/fixtures/server-process.ts';
import { compressAll, type BundleReport } from '../web/build/console-dist.ts';
import { BENCH_PORTS, seedBenchDb } from './lib/fleet.ts';
import type { SessionState } from '../web/src/lib/session-state.ts';
import { hostTimeZone, signedInState } from './lib/session.ts';

/** The network profile: 10 Mbit/s both ways, 40 ms round trip. */
export const WEB_NETWORK = { downloadMbit: 10, uploadMbit: 10, latencyMs: 40 };

/**
 * The page's first data, a selector that appears only once an answer of the server is drawn: the sign-in form
 * (the console draws nothing before the brand's answer), the fleet figures, a list's first row, the big screen's
 * machine count. A list's "no data" placeholder does not count (antd shows it while loading too).
 */
const PAGES = [
  { path: '/login', signedIn: false, firstData: 'form button[type="submit"]' },
  { path: '/dashboard', signedIn: true, firstData: '.ant-statistic-content-value' },
  { path: '/deviceManagement', signedIn: true, firstData: '.ant-table-tbody tr.ant-table-row' },
  { path: '/leaseCenter/contractMng', signedIn: true, firstData: '.ant-table-tbody tr.ant-table-row' },
  { path: '/warning/all', signedIn: true, firstData: '.ant-table-tbody tr.ant-table-row' },
  { path: '/bigScreen', signedIn: true, firstData: '[data-testid="screen-figure-machines"] dd' },
] as const;
const BASELINE = { path: '/bench-baseline.html', signedIn: true, firstData: '.ant-table-tbody tr.ant-table-row' };

export interface WebLoad {
  lcpMs: number;
  firstDataMs: number;
  transferKb: number;
  jsTransferKb: number;
  scriptMs: number;
  requests: number;
}

export interface WebPageResult {
  path: string;
  firstData: string;
  cold: WebLoad;
  warm: WebLoad;
}

export interface WebBenchResult {
  network: typeof WEB_NETWORK;
  runs: number;
  /** The encoding the browser received the console's scripts in. */
  scriptEncoding: string;
  baseline: WebPageResult;
  pages: WebPageResult[];
  /** The build's own count (web/dist/bundle-report.json): /login's JavaScript in brotli bytes. */
  loginBundleKb: number;
}

const ROOT = join(import.meta.dirname, '..');
const round1 = (value: number) => Math.round(value * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The console built now (or BENCH_WEB_DIST's build, copied), into the run's own folder (web/dist may be rebuilt by
 * anyone meanwhile), with the baseline page beside it: the baseline's hashed chunks in assets/ with the console's, its
 * page as bench-baseline.html.
 */
export async function servedFolder(
  dir: string,
  options: { baseline?: boolean } = {},
): Promise<{ dist: string; report: BundleReport }> {
  const dist = join(dir, 'dist');
  if (process.env.BENCH_WEB_DIST) {
    // A console built before (two builds measured one after the other), copied: the baseline joins the copy.
    cpSync(process.env.BENCH_WEB_DIST, dist, { recursive: true });
  } else {
    const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: join(ROOT, 'web'),
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the console did not build');
  }
  const report = JSON.parse(readFileSync(join(dist, 'bundle-report.json'), 'utf8')) as BundleReport;
  if (options.baseline === false) return { dist, report };
  const baseline = join(dir, 'baseline');
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'web-baseline'),
    // antd's "use client" lines and its size warn; the baseline is what it is.
    logLevel: 'error',
    oxc: { jsx: { runtime: 'automatic' } },
    build: { outDir: baseline, emptyOutDir: true },
  });
  await compressAll(baseline);
  cpSync(join(baseline, 'assets'), join(dist, 'assets'), { recursive: true });
  renameSync(join(baseline, 'index.html'), join(dist, 'bench-baseline.html'));
  for (const suffix of ['.br', '.gz']) {
    if (existsSync(join(baseline, `index.html${suffix}`))) {
      renameSync(join(baseline, `index.html${suffix}`), join(dist, `bench-baseline.html${suffix}`));
    }
  }
  return { dist, report };
}

/**
 * One load of `url` in a new tab of `context`, on the emulated network; the tab is closed after. `after`, when
 * given, runs on the loaded page before it closes (what a part measures besides: a page's own marks, a click).
 */
export async function load(
  context: BrowserContext,
  url: string,
  firstData: string,
  encodings: Set<string>,
  after?: (page: Page) => Promise<Record<string, number>>,
): Promise<WebLoad & { after?: Record<string, number> }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: WEB_NETWORK.latencyMs,
    downloadThroughput: (WEB_NETWORK.downloadMbit * 1e6) / 8,
    uploadThroughput: (WEB_NETWORK.uploadMbit * 1e6) / 8,
  });
  await cdp.send('Performance.enable');
  const scripts = new Set<string>();
  let bytes = 0;
  let jsBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    scripts.add(event.requestId);
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    if (!event.response.fromDiskCache) encodings.add(String(encoding?.[1] ?? 'identity'));
  });
  cdp.on('Network.loadingFinished', (event) => {
    requests += 1;
    bytes += event.encodedDataLength;
    if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  const firstDataMs = await page
    .waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : false), firstData, {
      polling: 'raf',
      timeout: 60_000,
    })
    .then((handle) => handle.jsonValue() as Promise<number>);
  // What follows the first data (the rest of the page, a map's tiles) may still be the largest paint: a second.
  await page.waitForTimeout(1000);
  // As text: tsx would name the page's functions with a helper the page does not have.
  const lcpMs = await page.evaluate<number>(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries[entries.length - 1].startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve(-1), 500);
  })`);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const scriptS = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
  const marks = after ? await after(page) : undefined;
  await page.close();
  return {
    lcpMs,
    firstDataMs,
    transferKb: bytes / 1024,
    jsTransferKb: jsBytes / 1024,
    scriptMs: scriptS * 1000,
    requests,
    ...(marks ? { after: marks } : {}),
  };
}

export function medianLoad(loads: WebLoad[]): WebLoad {
  const of = (key: keyof WebLoad) => round1(median(loads.map((l) => l[key])));
  return {
    lcpMs: of('lcpMs'),
    firstDataMs: of('firstDataMs'),
    transferKb: of('transferKb'),
    jsTransferKb: of('jsTransferKb'),
    scriptMs: of('scriptMs'),
    requests: of('requests'),
  };
}

/** Chromium as the web parts drive it (BENCH_CHROMIUM, else the system's). */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });

/**
 * A browser with an empty cache (its second tab is the returning user), signed in when given the state a sign-in
 * stores (lib/session.ts's signedInState), as the Playwright fixtures seed it.
 */
export async function browserContext(
  browser: Browser,
  signedIn: Partial<SessionState> | null,
  locale = 'en-US',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, locale });
  if (signedIn) {
    await context.addInitScript(
      ({ saved, leaseType }) => {
        // The keys of web/src/lib/session.ts: the state in session storage, the lease type in local storage.
        sessionStorage.setItem('console-state', saved);
        localStorage.setItem('leaseType', leaseType);
      },
      { saved: JSON.stringify(signedIn), leaseType: String(signedIn.leaseType) },
    );
  }
  return context;
}

export async function runWebBench(options: { runs: number }): Promise<WebBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'console-web-bench-'));
  const db = await seedBenchDb(2000);
  try {
    const { dist, report } = await servedFolder(dir);
    const server = await startServerProcess({
      dbFile: db.file,
      range: BENCH_PORTS,
      // The seeded machines stay as seeded: no watchdog marks them offline mid-run.
      env: { WEB_DIST: dist, WATCHDOG_S: '0' },
    });
    let browser: Browser | null = null;
    try {
      const signedIn = await signedInState(server.api, ROLE.companyAdmin, hostTimeZone());
      browser = await launchChromium();
      const origin = new URL(server.api).origin;
      const all = [BASELINE, ...PAGES];
      const loads = new Map(all.map((p) => [p.path, { cold: [] as WebLoad[], warm: [] as WebLoad[] }]));
      const encodings = new Set<string>();
      for (let run = 0; run < options.runs; run++) {
        for (const target of all) {
          const context = await browserContext(browser, target.signedIn ? signedIn : null);
          const url = `${origin}${target.path}`;
          try {
            loads.get(target.path)!.cold.push(await load(context, url, target.firstData, encodings));
            loads.get(target.path)!.warm.push(await load(context, url, target.firstData, new Set()));
          } finally {
            await context.close();
          }
          console.log(`bench web: ${target.path} run ${run + 1}/${options.runs}`);
        }
      }
      const result = (target: (typeof all)[number]): WebPageResult => ({
        path: target.path,
        firstData: target.firstData,
        cold: medianLoad(loads.get(target.path)!.cold),
        warm: medianLoad(loads.get(target.path)!.warm),
      });
      return {
        network: WEB_NETWORK,
        runs: options.runs,
        scriptEncoding: [...encodings].join(', '),
        baseline: result(BASELINE),
        pages: PAGES.map(result),
        loginBundleKb: round1((report.routes.find((r) => r.path === '/login')?.brotliBytes ?? 0) / 1024),
      };
    } finally {
      await browser?.close();
      await server.stop();
    }
  } finally {
    db.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/web.ts`: this part alone, printed.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await runWebBench({ runs: Number(process.env.BENCH_WEB_RUNS ?? 1) }), null, 2));
}
