import type { ApiPostgresResult, ApiResult } from './api.ts';
import type { IngestPostgresResult, IngestResult } from './ingest.ts';
import type { BenchReport } from './run.ts';

/** The targets the figures are held against (README, "Benchmarks"). */
export const TARGETS = {
  ingestMsgsPerSec: 10_000,
  ingestRatio: 0.5,
  /** Ingest on PostgreSQL (issue 34): reports stored a second, nothing lost. */
  ingestPgMsgsPerSec: 5_000,
  /**
   * The device list's p99 under ingest: at most this times the minimal baseline's, and under apiP99Ms where the
   * baseline's is under apiFastBaselineMs (a machine that fast gives the product room for no less).
   */
  apiP99OfBaseline: 1.5,
  apiP99Ms: 50,
  /** The device list's p99 while the retention job prunes, over its p99 on the same server without (issue 34). */
  retentionPassP99Ratio: 1.5,
  apiFastBaselineMs: 33,
  /** The device list's p99 under ingest on PostgreSQL: at most this times the SQLite product's in the same run. */
  apiPgP99OfSqlite: 1.5,
  deviceList20kP95Ms: 200,
  mapFirstRenderMs: 1000,
  mapFirstRenderOfBaseline: 0.5,
  mapUpdateMs: 50,
  /** A month of bills for 20,000 machines on lease (issue 13). */
  billingSeconds: 10,
  /** The ISO 15143-3 fleet snapshot, a page of 100 among 20,000 machines (issue 38). */
  aempFleetPageP95Ms: 200,
  /** The availability calendar: a page of machines over 62 days, among 2,000 machines of a store (issue 36). */
  availabilityCalendarP95Ms: 300,
  /** The same page drawn in the browser, from navigation (the console's scripts cached) to its grid drawn. */
  availabilityRenderMs: 1000,
  /** Telemetry's storage a report on PostgreSQL, its track point and indexes included (issue 34). */
  telemetryBytesPerReportPg: 300,
  /** The revenue analysis of that month, and its income lines' first page, as the administrator asks them. */
  revenueSummaryMs: 1000,
  incomePageMs: 200,
  /** An alarm reaches the console's bell within 3 s of being raised. */
  alarmMs: 3000,
  /** The same alarm's text, sent by a notification rule, is in the SMS outbox within 5 s (issue 37). */
  alarmSmsMs: 5000,
  /** A big screen's JS heap grows less than this between its first and thirtieth minute. */
  screenHeapGrowthPct: 10,
  /** /bigScreen at 20,000 machines: first figures and markers (issue 33). */
  screenFirstRenderMs: 3000,
  /** Overload: nothing acknowledged to a machine is lost. */
  overloadLost: 0,
  /** The console on 10 Mbit/s and 40 ms (issue 33): /login's largest paint cold and its compressed JavaScript. */
  loginLcpMs: 1000,
  loginJsKb: 150,
  /** Every page's first data, cold and warm, and against the baseline page's cold first data in the same run. */
  firstDataColdMs: 2000,
  firstDataWarmMs: 1000,
  firstDataOfBaseline: 2,
  /** A returning user's warm load downloads no JavaScript again. */
  warmJsKb: 0,
};

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

/** The device list's target (TARGETS): relative to the baseline, and absolute on a machine whose baseline is fast. */
const apiP99Met = (a: ApiResult) =>
  a.p99Ms <= TARGETS.apiP99OfBaseline * a.baselineP99Ms &&
  (a.baselineP99Ms >= TARGETS.apiFastBaselineMs || a.p99Ms < TARGETS.apiP99Ms);

