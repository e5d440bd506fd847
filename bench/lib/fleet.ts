import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@console/db/client';
import { seedDemo } from '@console/db/seed/demo';

/** The ports the benchmark's servers, brokers and simulators listen on. */
export const BENCH_PORTS = { first: 18600, last: 18699 };

export interface BenchDb {
  dir: string;
  file: string;
  /** The seeded machines' serials and kinds, in id order. */
  machines: { serialNumber: string; kind: string; lat: number | null; lng: number | null }[];
  remove(): void;
}

/**
 * A fresh database file seeded with the demo business and `machines` machines (as `SEED_DEVICES` does), in a
 * directory of its own that `remove()` deletes.
 */
export async function seedBenchDb(machines: number, historyDevices = 0): Promise<BenchDb> {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const file = join(dir, 'console.db');
  const dbh = openDb(file);
  await seedDemo(dbh.db, { devices: machines, historyDevices });
  const rows = dbh.sqlite.prepare('SELECT serial_number, kind, lat, lng FROM devices ORDER BY id').all() as {
    serial_number: string;
    kind: string;
    lat: number | null;
    lng: number | null;
  }[];
  dbh.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  dbh.close();
  return {
    dir,
    file,
    machines: rows.map((r) => ({ serialNumber: r.serial_number, kind: r.kind, lat: r.lat, lng: r.lng })),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A scenario file for the simulator: the first `count` machines of the database, awake, each reporting every
 * `intervalS` seconds (the shortest interval a unit may be given). Both sides of a comparison run this same
 * file, so they carry the same load.
 */
export function writeScenario(db: BenchDb, count: number, intervalS = 1): string {
  if (count > db.machines.length) throw new Error(`the database holds ${db.machines.length} machines, not ${count}`);
  const machines = db.machines.slice(0, count).map((m) => ({
    serial: m.serialNumber,
    kind: m.kind,
    lat: m.lat ?? 31.2304,
    lng: m.lng ?? 121.4737,
    reportIntervalS: intervalS,
    sleeping: false,
  }));
  const file = join(db.dir, `scenario-${count}.json`);
  writeFileSync(file, JSON.stringify({ seed: 1, machines }));
  return file;
}
