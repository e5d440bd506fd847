import type { DbHandle, ServerDbHandle } from '@console/db/client';
import type { LeaseDays } from '@console/db/lease-days';
import type { AppDeps } from '../lib/deps.ts';
import { startRepeatingJob } from '../lib/repeating-job.ts';
import {
  ROLLUP_CHUNK,
  TELEMETRY,
  TRACKS,
  chunkMachines,
  cursorRows,
  dayRows,
  foldChunk,
  type ChunkOptions,
  type ChunkResult,
  type Machine,
} from './rollup-fold.ts';
import { rollUpAllPg, rollUpChunkPg } from './rollup-pg.ts';

export { ROLLUP_CHUNK, type ChunkOptions, type ChunkResult } from './rollup-fold.ts';

/**
 * The rollup job (docs/decisions/037-daily-work.md): beside ingest, not in it. Every minute (and once at start) it
 * reads the telemetry and track points past its watermarks in chunks, folds them into daily_work, keeps each
 * machine's last report in work_cursors and moves the watermarks, all in one transaction per chunk: a crash
 * repeats no row and loses none. On SQLite ids only grow in commit order (one writer at a time), so a row below a
 * watermark can never appear later; on PostgreSQL they do not, and rollup-pg.ts reads only as far as every row is
 * committed (docs/decisions/067, step 5).
 */

export const ROLLUP_INTERVAL_MS = 60_000;
/**
 * The pause between two chunks of a run. Ingest waits for the write lock in SQLite's busy handler, which tries
 * again after sleeps of up to 100 ms: chunks one right after another (a backlog of 600,000 reports is 300 of them)
 * kept it out for seconds, and its batches waited while the broker held the machines' reports (decision 037).
 */
export const ROLLUP_PAUSE_MS = 100;

function statements(sqlite: DbHandle['sqlite']) {
  return {
    watermark: sqlite.prepare<[string], { lastId: number }>(
      'SELECT last_id AS lastId FROM rollup_watermarks WHERE name = ?',
    ),
    setWatermark: sqlite.prepare<[string, number]>(
      'INSERT INTO rollup_watermarks (name, last_id) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET last_id = excluded.last_id',
    ),
    telemetry: sqlite.prepare<[number, number], { id: number; deviceId: number; t: number; data: string }>(
      `SELECT id, device_id AS deviceId, device_time AS t, data FROM telemetry WHERE id > ? ORDER BY id LIMIT ?`,
    ),
    positions: sqlite.prepare<
      [number, number],
      { id: number; deviceId: number; t: number; lat: number; lng: number; speed: number }
    >(
      `SELECT id, device_id AS deviceId, gps_time AS t, lat, lng, speed FROM track_points WHERE id > ? ORDER BY id LIMIT ?`,
    ),
    machines: sqlite.prepare<[string], Omit<Machine, 'zone'> & { province: string | null; city: string | null }>(
      `SELECT d.id, d.kind, d.org_id AS orgId, d.customer_org_id AS customerOrgId,
         d.distributor_org_id AS distributorOrgId, o.province, o.city
       FROM devices d LEFT JOIN organisations o ON o.id = coalesce(d.customer_org_id, d.org_id)
       WHERE d.id IN (SELECT value FROM json_each(?))`,
    ),
    cursors: sqlite.prepare<
      [string],
      {
        deviceId: number;
        telemetryAt: number | null;
        state: string;
        trackAt: number | null;
        lat: number | null;
        lng: number | null;
        speed: number | null;
      }
    >(
      `SELECT device_id AS deviceId, telemetry_at AS telemetryAt, state, track_at AS trackAt, lat, lng, speed
       FROM work_cursors WHERE device_id IN (SELECT value FROM json_each(?))`,
    ),
    saveCursor: sqlite.prepare<
      [number, number | null, string, number | null, number | null, number | null, number | null]
    >(
      `INSERT INTO work_cursors (device_id, telemetry_at, state, track_at, lat, lng, speed) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(device_id) DO UPDATE SET telemetry_at = excluded.telemetry_at, state = excluded.state,
         track_at = excluded.track_at, lat = excluded.lat, lng = excluded.lng, speed = excluded.speed`,
    ),
    // The lease periods of the chunk's machines, read once per chunk (a day's customer and contract come from them).
    leases: sqlite.prepare<[string], LeaseDays & { deviceId: number }>(
      `SELECT device_id AS deviceId, contract_id AS contractId, renter_org_id AS renterOrgId, start_on AS startOn,
         end_on AS endOn
       FROM lease_periods WHERE device_id IN (SELECT value FROM json_each(?)) ORDER BY start_on DESC`,
    ),
    addDay: sqlite.prepare<Record<string, unknown>>(
      `INSERT INTO daily_work (device_id, day, time_zone, kind, owner_org_id, customer_org_id, distributor_org_id,
         contract_id, hours_worked, hours_powered, distance_km, volume_m3, area_m2, lifts, energy_kwh, cycles, reports)
       VALUES (@deviceId, @day, @timeZone, @kind, @ownerOrgId, @customerOrgId, @distributorOrgId, @contractId,
         @hoursWorked, @hoursPowered, @distanceKm, @volumeM3, @areaM2, @lifts, @energyKwh, @cycles, @reports)
       ON CONFLICT(device_id, day) DO UPDATE SET
         hours_worked = hours_worked + excluded.hours_worked, hours_powered = hours_powered + excluded.hours_powered,
         distance_km = distance_km + excluded.distance_km, volume_m3 = volume_m3 + excluded.volume_m3,
         area_m2 = area_m2 + excluded.area_m2, lifts = lifts + excluded.lifts,
         energy_kwh = energy_kwh + excluded.energy_kwh, cycles = cycles + excluded.cycles,
         reports = reports + excluded.reports,
         customer_org_id = excluded.customer_org_id, distributor_org_id = excluded.distributor_org_id,
         contract_id = coalesce(excluded.contract_id, contract_id)`,
    ),
  };
}

