import type { DbHandle } from '@console/db/client';
import type { KindData } from '@console/contract/mqtt/payloads';
import { KIND_OUTPUTS, type MachineKind } from '@console/contract/codes/machine-kinds';
import { leaseOn, type LeaseDays } from '@console/db/lease-days';
import type { AppDeps } from '../lib/deps.ts';
import { emptyTotals, foldPosition, foldReport, type DayTotals, type FoldState, type PositionState } from './fold.ts';
import { DayClock, organisationZone } from './zone.ts';

/**
 * The rollup job (docs/decisions/037-daily-work.md): beside ingest, not in it. Every minute (and once at start) it
 * reads the telemetry and track points past its watermarks in chunks, folds them into daily_work, keeps each
 * machine's last report in work_cursors and moves the watermarks, all in one transaction per chunk: a crash
 * repeats no row and loses none. Ids only grow in commit order (SQLite has one writer at a time), so a row below
 * a watermark can never appear later.
 */

export const ROLLUP_INTERVAL_MS = 60_000;
export const ROLLUP_CHUNK = 2000;
/**
 * The pause between two chunks of a run. Ingest waits for the write lock in SQLite's busy handler, which tries
 * again after sleeps of up to 100 ms: chunks one right after another (a backlog of 600,000 reports is 300 of them)
 * kept it out for seconds, and its batches waited while the broker held the machines' reports (decision 037).
 */
export const ROLLUP_PAUSE_MS = 100;
const TELEMETRY = 'telemetry';
const TRACKS = 'track_points';
/** Where the travel of a kind that does not drive goes: nowhere. */
const nowhere = () => emptyTotals();

interface Machine {
  id: number;
  kind: string;
  orgId: number;
  customerOrgId: number | null;
  distributorOrgId: number | null;
  zone: string;
}

export interface ChunkResult {
  telemetry: number;
  positions: number;
}

export interface ChunkOptions {
  chunk?: number;
  /** Runs inside the transaction, after the writes and before the commit (tests: a crash at the worst moment). */
  beforeCommit?: () => void;
}

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

    const ids = JSON.stringify([...new Set([...reports.map((r) => r.deviceId), ...points.map((p) => p.deviceId)])]);
    const machines = new Map<number, Machine>();
    for (const m of q.machines.all(ids)) {
      const zone = organisationZone(m.province === null ? undefined : { province: m.province, city: m.city ?? '' });
      machines.set(m.id, { ...m, zone });
    }
    const cursors = new Map(
      q.cursors.all(ids).map((c) => [
        c.deviceId,
        {
          fold: c.telemetryAt === null ? null : ({ ...(JSON.parse(c.state) as object), t: c.telemetryAt } as FoldState),
          position:
            c.trackAt === null || c.lat === null || c.lng === null
              ? null
              : ({ t: c.trackAt, lat: c.lat, lng: c.lng, speed: c.speed ?? 0 } as PositionState),
        },
      ]),
    );
    const cursorOf = (id: number) => {
      let c = cursors.get(id);
      if (!c) cursors.set(id, (c = { fold: null, position: null }));
      return c;
    };
    const clocks = new Map<string, DayClock>();
    const clockOf = (zone: string) => {
      let c = clocks.get(zone);
      if (!c) clocks.set(zone, (c = new DayClock(zone)));
      return c;
    };
    const days = new Map<number, Map<string, DayTotals>>();
    const adderOf = (id: number) => {
      let byDay = days.get(id);
      if (!byDay) days.set(id, (byDay = new Map()));
      const map = byDay;
      return (day: string) => {
        let totals = map.get(day);
        if (!totals) map.set(day, (totals = emptyTotals()));
        return totals;
      };
    };

    for (const r of reports) {
      const machine = machines.get(r.deviceId);
      // A machine deleted since: its rows are passed over (the watermark moves on).
      if (!machine) continue;
      let data: KindData;
      try {
        data = JSON.parse(r.data) as KindData;
      } catch {
        continue;
      }
      if (data.kind !== machine.kind) continue;
      const cursor = cursorOf(r.deviceId);
      const next = foldReport(cursor.fold, r.t, data, clockOf(machine.zone), adderOf(r.deviceId));
      if (next) cursor.fold = next;
    }
    for (const p of points) {
      const machine = machines.get(p.deviceId);
      if (!machine) continue;
      const cursor = cursorOf(p.deviceId);
      // A kind that does not drive (a charger, a pack) is carried: its fixes move, it travels no distance (062).
      const travels = KIND_OUTPUTS[machine.kind as MachineKind]?.includes('distanceKm') ?? false;
      const next = foldPosition(cursor.position, p, clockOf(machine.zone), travels ? adderOf(p.deviceId) : nowhere);
      if (next) cursor.position = next;
    }

    const leases = new Map<number, LeaseDays[]>();
    if (days.size > 0) {
      for (const l of q.leases.all(JSON.stringify([...days.keys()]))) {
        leases.set(l.deviceId, [...(leases.get(l.deviceId) ?? []), l]);
      }
    }
    for (const [deviceId, byDay] of days) {
      const m = machines.get(deviceId)!;
      for (const [day, totals] of byDay) {
        const site = leaseOn(leases.get(deviceId) ?? [], day, m.customerOrgId);
        q.addDay.run({
          deviceId,
          day,
          timeZone: m.zone,
          kind: m.kind,
          ownerOrgId: m.orgId,
          customerOrgId: site.customerOrgId,
          distributorOrgId: m.distributorOrgId,
          contractId: site.contractId,
          ...totals,
        });
      }
    }
    for (const [deviceId, c] of cursors) {
      if (!machines.has(deviceId)) continue;
      const { t, ...state } = c.fold ?? { t: null };
      q.saveCursor.run(
        deviceId,
        t,
        JSON.stringify(state),
        c.position?.t ?? null,
        c.position?.lat ?? null,
        c.position?.lng ?? null,
        c.position?.speed ?? null,
      );
    }
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

/**
 * Run the job: once now, then every ROLLUP_INTERVAL_MS, a chunk at a time with a pause between chunks (requests
 * and ingest's writes go on while a backlog is folded). A run still going when the next is due is not doubled.
 * `stop` resolves once no chunk runs.
 */
export function startRollupJob(
  deps: Pick<AppDeps, 'dbh' | 'log'>,
  intervalMs = ROLLUP_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    try {
      while (!stopped) {
        const r = rollUpChunk(deps.dbh);
        if (r.telemetry === 0 && r.positions === 0) break;
        await new Promise((resolve) => setTimeout(resolve, ROLLUP_PAUSE_MS));
      }
    } catch (error) {
      deps.log('error', 'daily work rollup failed (it tries again on its next run)', error);
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = run().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}
