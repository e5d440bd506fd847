/**
 * The availability calendar benchmark (docs/decisions/072-availability-calendar.md): a private database holds the demo
 * business (the server's own seed); one store of the demo rental company gets `machines` machines more (copies of one
 * of its own) and what holds them over the two months asked: lease periods (some returned, some open), named and
 * model reservations, contracts in force naming machines not yet delivered, open and resolved work orders, upkeep
 * due, and locked and off-line machines. The company's administrator then asks the calendar of 62 days through the
 * server's app (routes, scope and SQL as in production, no network), page after page of 100 machines over the whole
 * fleet, and the store's model view of the same 62 days. Issue 36's target: the calendar's p95 ≤ 300 ms.
 *
 * Then the page in the browser (issue 36: "renders in the browser within 1 s"): the built console served by the real
 * server on the same database (bench/web.ts's build, tab loads and network of a small office: 10 Mbit/s, 40 ms), the
 * company's administrator opens /leaseCenter/availability on the store over the 62 days, a cold load (empty cache)
 * and a warm one, BENCH_WEB_RUNS (3) times, medians reported. Each load is timed from navigation to the first frame
 * with the grid drawn (the grid's `data-drawn` names the span and page whose rows it drew: set in the same commit as
 * the rows), and from the calendar's answer (its response end, resource timing) to that frame: what the page spends
 * drawing the answer. Then the next page, from its click to its rows drawn (with BENCH_PROFILE=1, the page's CPU
 * profile of it in bench/profiles). BENCH_AVAILABILITY_BROWSER=0 leaves it out; BENCH_WEB_DIST measures a console built before instead of building one.
 * `npm run bench -- availability` writes it as the `availability` key of bench/report.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { availabilityEndpoints } from '@console/contract/http/availability';
import type { Endpoint } from '@console/contract/http/endpoint';
import { openDb } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { demoAccount } from '@console/db/seed/accounts';
import { seedDemo } from '@console/db/seed/demo';
import { createApp } from '@console/server/src/app';
import { createCommandQueue } from '@console/server/src/commands/queue';
import { readEnv } from '@console/server/src/lib/env';
import { createSession } from '@console/server/src/lib/session';
import { LiveHub } from '@console/server/src/live/hub';
import { startServerProcess } from '../tests/fixtures/server-process.ts';
import { BENCH_PORTS } from './lib/fleet.ts';
import { hostTimeZone, signedInState } from './lib/session.ts';

export interface AvailabilityBenchResult {
  machines: number;
  days: number;
  pageSize: number;
  /** Calendar asks timed (after one warm-up round over every page). */
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The store's model view over the same days: every machine of the store counted. */
  modelView: { requests: number; p50Ms: number; p95Ms: number; models: number };
  /** Bytes of one calendar page's JSON. */
  pageBytes: number;
  /** The page drawn in Chromium (medians of `runs` loads), when measured. */
  render?: AvailabilityRender;
}

/** A load of the calendar page, from navigation: its answer received, its grid drawn; and the answer to the draw. */
export interface RenderLoad {
  answerMs: number;
  drawnMs: number;
  answerToDrawnMs: number;
  lcpMs: number;
  scriptMs: number;
  transferKb: number;
}

export interface AvailabilityRender {
  path: string;
  /** Machines drawn a page, and days. */
  rows: number;
  days: number;
  runs: number;
  network: { downloadMbit: number; uploadMbit: number; latencyMs: number };
  cold: RenderLoad;
  warm: RenderLoad;
  /** The next page asked by its button on the loaded page: from the click, and from its answer, to its rows drawn. */
  nextPage: { clickToDrawnMs: number; answerToDrawnMs: number };
}

const DAYS = 62;
const PAGE_SIZE = 100;
const ROUNDS = 3;
const FROM = '2026-07-01';

type Sqlite = ReturnType<typeof openDb>['sqlite'];

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
const round = (n: number) => Math.round(n * 10) / 10;