/** bench/report.md: the figures beside their baselines and targets, and the load the machine was under. */
export function renderReport(r: BenchReport): string {
  const lines = [
    '# Benchmark report',
    '',
    `${r.machine.at}, ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, Node ${r.machine.node}.`,
    '',
  ];
  const ref = r.machine.reference;
  lines.push(
    ref
      ? `Speed reference (\`npx tsx bench/store-cost.ts\`): validate ${ref.validateUs} µs, write ${ref.writeUs} µs a report (CPU ${ref.validateCpuUs} + ${ref.writeCpuUs} µs).`
      : 'Speed reference: not measured.',
    `Before the run: load ${r.machine.before.load.join(' ')}, CPU busy ${r.machine.before.cpu?.busyPct ?? '?'} %, steal ${r.machine.before.cpu?.stealPct ?? '?'} %.`,
    ...(r.machine.postgres ? [`${r.machine.postgres}.`] : []),
    '',
  );
  for (const w of r.warnings) lines.push(`- **warning**: ${w}`);
  for (const [part, load] of Object.entries(r.load)) {
    const cpu = load.cpu ? `; CPU busy ${load.cpu.busyPct} %, steal ${load.cpu.stealPct} %` : '';
    lines.push(
      `- load average during \`${part}\`: ${load.before.join(' ')} before, ${load.after.join(' ')} after${cpu}`,
    );
  }
  if (r.ingest || r.ingestPostgres) lines.push(...ingestSection(r.ingest, r.ingestPostgres));
  if (r.api || r.apiPostgres) lines.push(...apiSection(r.api, r.apiPostgres));
  if (r.alarm) {
    const a = r.alarm;
    // A text that never came is Infinity, which JSON writes as null.
    const smsMs = (ms: number | null) => (ms === null || ms === Infinity ? 'none within 30 s' : `${ms} ms`);
    lines.push(
      '',
      `## alarm: ${a.samples} alarms raised one after another while ${a.rate} machines report every second`,
      '',
      `${a.path}.`,
      '',
      '| figure | measured | target |',
      '| --- | --- | --- |',
      `| p50 | ${a.p50Ms} ms | |`,
      `| p95 | ${a.p95Ms} ms | < ${TARGETS.alarmMs} ms: ${verdict(a.p95Ms < TARGETS.alarmMs)} |`,
      `| slowest | ${a.maxMs} ms | < ${TARGETS.alarmMs} ms: ${verdict(a.maxMs < TARGETS.alarmMs)} |`,
    );
    if (a.sms)
      lines.push(
        '',
        `The same alarms to their text: ${a.sms.path}.`,
        '',
        '| figure | measured | target |',
        '| --- | --- | --- |',
        `| alarm → SMS outbox p50 | ${smsMs(a.sms.p50Ms)} | |`,
        `| alarm → SMS outbox p95 | ${smsMs(a.sms.p95Ms)} | ≤ ${TARGETS.alarmSmsMs} ms: ${verdict(a.sms.p95Ms <= TARGETS.alarmSmsMs)} |`,
        `| alarm → SMS outbox, slowest | ${smsMs(a.sms.maxMs)} | |`,
        `| texts not in the outbox within 30 s | ${a.sms.missed ?? 0} of ${a.samples} | 0 |`,
      );
  }
  if (r.overload) {
    const o = r.overload;
    lines.push(
      '',
      `## overload: ${o.machines} machines reporting every second for ${o.seconds} s, ${o.factor}x what the server stores${o.throttle ? ` (server stopped ${o.throttle * 100} % of the time)` : ''}`,
      '',
      '| figure | measured | target |',
      '| --- | --- | --- |',
      `| offered / stored per second | ${o.offeredPerSec} / ${o.storedPerSec} | about 2x |`,
      `| sent / acknowledged / stored | ${o.sent} / ${o.acked} / ${o.stored} | |`,
      `| dropped by units / held by units at the end / server's backlog at the end / lost | ${o.droppedByUnits} / ${o.heldByUnitsAtEnd} / ${o.serverBacklogAtEnd} / ${o.lost}${o.settleGaveUp ? ' (the wait gave up: not final)' : ''} | ${TARGETS.overloadLost} lost: ${verdict(o.lost === TARGETS.overloadLost && !o.settleGaveUp)} |`,
      `| peak lag (made to received) | ${o.peakLagMs} ms | |`,
      `| drain after the overload | ${o.drainS} s | |`,
      `| server memory (start / peak) | ${o.serverRssMb.start} / ${o.serverRssMb.peak} MB | bounded |`,
    );
  }
  if (r.map) {
    const m = r.map;
    const firstRenderOk =
      m.firstRenderMs < TARGETS.mapFirstRenderMs && m.firstRenderMs <= m.baselineFirstRenderMs * TARGETS.mapFirstRenderOfBaseline;
    lines.push(
      '',
      `## map: ${m.machines} machines, median of ${m.rounds} rounds`,
      '',
      '| figure | measured | baseline (Leaflet + Leaflet.markercluster) | target |',
      '| --- | --- | --- | --- |',
      `| first render | ${m.firstRenderMs} ms | ${m.baselineFirstRenderMs} ms | < ${TARGETS.mapFirstRenderMs} ms and ≤ half the baseline: ${verdict(firstRenderOk)} |`,
      `| live update batch of ${m.batch} moves | ${m.updateMs} ms | | < ${TARGETS.mapUpdateMs} ms: ${verdict(m.updateMs < TARGETS.mapUpdateMs)} |`,
      `| re-clustering after the batch (on a timer) | ${m.reclusterMs} ms | | |`,
    );
  }
  if (r.screens) {
    const s = r.screens;
    lines.push(
      '',
      `## screens: /bigScreen with ${s.machines} machines reporting every ${s.reportIntervalS} s, ${s.minutes} simulated minutes of ${s.minuteS} s`,
      '',
      '| figure | value | target |',
      '| --- | --- | --- |',
      `| first picture (figures and map markers) | ${s.firstRenderMs} ms | < ${TARGETS.screenFirstRenderMs} ms: ${verdict(s.firstRenderMs < TARGETS.screenFirstRenderMs)} |`,
      `| first figures; first markers | ${s.firstFiguresMs} ms; ${s.firstMarkersMs} ms | |`,
      `| the map holding every machine | ${s.mapCompleteMs === null ? 'not said by the page' : `${s.mapCompleteMs} ms`} | |`,
      `| the screen's requests before it (asked → answered) | ${s.answers.map((a) => `${a.path} ${a.startMs} → ${a.endMs} ms`).join(', ') || 'none'} | |`,
      `| frame time while updating, p95 (median) | ${s.frameMs} ms (${s.frameMedianMs} ms) | |`,
      `| JS heap, minute 1 → ${s.minutes} | ${s.heapFirstMb} → ${s.heapLastMb} MB (${s.heapGrowthPct} %) | < ${TARGETS.screenHeapGrowthPct} %: ${verdict(s.heapGrowthPct < TARGETS.screenHeapGrowthPct)} |`,
      `| figures asked again | ${s.figureRequests} times | |`,
    );
  }
  if (r.billing) {
    const b = r.billing;
    lines.push(
      '',
      `## billing: a month of bills for ${b.machines} machines on lease`,
      '',
      '| figure | measured | target |',
      '| --- | --- | --- |',
      `| issue ${b.bills} bills (${b.lines} lines) | ${b.seconds} s (${b.billsPerSecond} bills/s) | < ${TARGETS.billingSeconds} s: ${verdict(b.seconds < TARGETS.billingSeconds)} |`,
      `| a second run the same day | ${b.secondRunBills} bills | 0: ${verdict(b.secondRunBills === 0)} |`,
      `| overtime lines from measured hours (decision 070) | ${b.overtimeLines} (${b.overtimeCharged} charged, ${b.hoursMissing} hours missing) | |`,
      `| delivery charges billed, one per contract (decision 074) | ${b.chargesBilled} | every contract's: ${verdict(b.chargesBilled === Math.ceil(b.machines / 4))} |`,
      `| deposit money allocated to rent (decision 073) | ${b.depositAllocations} | 0: ${verdict(b.depositAllocations === 0)} |`,
      `| revenue analysis of the month (${b.revenueSummary.linesSummed} lines), median of ${b.revenueSummary.rounds} | ${b.revenueSummary.medianMs} ms (slowest ${b.revenueSummary.maxMs} ms) | < ${TARGETS.revenueSummaryMs} ms: ${verdict(b.revenueSummary.medianMs < TARGETS.revenueSummaryMs)} |`,
      `| income lines, first page, median of ${b.incomePage.rounds} | ${b.incomePage.medianMs} ms (slowest ${b.incomePage.maxMs} ms) | < ${TARGETS.incomePageMs} ms: ${verdict(b.incomePage.medianMs < TARGETS.incomePageMs)} |`,
    );
  }
  if (r.aemp) {
    const a = r.aemp;
    lines.push(
      '',
      `## aemp: the ISO 15143-3 fleet snapshot among ${a.machines} machines (${a.pages} pages of 100, XML, ${a.pageBytes} bytes a page)`,
      '',
      '| figure | measured | target |',
      '| --- | --- | --- |',
      `| p50 / p99 of ${a.requests} pages | ${a.p50Ms} / ${a.p99Ms} ms | |`,
      `| p95 | ${a.p95Ms} ms | ≤ ${TARGETS.aempFleetPageP95Ms} ms: ${verdict(a.p95Ms <= TARGETS.aempFleetPageP95Ms)} |`,
    );
  }
  if (r.availability) {
    const a = r.availability;
    lines.push(
      '',
      `## availability: the calendar of ${a.machines} machines over ${a.days} days (pages of ${a.pageSize}, ${a.pageBytes} bytes a page)`,
      '',
      '| figure | measured | target |',
      '| --- | --- | --- |',
      `| p50 / slowest of ${a.requests} pages | ${a.p50Ms} / ${a.maxMs} ms | |`,
      `| p95 | ${a.p95Ms} ms | ≤ ${TARGETS.availabilityCalendarP95Ms} ms: ${verdict(a.p95Ms <= TARGETS.availabilityCalendarP95Ms)} |`,
      `| model view of the store (${a.modelView.models} models), p50 / p95 of ${a.modelView.requests} | ${a.modelView.p50Ms} / ${a.modelView.p95Ms} ms | |`,
    );
    const g = a.render;
    if (g) {
      const load = (name: string, l: typeof g.cold, target: boolean) =>
        `| ${name}: navigation to the grid drawn (its answer at ${l.answerMs} ms; LCP ${l.lcpMs} ms, script ${l.scriptMs} ms, ${l.transferKb} kB) | ${l.drawnMs} ms | ` +
        (target
          ? `≤ ${TARGETS.availabilityRenderMs} ms: ${verdict(l.drawnMs <= TARGETS.availabilityRenderMs)}`
          : '') +
        ' |';
      lines.push(
        '',
        `The page in Chromium, ${g.rows} machines × ${g.days} days drawn a page (${g.path}; ${g.network.downloadMbit} Mbit/s, ${g.network.latencyMs} ms; medians of ${g.runs} loads):`,
        '',
        '| figure | measured | target |',
        '| --- | --- | --- |',
        load('cold, empty cache', g.cold, false),
        load('warm, scripts cached', g.warm, true),
        `| answer to the grid drawn, cold / warm | ${g.cold.answerToDrawnMs} / ${g.warm.answerToDrawnMs} ms | |`,
        `| next page: click to drawn / answer to drawn | ${g.nextPage.clickToDrawnMs} / ${g.nextPage.answerToDrawnMs} ms | |`,
      );
    }
  }
  if (r.retention) {
    const x = r.retention;
    lines.push(
      '',
      `## retention: telemetry's storage, ${x.machines} machines reporting every 10 s for ${x.hours} h (${x.rawDays} raw days, ${x.bucketDays} bucket days)`,
      '',
      '| engine | raw a report | a 5-minute bucket | a machine over the bucket days: all raw / with retention | kept a report | target |',
      '| --- | --- | --- | --- | --- | --- |',
      ...x.engines.map(
        (e) =>
          `| ${e.engine} | ${e.rawBytesPerReport} B | ${e.bytesPerBucket} B | ${e.machineKeptRawMb} / ${e.machineKeptMb} MB | ${e.bytesPerReportKept} B | ` +
          (e.engine === 'postgres'
            ? `raw ≤ ${TARGETS.telemetryBytesPerReportPg} B: ${verdict(e.rawBytesPerReport <= TARGETS.telemetryBytesPerReportPg)}`
            : '') +
          ' |',
      ),
    );
    for (const e of x.engines) {
      lines.push('', `${e.engine}'s raw bytes a report by table and index (${e.reports} reports; load ${e.load.join(' ')}):`);
      lines.push('', '| relation | bytes a report |', '| --- | --- |');
      lines.push(...Object.entries(e.rawParts).map(([name, n]) => `| ${name} | ${n} B |`));
    }
  }
  if (r.retentionPass) {
    const x = r.retentionPass;
    lines.push(
      '',
      `## retention-pass: the device list while the retention job prunes ${x.days} days of ${x.machines} machines' history, ${x.rate} machines reporting every second`,
      '',
      '| engine | history rows (written in) | p50 / p95 / p99 keeping 366 raw days | p50 / p95 / p99 pruning to 7 | rows pruned in the run | ingest msgs/s (without / during) | target |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...x.engines.map(
        (e) =>
          `| ${e.engine} | ${e.historyRows} (${e.historyWriteS} s) | ${e.withoutPass.p50Ms} / ${e.withoutPass.p95Ms} / ${e.withoutPass.p99Ms} ms | ` +
          `${e.duringPasses.p50Ms} / ${e.duringPasses.p95Ms} / ${e.duringPasses.p99Ms} ms | ${e.duringPasses.rowsPruned} | ` +
          `${e.withoutPass.ingestMsgsPerSec} / ${e.duringPasses.ingestMsgsPerSec} | p99 ≤ ${TARGETS.retentionPassP99Ratio} × without: ${e.p99Ratio} × ${verdict(e.p99Ratio <= TARGETS.retentionPassP99Ratio)} |`,
      ),
    );
  }
  if (r.web) lines.push(...webSection(r.web));
  return `${lines.join('\n')}\n`;
}

