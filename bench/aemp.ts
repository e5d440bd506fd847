import { createHash } from 'node:crypto';
import { openDb } from '@console/db/client';
import { AEMP_PAGE_SIZE } from '@console/contract/http/aemp';
import { startServerProcess } from '../tests/fixtures/server-process.ts';
import { BENCH_PORTS, seedBenchDb } from './lib/fleet.ts';

/**
 * The ISO 15143-3 fleet snapshot (docs/decisions/068-iso-15143-3-api.md) on a server holding 20,000 machines: an
 * outside client of the operator (every machine) asks pages of 100 spread over the whole fleet, in XML, one
 * request after another from `CONCURRENCY` clients. Issue 38's target: p95 ≤ 200 ms.
 */

export interface AempBenchOptions {
  machines: number;
  seconds: number;
}

export interface AempBenchResult {
  machines: number;
  pages: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Bytes of one page's XML. */
  pageBytes: number;
}

const CONCURRENCY = 4;
const WARM_UP_REQUESTS = 20;
const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** A key of the operator made in the database (the bench's own, with no rate to hold it back). */
function benchKey(file: string): string {
  const secret = `mlk_bench_${Date.now().toString(36)}`;
  const dbh = openDb(file, { migrate: false });
  const org = dbh.sqlite.prepare("SELECT id FROM organisations WHERE kind = 'operator' ORDER BY id").pluck().get();
  const admin = dbh.sqlite
    .prepare('SELECT id FROM users WHERE org_id = ? AND role_id = 2 ORDER BY id')
    .pluck()
    .get(org);
  dbh.sqlite
    .prepare(
      `INSERT INTO api_keys (org_id, name, prefix, secret_hash, scope, expires_on, expires_at, rate_per_minute, created_by)
       VALUES (?, 'bench', ?, ?, 'all', '9998-12-31', ?, 100000000, ?)`,
    )
    .run(org, secret.slice(0, 10), createHash('sha256').update(secret).digest('hex'), Date.now() + 86_400_000, admin);
  dbh.close();
  return secret;
}

export async function runAempBench(options: AempBenchOptions): Promise<AempBenchResult> {
  const db = await seedBenchDb(options.machines);
  const key = benchKey(db.file);
  const server = await startServerProcess({ dbFile: db.file, range: BENCH_PORTS, env: { WATCHDOG_S: '0' } });
  const pages = Math.ceil(options.machines / AEMP_PAGE_SIZE);
  let pageBytes = 0;
  let next = 0;
  const ask = async (): Promise<number> => {
    // Pages in a fixed stride over the fleet: the first, the middle and the last are all asked for.
    const page = ((next++ * 37) % pages) + 1;
    const started = performance.now();
    const response = await fetch(`${server.api}/aemp/v2/Fleet/${page}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`Fleet/${page}: ${response.status} ${body.slice(0, 200)}`);
    pageBytes = Math.max(pageBytes, body.length);
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < WARM_UP_REQUESTS; i++) await ask();
    const latencies: number[] = [];
    const until = Date.now() + options.seconds * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < until) latencies.push(await ask());
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      machines: options.machines,
      pages,
      requests: latencies.length,
      p50Ms: round(percentile(latencies, 0.5)),
      p95Ms: round(percentile(latencies, 0.95)),
      p99Ms: round(percentile(latencies, 0.99)),
      pageBytes,
    };
  } finally {
    await server.stop();
    db.remove();
  }
}
