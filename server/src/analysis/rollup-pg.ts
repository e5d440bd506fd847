import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { organisations } from '@console/db/schema/accounts';
import { dailyWork, rollupWatermarks, workCursors } from '@console/db/schema/analysis';
import { devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { leasePeriods } from '@console/db/schema/lease-periods';
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
  type MachineRow,
} from './rollup-fold.ts';

/** The rows of each table that are committed, or never will be: the rollup reads no further (0006's function). */
async function committedIds(db: Db): Promise<{ telemetry: number; track_points: number }> {
  return (await db.transaction(async (tx) =>
    tx.get<{ telemetry: number; track_points: number }>(sql`select * from rollup_committed_ids()`),
  ))!;
}

/**
 * One chunk of the daily rollup on PostgreSQL (rollup.ts is SQLite's; the fold between is the same). Its watermarks
 * are ids as on SQLite, but PostgreSQL hands ids out before commit and in no commit order: a row with a smaller id
 * may commit after a larger one was folded. So the chunk first asks up to which ids every row is settled
 * (`rollup_committed_ids()`, db/migrations-pg 0006: writers of telemetry and track points hold a lock shared until
 * they commit, which the function takes exclusively for a moment, and answers the last ids handed out), and reads no
 * row past them. Every statement is one per table, whatever the chunk's size.
 */