/**
 * A table of figures side by side: the product on each engine measured, the baseline where there is one, and the
 * target. A column no row fills (an engine not measured, no baseline) is left out.
 */
function sideBySide(
  heads: { sqlite: string; postgres: string; baseline: string },
  rows: { figure: string; sqlite?: string; postgres?: string; baseline?: string; target?: string }[],
  present: { sqlite: boolean; postgres: boolean; baseline: boolean },
): string[] {
  const columns = (['sqlite', 'postgres', 'baseline'] as const).filter((c) => present[c]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(['figure', ...columns.map((c) => heads[c]), 'target']),
    line(['---', ...columns.map(() => '---'), '---']),
    ...rows.map((row) => line([row.figure, ...columns.map((c) => row[c] ?? ''), row.target ?? ''])),
  ];
}

/** A target held per engine: named by engine when both were measured. */
function perEngine(targets: { sqlite?: string; postgres?: string }): string {
  const both = targets.sqlite !== undefined && targets.postgres !== undefined;
  return [
    targets.sqlite !== undefined ? `${both ? 'SQLite ' : ''}${targets.sqlite}` : undefined,
    targets.postgres !== undefined ? `${both ? 'PostgreSQL ' : ''}${targets.postgres}` : undefined,
  ]
    .filter(Boolean)
    .join('; ');
}

