/**
 * The upkeep's two lanes (vacuum.ts): while a large table is being vacuumed, the rows ingest rewrites are still
 * cleared at every check, and the long vacuum is not started twice. Telemetry's vacuum can take minutes on a large
 * history, which no test database has (tests/integration/retention/vacuum.test.ts runs the lanes on PostgreSQL), so
 * the database here is a stand-in that answers the check's counts and holds that vacuum open.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '@console/db/client';
import { startVacuumJob, upkeepOf } from './vacuum.ts';

const COUNTS = [
  // ingest's machines, rewritten every few seconds
  {
    table: 'devices',
    bytes: 32 * 2 ** 20,
    live: 20_000,
    dead: 9_000,
    insertedSinceVacuum: 0,
    changedSinceAnalyze: 9_000,
  },
  // telemetry, a fifth more reports since its last vacuum
  {
    table: 'telemetry',
    bytes: 40 * 2 ** 30,
    live: 150_000_000,
    dead: 0,
    insertedSinceVacuum: 30_100_000,
    changedSinceAnalyze: 30_100_000,
  },
];

describe('the tables kept vacuumed in two lanes', () => {
  it('judges what a table needs by autovacuum’s thresholds', () => {
    expect(upkeepOf(COUNTS[0]!)).toBe('vacuum');
    expect(upkeepOf(COUNTS[1]!)).toBe('vacuum');
    expect(upkeepOf({ live: 1000, dead: 100, insertedSinceVacuum: 100, changedSinceAnalyze: 200 })).toBe('analyze');
    expect(upkeepOf({ live: 1000, dead: 100, insertedSinceVacuum: 100, changedSinceAnalyze: 100 })).toBeNull();
  });

  it('keeps clearing the machines’ rewritten rows while telemetry’s vacuum runs', async () => {
    const dialect = new PgDialect();
    const vacuums: string[] = [];
    let finishTelemetry: (() => void) | null = null;
    const db = {
      all: async () => COUNTS,
      run: (statement: SQL) => {
        const text = dialect.sqlToQuery(statement).sql;
        vacuums.push(text);
        if (!text.includes('telemetry')) return Promise.resolve();
        return new Promise<void>((resolve) => (finishTelemetry = resolve));
      },
    } as unknown as Db;
    const warnings: unknown[] = [];
    const job = startVacuumJob({ db, log: (_level, message) => warnings.push(message) }, 10);

    const ofDevices = () => vacuums.filter((text) => text === 'vacuum (analyze, skip_locked) "devices"').length;
    await vi.waitFor(() => expect(ofDevices()).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 10 });
    // Telemetry's vacuum, still going, was started once and not doubled by the checks since.
    expect(vacuums.filter((text) => text.includes('telemetry'))).toEqual(['vacuum (analyze, skip_locked) "telemetry"']);

    finishTelemetry!();
    await job.stop();
    expect(warnings).toEqual([]);
  });
});