export async function rollUpChunkPg(db: Db, options: Omit<ChunkOptions, 'beforeCommit'> = {}): Promise<ChunkResult> {
  const d = dialectOf(db);
  const size = options.chunk ?? ROLLUP_CHUNK;
  const upTo = await committedIds(db);
  return db.transaction(async (): Promise<ChunkResult> => {
    const marks = new Map((await db.select().from(rollupWatermarks).all()).map((w) => [w.name, w.lastId] as const));
    const reports = await db
      .select({
        id: telemetry.id,
        deviceId: telemetry.deviceId,
        t: sql<number>`${telemetry.deviceTime}`,
        data: sql<string>`${telemetry.data}`,
      })
      .from(telemetry)
      .where(and(gt(telemetry.id, marks.get(TELEMETRY) ?? 0), lte(telemetry.id, upTo.telemetry)))
      .orderBy(asc(telemetry.id))
      .limit(size)
      .all();
    const points = await db
      .select({
        id: trackPoints.id,
        deviceId: trackPoints.deviceId,
        t: sql<number>`${trackPoints.gpsTime}`,
        lat: trackPoints.lat,
        lng: trackPoints.lng,
        speed: trackPoints.speed,
      })
      .from(trackPoints)
      .where(and(gt(trackPoints.id, marks.get(TRACKS) ?? 0), lte(trackPoints.id, upTo.track_points)))
      .orderBy(asc(trackPoints.id))
      .limit(size)
      .all();
    if (reports.length === 0 && points.length === 0) return { telemetry: 0, positions: 0 };

    const ids = JSON.stringify(chunkMachines(reports, points));
    const machines: MachineRow[] = await db
      .select({
        id: devices.id,
        kind: devices.kind,
        orgId: devices.orgId,
        customerOrgId: devices.customerOrgId,
        distributorOrgId: devices.distributorOrgId,
        province: organisations.province,
        city: organisations.city,
      })
      .from(devices)
      .leftJoin(organisations, eq(organisations.id, sql`coalesce(${devices.customerOrgId}, ${devices.orgId})`))
      .where(d.inJsonArray(devices.id, ids))
      .all();
    const cursors = await db
      .select({
        deviceId: workCursors.deviceId,
        telemetryAt: workCursors.telemetryAt,
        state: workCursors.state,
        trackAt: workCursors.trackAt,
        lat: workCursors.lat,
        lng: workCursors.lng,
        speed: workCursors.speed,
      })
      .from(workCursors)
      .where(d.inJsonArray(workCursors.deviceId, ids))
      .all();
    const folded = foldChunk(reports, points, machines, cursors);
    const leases =
      folded.days.size === 0
        ? []
        : await db
            .select({
              deviceId: leasePeriods.deviceId,
              contractId: leasePeriods.contractId,
              renterOrgId: leasePeriods.renterOrgId,
              startOn: leasePeriods.startOn,
              endOn: leasePeriods.endOn,
            })
            .from(leasePeriods)
            .where(d.inJsonArray(leasePeriods.deviceId, JSON.stringify([...folded.days.keys()])))
            .orderBy(desc(leasePeriods.startOn))
            .all();

    const days = dayRows(folded, leases);
    if (days.length > 0) {
      const c = dailyWork;
      const columns = {
        device_id: c.deviceId,
        day: c.day,
        time_zone: c.timeZone,
        kind: c.kind,
        owner_org_id: c.ownerOrgId,
        customer_org_id: c.customerOrgId,
        distributor_org_id: c.distributorOrgId,
        contract_id: c.contractId,
        hours_worked: c.hoursWorked,
        hours_powered: c.hoursPowered,
        distance_km: c.distanceKm,
        volume_m3: c.volumeM3,
        area_m2: c.areaM2,
        lifts: c.lifts,
        energy_kwh: c.energyKwh,
        cycles: c.cycles,
        reports: c.reports,
      };
      // prettier-ignore
      const rows = days.map((r) => [
        r.deviceId, r.day, r.timeZone, r.kind, r.ownerOrgId, r.customerOrgId, r.distributorOrgId, r.contractId,
        r.hoursWorked, r.hoursPowered, r.distanceKm, r.volumeM3, r.areaM2, r.lifts, r.energyKwh, r.cycles, r.reports,
      ]);
      const names = sql.raw(Object.keys(columns).join(', '));
      // As rollup.ts: a day already there adds this chunk's totals, and takes the day's customer and contract.
      await db.run(sql`insert into daily_work (${names}) select ${names} from ${d.rowsOf('v', columns, rows)}
        on conflict (device_id, day) do update set
          hours_worked = daily_work.hours_worked + excluded.hours_worked,
          hours_powered = daily_work.hours_powered + excluded.hours_powered,
          distance_km = daily_work.distance_km + excluded.distance_km,
          volume_m3 = daily_work.volume_m3 + excluded.volume_m3, area_m2 = daily_work.area_m2 + excluded.area_m2,
          lifts = daily_work.lifts + excluded.lifts, energy_kwh = daily_work.energy_kwh + excluded.energy_kwh,
          cycles = daily_work.cycles + excluded.cycles, reports = daily_work.reports + excluded.reports,
          customer_org_id = excluded.customer_org_id, distributor_org_id = excluded.distributor_org_id,
          contract_id = coalesce(excluded.contract_id, daily_work.contract_id)`);
    }
    const saved = cursorRows(folded);
    if (saved.length > 0) {
      const w = workCursors;
      const columns = {
        device_id: w.deviceId,
        telemetry_at: w.telemetryAt,
        state: w.state,
        track_at: w.trackAt,
        lat: w.lat,
        lng: w.lng,
        speed: w.speed,
      };
      const names = sql.raw(Object.keys(columns).join(', '));
      await db.run(sql`insert into work_cursors (${names}) select ${names} from ${d.rowsOf('v', columns, saved)}
        on conflict (device_id) do update set telemetry_at = excluded.telemetry_at, state = excluded.state,
          track_at = excluded.track_at, lat = excluded.lat, lng = excluded.lng, speed = excluded.speed`);
    }
    const moved: [string, number][] = [];
    if (reports.length > 0) moved.push([TELEMETRY, reports.at(-1)!.id]);
    if (points.length > 0) moved.push([TRACKS, points.at(-1)!.id]);
    await db
      .insert(rollupWatermarks)
      .values(moved.map(([name, lastId]) => ({ name, lastId })))
      .onConflictDoUpdate({ target: rollupWatermarks.name, set: { lastId: sql`excluded.last_id` } })
      .run();
    return { telemetry: reports.length, positions: points.length };
  });
}

/** Fold until caught up (tests). Answers the rows read. */
export async function rollUpAllPg(db: Db, options: Omit<ChunkOptions, 'beforeCommit'> = {}): Promise<ChunkResult> {
  const total = { telemetry: 0, positions: 0 };
  for (;;) {
    const r = await rollUpChunkPg(db, options);
    total.telemetry += r.telemetry;
    total.positions += r.positions;
    if (r.telemetry === 0 && r.positions === 0) return total;
  }
}