/** The ingest statistics the server kept, as one cell: refusals by reason where there are any. */
function serverCounts(c: IngestResult['server']): string {
  if (!c) return 'not answered';
  const refused = Object.entries(c.rejected).filter(([, n]) => n > 0);
  const total = refused.reduce((sum, [, n]) => sum + n, 0);
  const reasons = refused.length ? ` (${refused.map(([reason, n]) => `${reason} ${n}`).join(', ')})` : '';
  return `${c.received} / ${c.stored} / ${c.acks} / ${total}${reasons} / ${c.failed}`;
}

/** The `ingest` part: the product on each engine measured, SQLite's beside its baseline. */
function ingestSection(s: IngestResult | undefined, p: IngestPostgresResult | undefined): string[] {
  const any = (s ?? p)!;
  const both = (f: (i: IngestResult | IngestPostgresResult) => string) => ({
    sqlite: s && f(s),
    postgres: p && f(p),
  });
  const notFinal = (i: IngestResult | IngestPostgresResult) =>
    i.settleGaveUp ? ' (the wait for the server gave up: not final)' : '';
  const lostMet = (i: IngestResult | IngestPostgresResult) => verdict(i.lost === 0 && !i.settleGaveUp);
  return [
    '',
    `## ingest: ${any.machines} simulated machines reporting every second, ${any.seconds} s`,
    '',
    ...sideBySide(
      {
        sqlite: 'SQLite',
        postgres: 'PostgreSQL',
        baseline: 'baseline (broker + counting subscriber)',
      },
      [
        {
          figure: 'machines on line, connected in',
          ...both((i) => `${i.online} in ${i.connectS} s`),
          baseline: s && `${s.baselineOnline} in ${s.baselineConnectS} s`,
          target: `${any.machines}`,
        },
        {
          figure: 'messages/s stored',
          ...both((i) => `${i.msgsPerSec}`),
          baseline: s && `${s.baselineMsgsPerSec}`,
          target: perEngine({
            sqlite: s && `≥ ${TARGETS.ingestMsgsPerSec}: ${verdict(s.msgsPerSec >= TARGETS.ingestMsgsPerSec)}`,
            postgres: p && `≥ ${TARGETS.ingestPgMsgsPerSec}: ${verdict(p.msgsPerSec >= TARGETS.ingestPgMsgsPerSec)}`,
          }),
        },
        ...(s
          ? [
              {
                figure: 'ratio',
                sqlite: `${s.ratio}`,
                target: `${p ? 'SQLite ' : ''}≥ ${TARGETS.ingestRatio}: ${verdict(s.ratio >= TARGETS.ingestRatio)}`,
              },
            ]
          : []),
        {
          figure: 'in the window: sent / acknowledged / stored',
          ...both((i) => `${i.window.sent} / ${i.window.acked} / ${i.window.stored}`),
        },
        {
          figure: 'whole run: sent / acknowledged / stored',
          ...both((i) => `${i.sent} / ${i.acked} / ${i.stored}`),
          baseline:
            s &&
            `${s.baselineSent} sent / ${s.baselineReceived} received${s.baselineSettleGaveUp ? ' (the wait gave up)' : ''}`,
        },
        {
          figure: "dropped by units / held by units at the end / server's backlog at the end / lost",
          ...both(
            (i) =>
              `${i.droppedBeforeConnect} / ${i.heldByUnitsAtEnd} / ${i.serverBacklogAtEnd} / ${i.lost}${notFinal(i)}`,
          ),
          target: `0 lost: ${perEngine({ sqlite: s && lostMet(s), postgres: p && lostMet(p) })}`,
        },
        {
          figure: "the server's own count: received / stored / commands acknowledged / refused (by reason) / lost to a failed write",
          ...both((i) => serverCounts(i.server)),
        },
        { figure: 'device time to receive, p99', ...both((i) => `${i.lagP99Ms} ms`) },
        { figure: 'receive to commit, p99', ...both((i) => `${i.commitLagP99Ms} ms`) },
        {
          figure: 'CPU (share of one core)',
          sqlite: s && `server ${s.cpu.server}%, simulator ${s.cpu.simulator}%`,
          postgres:
            p &&
            `server ${p.cpu.server}%, simulator ${p.cpu.simulator}%, PostgreSQL's backends of the database ${p.cpu.database}%`,
          baseline: s && `broker ${s.cpu.baselineBroker}%`,
        },
        { figure: 'load average when the window ended', ...both((i) => (i.load ?? []).join(' ')) },
      ],
      { sqlite: !!s, postgres: !!p, baseline: !!s },
    ),
  ];
}

