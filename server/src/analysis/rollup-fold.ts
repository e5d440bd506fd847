import type { KindData } from '@console/contract/mqtt/payloads';
import { readStoredData } from '@console/contract/mqtt/stored-data';
import { KIND_OUTPUTS, type MachineKind } from '@console/contract/codes/machine-kinds';
import { leaseOn, type LeaseDays } from '@console/db/lease-days';
import { emptyTotals, foldPosition, foldReport, type DayTotals, type FoldState, type PositionState } from './fold.ts';
import { DayClock, organisationZone } from './zone.ts';

/**
 * What the daily rollup's runs on both engines share (docs/decisions/037, 067 step 5): the chunk's rows folded into
 * each machine's days from its cursor on, and the rows written back. rollup.ts reads and writes on SQLite's
 * connection, rollup-pg.ts on PostgreSQL.
 */

export const ROLLUP_CHUNK = 2000;
export const TELEMETRY = 'telemetry';
export const TRACKS = 'track_points';
/** Where the travel of a kind that does not drive goes: nowhere. */
const nowhere = () => emptyTotals();

export interface Machine {
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

export interface ReportRow {
  id: number;
  deviceId: number;
  t: number;
  data: string;
}
export interface PointRow {
  id: number;
  deviceId: number;
  t: number;
  lat: number;
  lng: number;
  speed: number;
}
export type MachineRow = Omit<Machine, 'zone'> & { province: string | null; city: string | null };
export interface CursorRow {
  deviceId: number;
  telemetryAt: number | null;
  state: string;
  trackAt: number | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
}
type Cursor = { fold: FoldState | null; position: PositionState | null };
export interface Folded {
  machines: Map<number, Machine>;
  cursors: Map<number, Cursor>;
  days: Map<number, Map<string, DayTotals>>;
}

/** The machines of a chunk's rows, once each. */
export const chunkMachines = (reports: readonly ReportRow[], points: readonly PointRow[]) => [
  ...new Set([...reports.map((r) => r.deviceId), ...points.map((p) => p.deviceId)]),
];

/**
 * A chunk's reports and positions folded into each machine's days, from each machine's cursor on (what both engines'
 * runs share: rollup.ts reads and writes SQLite's connection, rollup-pg.ts PostgreSQL's).
 */
export function foldChunk(
  reports: readonly ReportRow[],
  points: readonly PointRow[],
  machineRows: readonly MachineRow[],
  cursorRows: readonly CursorRow[],
): Folded {
  const machines = new Map<number, Machine>();
  for (const m of machineRows) {
    const zone = organisationZone(m.province === null ? undefined : { province: m.province, city: m.city ?? '' });
    const { province: _province, city: _city, ...machine } = m;
    machines.set(m.id, { ...machine, zone });
  }
  const cursors = new Map(
    cursorRows.map((c) => [
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
      data = readStoredData(r.data);
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
  return { machines, cursors, days };
}

/** The daily_work rows a fold adds to, each with its day's customer and contract from the machine's leases. */
export function dayRows(folded: Folded, leaseRows: readonly (LeaseDays & { deviceId: number })[]) {
  const leases = new Map<number, LeaseDays[]>();
  for (const l of leaseRows) leases.set(l.deviceId, [...(leases.get(l.deviceId) ?? []), l]);
  const rows = [];
  for (const [deviceId, byDay] of folded.days) {
    const m = folded.machines.get(deviceId)!;
    for (const [day, totals] of byDay) {
      const site = leaseOn(leases.get(deviceId) ?? [], day, m.customerOrgId);
      rows.push({
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
  return rows;
}

/** The machines' cursors after a fold: device, telemetry time, fold state, track time, lat, lng, speed. */
export function cursorRows(folded: Folded) {
  const rows: [number, number | null, string, number | null, number | null, number | null, number | null][] = [];
  for (const [deviceId, c] of folded.cursors) {
    if (!folded.machines.has(deviceId)) continue;
    const { t, ...state } = c.fold ?? { t: null };
    // prettier-ignore
    rows.push([
      deviceId, t, JSON.stringify(state), c.position?.t ?? null, c.position?.lat ?? null, c.position?.lng ?? null,
      c.position?.speed ?? null,
    ]);
  }
  return rows;
}
