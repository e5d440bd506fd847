/**
 * Migration telemetry_one_row_a_report (docs/decisions/075, its layout) on both engines: a database the previous
 * version left, with reports, their track points and the watermarks of the rollup and the buckets, keeps every
 * reading and position after it, one row a report, the kind data as values.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { KindData } from '@console/contract/mqtt/payloads';
import { readStoredData } from '@console/contract/mqtt/stored-data';
import { createScratchDatabase } from '../db-pg/scratch-database.ts';
import { migrateAll, migratedBefore } from './migrated-up-to.ts';

const PLATFORM: KindData = {
  kind: 'aerialPlatform',
  platformHeightM: 8.5,
  loadPct: 40,
  tiltDeg: 1.2,
  batteryV: 24.6,
  batteryPct: 88,
  driving: true,
  lifting: false,
  workingHours: 1204.5,
  faults: ['E_TILT'],
};
const PUMP: KindData = {
  kind: 'concretePump',
  pumpStatus: 'pumping',
  mode: 'energySaving',
  displacementM3h: 62,
  pressureMpa: 18.5,
  pumpCurrentA: [140, 152.5],
  engineHours: 310,
  faults: [],
};

/** Before: machine 5's reports at 1,000 (with a position and an alarm) and 2,000 (none); machine 6's at 1,000. */
const REPORTS: [number, number, number, number, KindData][] = [
  [1, 5, 1_000, 1_400, PLATFORM],
  [2, 5, 2_000, 2_400, { ...PLATFORM, loadPct: 55 }],
  [3, 6, 1_000, 1_300, PUMP],
];
const POINTS: [number, number, number, number, number, number, number, string, number | null][] = [
  [1, 5, 1_000, 1_400, 31.2, 121.4, 52, 'Overspeed', 52],
  [2, 6, 1_000, 1_300, 30.1, 120.2, 0, '', null],
];
// The rollup had folded track point 1, the buckets both.
const MARKS: [string, number][] = [
  ['telemetry', 3],
  ['track_points', 1],
  ['buckets.telemetry', 3],
  ['buckets.track_points', 2],
];

const AFTER = {
  telemetry: [
    { id: 1, lat: 31.2, lng: 121.4, speed: 52, alarm_info: 'Overspeed', alarm_value: 52, data: PLATFORM },
    {
      id: 2,
      lat: null,
      lng: null,
      speed: null,
      alarm_info: null,
      alarm_value: null,
      data: { ...PLATFORM, loadPct: 55 },
    },
    { id: 3, lat: 30.1, lng: 120.2, speed: 0, alarm_info: '', alarm_value: null, data: PUMP },
  ],
  points: [
    { id: 1, device_id: 5, gps_time: 1_000, received_at: 1_400 },
    { id: 3, device_id: 6, gps_time: 1_000, received_at: 1_300 },
  ],
  // Track point watermarks now count reports: the last report whose position had been folded.
  marks: [
    { name: 'buckets.telemetry', last_id: 3 },
    { name: 'buckets.track_points', last_id: 3 },
    { name: 'telemetry', last_id: 3 },
    { name: 'track_points', last_id: 1 },
  ],
};

type Row = Record<string, unknown>;
const decoded = (rows: Row[]) => rows.map(({ data, ...rest }) => ({ ...rest, data: readStoredData(data as string) }));

describe('migration telemetry_one_row_a_report', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('keeps every reading and position on SQLite, one row a report', () => {
    const sqlite = new Database(':memory:');
    const dir = mkdtempSync(join(tmpdir(), 'telemetry-layout-'));
    dirs.push(dir);
    migratedBefore('telemetry_one_row_a_report', sqlite, dir);
    const report = sqlite.prepare(
      'insert into telemetry (id, device_id, device_time, received_at, data) values (?, ?, ?, ?, ?)',
    );
    for (const [id, device, t, received, data] of REPORTS) report.run(id, device, t, received, JSON.stringify(data));
    const point = sqlite.prepare(
      'insert into track_points (id, device_id, gps_time, received_at, lat, lng, speed, alarm_info, alarm_value) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const p of POINTS) point.run(...p);
    const mark = sqlite.prepare('insert into rollup_watermarks (name, last_id) values (?, ?)');
    for (const m of MARKS) mark.run(...m);

    migrateAll(sqlite);

    const rows = sqlite
      .prepare('select id, lat, lng, speed, alarm_info, alarm_value, data from telemetry order by id')
      .all() as Row[];
    expect(decoded(rows)).toEqual(AFTER.telemetry);
    expect(sqlite.prepare('select id, device_id, gps_time, received_at from track_points order by id').all()).toEqual(
      AFTER.points,
    );
    expect(sqlite.prepare('select name, last_id from rollup_watermarks order by name').all()).toEqual(AFTER.marks);
    sqlite.close();
  });

  it('keeps every reading and position on PostgreSQL, one row a report', { timeout: 120_000 }, async () => {
    const scratch = await createScratchDatabase(`${process.env.TEST_PG_PREFIX ?? 'console_test'}_layout`);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'telemetry-layout-pg-'));
      dirs.push(dir);
      const all = resolve(import.meta.dirname, '../../../db/migrations-pg');
      cpSync(all, dir, { recursive: true });
      const journalFile = join(dir, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag.endsWith('_telemetry_one_row_a_report'));
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      await migrate(drizzle({ client }), { migrationsFolder: dir });
      // Numbered by their identities, as the previous version's ingest wrote them: ids 1, 2, 3 and 1, 2.
      for (const [, device, t, received, data] of REPORTS)
        await client.query(
          'insert into telemetry (device_id, device_time, received_at, data) values ($1, $2, $3, $4)',
          [device, t, received, JSON.stringify(data)],
        );
      for (const [, ...p] of POINTS)
        await client.query(
          'insert into track_points (device_id, gps_time, received_at, lat, lng, speed, alarm_info, alarm_value) values ($1, $2, $3, $4, $5, $6, $7, $8)',
          p,
        );
      for (const m of MARKS) await client.query('insert into rollup_watermarks (name, last_id) values ($1, $2)', m);

      await migrate(drizzle({ client }), { migrationsFolder: all });

      const num = (rows: Row[]) =>
        rows.map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [
              k,
              typeof v === 'string' && /^\d+$/.test(v) && k !== 'data' ? Number(v) : v,
            ]),
          ),
        );
      const rows = await client.query(
        'select id, lat, lng, speed, alarm_info, alarm_value, data from telemetry order by id',
      );
      expect(decoded(num(rows.rows as Row[]))).toEqual(AFTER.telemetry);
      const points = await client.query('select id, device_id, gps_time, received_at from track_points order by id');
      expect(num(points.rows as Row[])).toEqual(AFTER.points);
      const marks = await client.query('select name, last_id from rollup_watermarks order by name');
      expect(num(marks.rows as Row[])).toEqual(AFTER.marks);
      // One sequence numbers both now: the rollup's committed ids agree.
      const committed = await client.query('select * from rollup_committed_ids()');
      expect(num(committed.rows as Row[])).toEqual([{ telemetry: 3, track_points: 3 }]);
    } finally {
      await client.end();
      await scratch.drop();
    }
  });
});