/** `machines` machines more in one store of the company, copies of one of its own but for their serials. */
function addFleet(sqlite: Sqlite, lessorOrgId: number, machines: number): { first: number; storeId: number } {
  const template = sqlite.prepare('SELECT id FROM devices WHERE org_id = ? ORDER BY id LIMIT 1').get(lessorOrgId) as {
    id: number;
  };
  const storeId = (
    sqlite.prepare('SELECT id FROM stores WHERE org_id = ? ORDER BY id LIMIT 1').get(lessorOrgId) as {
      id: number;
    }
  ).id;
  const columns = (sqlite.prepare('PRAGMA table_info(devices)').all() as { name: string }[])
    .map((c) => c.name)
    .filter((name) => !['id', 'serial_number', 'online', 'lock_level'].includes(name));
  const first = (sqlite.prepare('SELECT max(id) AS top FROM devices').get() as { top: number }).top + 1;
  sqlite
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO devices (serial_number, online, lock_level, ${columns.join(', ')})
       SELECT printf('AVAIL%06d', n.i), n.i % 17 <> 0, CASE WHEN n.i % 29 = 0 THEN 'locked' ELSE 'unlocked' END,
         ${columns.map((c) => `d.${c}`).join(', ')} FROM n, devices d WHERE d.id = ?`,
    )
    .run(machines, template.id);
  sqlite
    .prepare('INSERT INTO store_devices (device_id, store_id) SELECT id, ? FROM devices WHERE id >= ?')
    .run(storeId, first);
  return { first, storeId };
}

/** What holds the fleet over the two months, written as the product's moves leave it. */
function holdFleet(sqlite: Sqlite, lessorOrgId: number, storeId: number, first: number, adminId: number): void {
  const renter = sqlite
    .prepare('SELECT o.id FROM organisations o JOIN renters r ON r.org_id = o.id WHERE r.lessor_org_id = ? LIMIT 1')
    .get(lessorOrgId) as { id: number };
  const contract = (status: number, n: number) =>
    Number(
      sqlite
        .prepare(
          `INSERT INTO contracts (number, lessor_org_id, renter_org_id, store_id, created_by, status, start_on, end_on)
           VALUES (?, ?, ?, ?, ?, ?, '2026-06-01', '2026-12-31')`,
        )
        .run(`HT-AVAIL-${n}`, lessorOrgId, renter.id, storeId, adminId, status).lastInsertRowid,
    );
  // One contract in force per hundred machines: half the fleet on lease (a third of them returned in July), a
  // tenth named by a contract and not yet delivered.
  const ids = (sqlite.prepare('SELECT id FROM devices WHERE id >= ? ORDER BY id').all(first) as { id: number }[]).map(
    (d) => d.id,
  );
  const line = sqlite.prepare(
    'INSERT INTO contract_lines (contract_id, device_id, business_model, day_cents) VALUES (?, ?, 23, 30000)',
  );
  const period = sqlite.prepare(
    `INSERT INTO lease_periods (lessor_org_id, contract_id, line_id, device_id, renter_org_id, start_on, planned_end_on, end_on)
     VALUES (?, ?, ?, ?, ?, ?, '2026-12-31', ?)`,
  );
  const reservation = sqlite.prepare(
    `INSERT INTO reservations (org_id, store_id, quote_id, contract_id, device_id, model_id, count, start_on, end_on)
     VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
  );
  const order = sqlite.prepare(
    `INSERT INTO work_orders (number, title, status, device_id, device_kind, org_id, phone, created_by, created_at, updated_at)
     SELECT ?, 'Bench', ?, id, kind, org_id, '13900000000', ?, ?, ? FROM devices WHERE id = ?`,
  );
  const upkeep = sqlite.prepare(
    `INSERT INTO upkeep_plans (org_id, device_id, interval, last_done_at, next_due_at) VALUES (?, ?, '3m', '2026-04-01', ?)`,
  );
  const modelOf = sqlite.prepare('SELECT model_id AS m FROM devices WHERE id = ?').pluck();
  sqlite.transaction(() => {
    let contractId = 0;
    ids.forEach((id, i) => {
      if (i % 100 === 0) contractId = contract(7, i);
      const slot = i % 20;
      if (slot < 10) {
        const lineId = Number(line.run(contractId, id).lastInsertRowid);
        period.run(lessorOrgId, contractId, lineId, id, renter.id, '2026-06-15', slot < 3 ? '2026-07-20' : null);
      } else if (slot < 12) {
        line.run(contractId, id);
      } else if (slot < 15) {
        reservation.run(lessorOrgId, storeId, contractId, id, null, 1, '2026-07-10', '2026-08-05');
      } else if (slot === 15) {
        order.run(
          `WO-AVAIL-${i}`,
          2,
          adminId,
          Date.parse('2026-07-12T02:00:00Z'),
          Date.parse('2026-07-12T02:00:00Z'),
          id,
        );
      } else if (slot === 16) {
        order.run(
          `WO-AVAIL-${i}`,
          5,
          adminId,
          Date.parse('2026-07-03T02:00:00Z'),
          Date.parse('2026-07-08T02:00:00Z'),
          id,
        );
      } else if (slot === 17) {
        upkeep.run(lessorOrgId, id, '2026-08-14');
      }
    });
    // Model lines: a few counts of the fleet's model over parts of the span.
    const modelId = modelOf.get(ids[0]) as number;
    for (let k = 0; k < 20; k++) {
      reservation.run(
        lessorOrgId,
        storeId,
        contractId,
        null,
        modelId,
        3,
        `2026-07-${String(1 + k).padStart(2, '0')}`,
        '2026-08-20',
      );
    }
  })();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The calendar's answers received so far on the page (resource timing), as text: tsx would name a function. */
