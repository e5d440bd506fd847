/**
 * The API benchmark's baseline, run as a process of its own: a minimal Hono + better-sqlite3 server that answers
 * GET /api/device/list.do with the very SQL statements the console's device list runs (captured by the
 * benchmark), on the same database, with no sign-in, validation or row mapping.
 *   BENCH_DB=<file> BENCH_QUERIES=<json file> BENCH_PORT=<port> npx tsx bench/baseline-api.ts
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const captured = JSON.parse(readFileSync(process.env.BENCH_QUERIES!, 'utf8')) as { sql: string; params: unknown[] }[];
const sqlite = new Database(process.env.BENCH_DB!);
sqlite.pragma('busy_timeout = 5000');
const statements = captured.map((q) => ({ statement: sqlite.prepare(q.sql), params: q.params }));

const app = new Hono().get('/api/device/list.do', (c) =>
  c.json({ status: '200', message: '', data: statements.map(({ statement, params }) => statement.all(...params)) }),
);
const server = serve({ fetch: app.fetch, port: Number(process.env.BENCH_PORT), hostname: '127.0.0.1' }, () =>
  console.log('baseline listening'),
);
process.once('SIGTERM', () => {
  server.close();
  sqlite.close();
  process.exit(0);
});