/** The `api` part: the device list on each engine measured, SQLite's beside its baseline, PostgreSQL's against SQLite's. */
function apiSection(s: ApiResult | undefined, p: ApiPostgresResult | undefined): string[] {
  const any = (s ?? p)!;
  const both = (f: (a: ApiResult | ApiPostgresResult) => string) => ({ sqlite: s && f(s), postgres: p && f(p) });
  const pgP99 =
    p &&
    (p.p99OfSqlite === null
      ? `≤ ${TARGETS.apiPgP99OfSqlite} × SQLite's: not measured without SQLite (BENCH_DB=both)`
      : `≤ ${TARGETS.apiPgP99OfSqlite} × SQLite's (${p.p99OfSqlite} ×): ${verdict(p.p99OfSqlite <= TARGETS.apiPgP99OfSqlite)}`);
  const turns = [
    s && `on SQLite with the baseline's`,
    p && `on PostgreSQL with pauses of the same length (the baseline's turns)`,
  ].filter(Boolean);
  return [
    '',
    `## api: the device list under ingest`,
    '',
    `\`${any.request}\`, in turns of ${any.turnS} s: ${turns.join(', ')}.` +
      ` Each engine in ${any.stretches} stretches, a stack started for each, its latencies pooled` +
      (s && p ? `, the engines taking turns (SQLite's first).` : '.'),
    '',
    ...sideBySide(
      {
        sqlite: 'SQLite',
        postgres: 'PostgreSQL',
        baseline: 'baseline (Hono + better-sqlite3, same SQL, on SQLite)',
      },
      [
        {
          figure: 'ingest meanwhile (machines reporting of those seeded)',
          ...both((a) => `${a.ingestMsgsPerSec} messages/s (${a.reporting} of ${a.machines})`),
        },
        { figure: 'requests', ...both((a) => `${a.requests}`) },
        { figure: 'p50', ...both((a) => `${a.p50Ms} ms`), baseline: s && `${s.baselineP50Ms} ms` },
        { figure: 'p95', ...both((a) => `${a.p95Ms} ms`) },
        {
          figure: 'p99',
          ...both((a) => `${a.p99Ms} ms`),
          baseline: s && `${s.baselineP99Ms} ms`,
          target: perEngine({
            sqlite:
              s &&
              `≤ ${TARGETS.apiP99OfBaseline} × baseline, and < ${TARGETS.apiP99Ms} ms where the baseline is under ${TARGETS.apiFastBaselineMs} ms: ${verdict(apiP99Met(s))}`,
            postgres: pgP99,
          }),
        },
        {
          figure: 'p95 with 20,000 machines, idle',
          ...both((a) => `${a.deviceList20kP95Ms} ms (p99 ${a.deviceList20kP99Ms} ms)`),
          target: `< ${TARGETS.deviceList20kP95Ms} ms: ${perEngine({
            sqlite: s && verdict(s.deviceList20kP95Ms < TARGETS.deviceList20kP95Ms),
            postgres: p && verdict(p.deviceList20kP95Ms < TARGETS.deviceList20kP95Ms),
          })}`,
        },
        { figure: 'load average when the measurement under ingest ended', ...both((a) => (a.load ?? []).join(' ')) },
      ],
      { sqlite: !!s, postgres: !!p, baseline: !!s },
    ),
  ];
}