const CALENDAR_ANSWERS = `performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('${availabilityEndpoints.calendar.path}'))
  .map((e) => ({ name: e.name, responseEnd: e.responseEnd }))`;

/**
 * The calendar page in Chromium, served with the built console by the real server on the bench's database (the
 * figures' definitions: this file's head).
 */
async function renderInBrowser(
  file: string,
  storeId: number,
  runs: number,
  profileDir?: string,
): Promise<AvailabilityRender> {
  // Imported here, as run.ts imports the browser parts: it builds with vite and drives a browser.
  const web = await import('./web.ts');
  const dir = mkdtempSync(join(tmpdir(), 'console-availability-bench-'));
  try {
    const { dist } = await web.servedFolder(dir, { baseline: false });
    const server = await startServerProcess({
      dbFile: file,
      range: BENCH_PORTS,
      env: { WEB_DIST: dist, WATCHDOG_S: '0' },
    });
    const session = await signedInState(server.api, ROLE.lessorAdmin, hostTimeZone());
    const browser = await web.launchChromium();
    try {
      const path = `/leaseCenter/availability?from=${FROM}&days=${DAYS}&storeId=${storeId}`;
      const url = `${new URL(server.api).origin}${path}`;
      const drawn = (page: number) =>
        `[data-testid="availability-grid"][data-drawn="${FROM}/${DAYS}/${page}/${PAGE_SIZE}"]`;
      type Answer = { name: string; responseEnd: number };
      // On the loaded page: its first answer's end, then the next page from its click to its rows drawn.
      const after = async (page: Page) => {
        const first = ((await page.evaluate(CALENDAR_ANSWERS)) as Answer[])[0]!;
        // BENCH_PROFILE=1: the page's CPU profile of the next page, from the click to its rows drawn.
        const cdp = profileDir ? await page.context().newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.start');
        }
        const clickedAt = (await page.evaluate('performance.now()')) as number;
        await page.locator('li.ant-pagination-next').click();
        const drawnAt = await page
          .waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : false), drawn(2), {
            polling: 'raf',
            timeout: 60_000,
          })
          .then((handle) => handle.jsonValue() as Promise<number>);
        if (cdp) {
          const { profile } = await cdp.send('Profiler.stop');
          writeFileSync(join(profileDir!, 'availability-next-page.cpuprofile'), JSON.stringify(profile));
          await cdp.detach();
        }
        const second = ((await page.evaluate(CALENDAR_ANSWERS)) as Answer[]).find((a) => a.name.includes('page=2'))!;
        return {
          answerMs: first.responseEnd,
          nextClickToDrawnMs: drawnAt - clickedAt,
          nextAnswerToDrawnMs: drawnAt - second.responseEnd,
        };
      };
      type Loaded = Awaited<ReturnType<typeof web.load>>;
      const loads = { cold: [] as Loaded[], warm: [] as Loaded[] };
      for (let run = 0; run < runs; run++) {
        const context = await web.browserContext(browser, session);
        try {
          loads.cold.push(await web.load(context, url, drawn(1), new Set(), after));
          loads.warm.push(await web.load(context, url, drawn(1), new Set(), after));
        } finally {
          await context.close();
        }
        console.log(`bench availability: the page in the browser, run ${run + 1}/${runs}`);
      }
      const of = (list: Loaded[]): RenderLoad => {
        const m = web.medianLoad(list);
        const answers = list.map((l) => l.after!.answerMs);
        return {
          answerMs: round(median(answers)),
          drawnMs: m.firstDataMs,
          answerToDrawnMs: round(median(list.map((l) => l.firstDataMs - l.after!.answerMs))),
          lcpMs: m.lcpMs,
          scriptMs: m.scriptMs,
          transferKb: m.transferKb,
        };
      };
      const all = [...loads.cold, ...loads.warm];
      return {
        path,
        rows: PAGE_SIZE,
        days: DAYS,
        runs,
        network: web.WEB_NETWORK,
        cold: of(loads.cold),
        warm: of(loads.warm),
        nextPage: {
          clickToDrawnMs: round(median(all.map((l) => l.after!.nextClickToDrawnMs))),
          answerToDrawnMs: round(median(all.map((l) => l.after!.nextAnswerToDrawnMs))),
        },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runAvailabilityBench({
  machines,
  browser = true,
  runs = 3,
  profileDir,
}: {
  machines: number;
  browser?: boolean;
  runs?: number;
  /** Where the browser's CPU profile of the next page goes (BENCH_PROFILE=1). */
  profileDir?: string;
}): Promise<AvailabilityBenchResult> {
  // A file the real server can open for the browser part after the in-process asks.
  const dir = mkdtempSync(join(tmpdir(), 'console-availability-db-'));
  const file = join(dir, 'console.db');
  const dbh = openDb(file);
  const { db } = dbh;
  await seedDemo(db, { historyDevices: 0 });
  const admin = (await db
    .select()
    .from(users)
    .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
    .get())!;
  const { first, storeId } = addFleet(dbh.sqlite, admin.orgId, machines);
  holdFleet(dbh.sqlite, admin.orgId, storeId, first, admin.id);
  dbh.sqlite.exec('ANALYZE');

  const base = {
    dbh,
    env: readEnv({ NODE_ENV: 'test' }),
    now: () => Date.parse('2026-07-15T04:00:00Z'),
    log: () => {},
    live: new LiveHub(),
  };
  const app = createApp({ ...base, commands: await createCommandQueue(base), ingest: null });
  const token = await createSession(db, admin.id, 'console', '127.0.0.1', Date.now() + 3600_000);
  let bytes = 0;
  const ask = async (endpoint: Endpoint, query: Record<string, string>) => {
    const t0 = performance.now();
    const response = await app.request(`/api${endpoint.path}?${new URLSearchParams(query)}`, { headers: { token } });
    const text = await response.text();
    const ms = performance.now() - t0;
    const body = JSON.parse(text) as { status: string; message: string; data: { total?: number; list: unknown[] } };
    if (body.status !== '200') throw new Error(`${endpoint.path}: ${body.status} ${body.message}`);
    bytes = text.length;
    return { ms, data: body.data };
  };
  const span = { from: FROM, days: String(DAYS) };
  const calendarPage = (page: number) =>
    ask(availabilityEndpoints.calendar, {
      ...span,
      storeId: String(storeId),
      page: String(page),
      pageSize: String(PAGE_SIZE),
    });
  const firstPage = await calendarPage(1);
  const pages = Math.ceil((firstPage.data.total ?? 0) / PAGE_SIZE);
  const pageBytes = bytes;
  for (let p = 2; p <= pages; p++) await calendarPage(p);
  const ms: number[] = [];
  for (let r = 0; r < ROUNDS; r++) for (let p = 1; p <= pages; p++) ms.push((await calendarPage(p)).ms);
  ms.sort((a, b) => a - b);

  const modelMs: number[] = [];
  let models = 0;
  for (let r = 0; r < 11; r++) {
    const answer = await ask(availabilityEndpoints.models, { ...span, storeId: String(storeId) });
    models = answer.data.list.length;
    if (r > 0) modelMs.push(answer.ms);
  }
  modelMs.sort((a, b) => a - b);
  dbh.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  dbh.close();
  let render: AvailabilityRender | undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  try {
    if (browser) render = await renderInBrowser(file, storeId, runs, profileDir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    machines: firstPage.data.total ?? 0,
    days: DAYS,
    pageSize: PAGE_SIZE,
    requests: ms.length,
    p50Ms: round(percentile(ms, 0.5)),
    p95Ms: round(percentile(ms, 0.95)),
    maxMs: round(ms.at(-1) ?? 0),
    modelView: {
      requests: modelMs.length,
      p50Ms: round(percentile(modelMs, 0.5)),
      p95Ms: round(percentile(modelMs, 0.95)),
      models,
    },
    pageBytes,
    ...(render ? { render } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    JSON.stringify(
      await runAvailabilityBench({
        machines: Number(process.env.BENCH_AVAILABILITY_MACHINES ?? 2000),
        browser: process.env.BENCH_AVAILABILITY_BROWSER !== '0',
        runs: Number(process.env.BENCH_WEB_RUNS ?? 3),
        profileDir: process.env.BENCH_PROFILE === '1' ? join(import.meta.dirname, 'profiles') : undefined,
      }),
    ),
  );
}