const prepared = new WeakMap<DbHandle['sqlite'], ReturnType<typeof statements>>();

/** Fold one chunk of telemetry and of track points; answers how many rows of each it read (0 and 0: caught up). */
export function rollUpChunk(dbh: DbHandle, options: ChunkOptions = {}): ChunkResult {
  const { sqlite } = dbh;
  let s = prepared.get(sqlite);
  if (!s) prepared.set(sqlite, (s = statements(sqlite)));
  const q = s;
  const size = options.chunk ?? ROLLUP_CHUNK;
  const run = sqlite.transaction((): ChunkResult => {
    const fromTelemetry = q.watermark.get(TELEMETRY)?.lastId ?? 0;
    const fromTracks = q.watermark.get(TRACKS)?.lastId ?? 0;
    const reports = q.telemetry.all(fromTelemetry, size);
    const points = q.positions.all(fromTracks, size);
    if (reports.length === 0 && points.length === 0) return { telemetry: 0, positions: 0 };

    const ids = JSON.stringify(chunkMachines(reports, points));
    const folded = foldChunk(reports, points, q.machines.all(ids), q.cursors.all(ids));
    const leases = folded.days.size > 0 ? q.leases.all(JSON.stringify([...folded.days.keys()])) : [];
    for (const day of dayRows(folded, leases)) q.addDay.run(day);
    for (const cursor of cursorRows(folded)) q.saveCursor.run(...cursor);
    if (reports.length > 0) q.setWatermark.run(TELEMETRY, reports.at(-1)!.id);
    if (points.length > 0) q.setWatermark.run(TRACKS, points.at(-1)!.id);
    options.beforeCommit?.();
    return { telemetry: reports.length, positions: points.length };
  });
  // IMMEDIATE: take the write lock at the start, so ingest's commits wait for it instead of failing ours.
  return run.immediate();
}

/** Fold until caught up (synchronously; tests and the seed). Answers the rows read. */
export function rollUpAll(dbh: DbHandle, options: ChunkOptions = {}): ChunkResult {
  const total = { telemetry: 0, positions: 0 };
  for (;;) {
    const r = rollUpChunk(dbh, options);
    total.telemetry += r.telemetry;
    total.positions += r.positions;
    if (r.telemetry === 0 && r.positions === 0) return total;
  }
}

/** Fold until caught up on the server's engine, whichever it is (the first start, tests). Answers the rows read. */
export async function rollUpAllOn(dbh: ServerDbHandle, options: { chunk?: number } = {}): Promise<ChunkResult> {
  return dbh.sqlite ? rollUpAll(dbh, options) : rollUpAllPg(dbh.db, options);
}

/**
 * Run the job: once now, then every ROLLUP_INTERVAL_MS, a chunk at a time with a pause between chunks (requests
 * and ingest's writes go on while a backlog is folded). A run still going when the next is due is not doubled.
 * `stop` resolves once no chunk runs.
 */
export function startRollupJob(
  deps: Pick<AppDeps, 'dbh' | 'log'>,
  intervalMs = ROLLUP_INTERVAL_MS,
): { stop(): Promise<void> } {
  return startRepeatingJob(
    async (stopped) => {
      while (!stopped()) {
        const { dbh } = deps;
        const r = dbh.sqlite ? rollUpChunk(dbh) : await rollUpChunkPg(dbh.db);
        if (r.telemetry === 0 && r.positions === 0) break;
        await new Promise((resolve) => setTimeout(resolve, ROLLUP_PAUSE_MS));
      }
    },
    intervalMs,
    (error) => deps.log('error', 'daily work rollup failed (it tries again on its next run)', error),
  );
}