/** The `web` part: each page cold and warm beside the baseline page, and the issue's targets. */
function webSection(w: NonNullable<BenchReport['web']>): string[] {
  const floor = w.baseline.cold.firstDataMs;
  const row = (p: typeof w.baseline, target: boolean) => {
    const dataOk =
      p.cold.firstDataMs <= TARGETS.firstDataColdMs &&
      p.warm.firstDataMs <= TARGETS.firstDataWarmMs &&
      p.cold.firstDataMs <= TARGETS.firstDataOfBaseline * floor;
    const lcp = `${p.cold.lcpMs} / ${p.warm.lcpMs}`;
    const data = `${p.cold.firstDataMs} / ${p.warm.firstDataMs}`;
    const bytes = `${p.cold.transferKb} (${p.cold.jsTransferKb} JS) / ${p.warm.transferKb} (${p.warm.jsTransferKb} JS)`;
    const js = `${p.cold.scriptMs} / ${p.warm.scriptMs}`;
    const verdicts = target
      ? [
          `first data: ${verdict(dataOk)}`,
          `warm JS again: ${verdict(p.warm.jsTransferKb <= TARGETS.warmJsKb)}`,
          ...(p.path === '/login' ? [`LCP < ${TARGETS.loginLcpMs} ms: ${verdict(p.cold.lcpMs < TARGETS.loginLcpMs)}`] : []),
        ].join('; ')
      : 'the floor';
    return `| \`${p.path}\` | ${lcp} | ${data} | ${bytes} | ${js} | ${verdicts} |`;
  };
  const login = w.pages.find((p) => p.path === '/login');
  return [
    '',
    `## web: the built console in Chromium on ${w.network.downloadMbit} Mbit/s and ${w.network.latencyMs} ms, cold then warm, median of ${w.runs}`,
    '',
    `Scripts arrived as ${w.scriptEncoding}. Targets: first data ≤ ${TARGETS.firstDataColdMs} ms cold, ≤ ${TARGETS.firstDataWarmMs} ms warm and ≤ ${TARGETS.firstDataOfBaseline} × the baseline's cold (${floor} ms); no JavaScript downloaded again warm.`,
    '',
    '| page | LCP cold / warm (ms) | first data cold / warm (ms) | KB received cold / warm | JS run cold / warm (ms) | targets |',
    '| --- | --- | --- | --- | --- | --- |',
    row(w.baseline, false),
    ...w.pages.map((p) => row(p, true)),
    '',
    `/login's compressed JavaScript: ${login?.cold.jsTransferKb ?? '?'} KB received cold (build's count ${w.loginBundleKb} KB brotli), target ≤ ${TARGETS.loginJsKb} KB: ${verdict((login?.cold.jsTransferKb ?? Infinity) <= TARGETS.loginJsKb)}.`,
  ];
}
