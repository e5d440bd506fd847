/**
 * Ingest's store and the daily rollup on PostgreSQL (docs/decisions/067, step 5): the same messages, in the same
 * batches, on the same seeded business give the same reports, track points, alarms, machine logs, machines' state and
 * daily work as on SQLite; a change another connection makes to a kept machine is seen by the next batch on both; and
 * the rollup on PostgreSQL passes over no report that commits after one with a larger id was folded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openDb, type AnyDbHandle, type Db, type DbHandle } from '@console/db/client';
import { dailyWork, workCursors } from '@console/db/schema/analysis';
import { deviceLogs, devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { seedDemo, type SeedOptions } from '@console/db/seed/demo';
import { topics } from '@console/contract/mqtt/topics';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { storedData } from '@console/contract/mqtt/stored-data';
import { createStore, type StoreItem, type WriteResult } from '@console/server/src/ingest/store';
import { createPgStore } from '@console/server/src/ingest/store-pg';
import { validateUplink, type KnownDevice } from '@console/server/src/ingest/validate';
import { loadThresholds, thresholdsFor } from '@console/server/src/lib/alarm-thresholds';
import { rollUpAll } from '@console/server/src/analysis/rollup';
import { rollUpAllPg, rollUpChunkPg } from '@console/server/src/analysis/rollup-pg';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

// The seed's options as db-pg/seed.test.ts's; the machines report from an hour after it.
const OPTIONS: SeedOptions = { devices: 60, historyDevices: 0, now: Date.UTC(2026, 10, 20, 6, 30) };
const T0 = OPTIONS.now! + 3_600_000;

/** An aerial platform's report at `t` (a machine of the seeded fleet, working). */
function report(t: number, data: Partial<Record<'loadPct' | 'batteryPct' | 'workingHours', number>> = {}) {
  const message: TelemetryMessage = {
    seq: 1,
    t,
    signal: 'strong',
    lock: 'unlocked',
    pos: { lat: 31.2304 + (t - T0) / 1e9, lng: 121.4737, speed: 3.5, fix: 'gps' },
    data: {
      kind: 'aerialPlatform',
      platformHeightM: 8,
      loadPct: 40,
      tiltDeg: 2,
      batteryV: 24.6,
      batteryPct: 70,
      driving: false,
      lifting: true,
      workingHours: 1234.5 + (t - T0) / 3_600_000,
      faults: [],
      ...data,
    },
  };
  return message;
}

type Message = [kind: 'telemetry' | 'status', serial: string, body: object, receivedAt: number];

/** The machines' messages, batch by batch: alarms opened, escalated, ended, a machine offline and back. */
function script([a, b, c]: string[]): Message[][] {
  const at = (s: number) => T0 + s * 1000;
  return [
    [
      ['telemetry', a!, report(at(0)), at(1)],
      ['telemetry', b!, report(at(0)), at(1)],
      ['telemetry', c!, report(at(0)), at(1)],
      ['telemetry', a!, report(at(10), { loadPct: 85 }), at(11)],
      ['telemetry', b!, report(at(10), { batteryPct: 5 }), at(11)],
      ['status', c!, { t: at(12), online: false, reason: 'shutdown' }, at(12)],
    ],
    [
      ['telemetry', a!, report(at(20), { loadPct: 97 }), at(21)],
      ['telemetry', b!, report(at(20), { batteryPct: 60 }), at(21)],
      ['status', c!, { t: at(22), online: true }, at(22)],
      ['telemetry', c!, report(at(25)), at(26)],
      // An older report than the machine's newest: history only.
      ['telemetry', a!, report(at(15), { loadPct: 50 }), at(27)],
    ],
    [
      ['telemetry', a!, report(at(600)), at(601)],
      ['telemetry', b!, report(at(600)), at(601)],
      ['telemetry', c!, report(at(3_600)), at(3_601)],
    ],
  ];
}

function accept(message: Message, findDevice: (sn: string) => KnownDevice | undefined): StoreItem {
  const [kind, serial, body, receivedAt] = message;
  const topic = kind === 'telemetry' ? topics.telemetry(serial) : topics.status(serial);
  const result = validateUplink(topic, Buffer.from(JSON.stringify(body)), receivedAt, findDevice);
  if (!result.ok || result.item.type === 'ack') throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.item;
}

/** A batch's outcome as a caller sees it, with alarm ids as their order of appearance (engines number apart). */
function outcome(result: WriteResult, serialOf: Map<number, string>) {
  const ids = new Map<number, number>();
  const alarmNo = (id: number) => ids.get(id) ?? (ids.set(id, ids.size + 1), ids.size);
  return {
    stored: result.stored,
    alarms: result.alarms.map((a) => ({ ...a, id: alarmNo(a.id), deviceId: serialOf.get(a.deviceId) })),
    connected: [...result.connected].map((id) => serialOf.get(id)).sort(),
    slept: [...result.slept].map((id) => serialOf.get(id)).sort(),
    devices: result.devices.map((d) => ({ ...d, openAlarms: d.openAlarms.map((a) => ({ ...a, id: alarmNo(a.id) })) })),
  };
}

/** Everything ingest and the rollup write for the machines, by serial, in an order both engines share. */
async function written(db: Db, ids: number[]) {
  const serialOf = new Map(
    (await db.select({ id: devices.id, sn: devices.serialNumber }).from(devices).all()).map((d) => [d.id, d.sn]),
  );
  const bySerial = <T extends { deviceId: number }>(rows: T[]) =>
    rows.map(({ deviceId, ...row }) => ({ serial: serialOf.get(deviceId), ...row }));
  const since = new Date(T0 - 60_000);
  return {
    telemetry: bySerial(
      await db
        .select({
          deviceId: telemetry.deviceId,
          t: telemetry.deviceTime,
          at: telemetry.receivedAt,
          data: telemetry.data,
        })
        .from(telemetry)
        .where(and(inArray(telemetry.deviceId, ids), gte(telemetry.receivedAt, since)))
        .orderBy(asc(telemetry.id))
        .all(),
    ),
    tracks: bySerial(
      await db
        .select({
          deviceId: trackPoints.deviceId,
          t: trackPoints.gpsTime,
          lat: trackPoints.lat,
          speed: trackPoints.speed,
        })
        .from(trackPoints)
        .where(and(inArray(trackPoints.deviceId, ids), gte(trackPoints.receivedAt, since)))
        .orderBy(asc(trackPoints.id))
        .all(),
    ),
    alarms: bySerial(
      await db
        .select({
          deviceId: alarms.deviceId,
          type: alarms.type,
          level: alarms.level,
          value: alarms.value,
          threshold: alarms.threshold,
          detail: alarms.detail,
          projectName: alarms.projectName,
          zoneName: alarms.zoneName,
          startedAt: alarms.startedAt,
          endedAt: alarms.endedAt,
          handledAt: alarms.handledAt,
          acknowledgedAt: alarms.acknowledgedAt,
        })
        .from(alarms)
        .where(and(inArray(alarms.deviceId, ids), gte(alarms.startedAt, since)))
        .orderBy(asc(alarms.id))
        .all(),
    ),
    logs: bySerial(
      await db
        .select({
          deviceId: deviceLogs.deviceId,
          event: deviceLogs.event,
          detail: deviceLogs.detail,
          at: deviceLogs.at,
        })
        .from(deviceLogs)
        .where(and(inArray(deviceLogs.deviceId, ids), gte(deviceLogs.at, since)))
        .orderBy(asc(deviceLogs.id))
        .all(),
    ),
    machines: (
      await db
        .select({
          serial: devices.serialNumber,
          online: devices.online,
          sleeping: devices.sleeping,
          machineOnline: devices.machineOnline,
          activity: devices.activity,
          alarmOpen: devices.alarmOpen,
          status: devices.status,
          signal: devices.signal,
          lat: devices.lat,
          lng: devices.lng,
          speed: devices.speed,
          workingHours: devices.workingHours,
          latest: devices.latest,
          lastDeviceTime: devices.lastDeviceTime,
          lastReportAt: devices.lastReportAt,
        })
        .from(devices)
        .where(inArray(devices.id, ids))
        .orderBy(asc(devices.serialNumber))
        .all()
    ).map((m) => ({ ...m, online: !!m.online, sleeping: !!m.sleeping, alarmOpen: !!m.alarmOpen })),
    days: bySerial(
      await db
        .select({
          deviceId: dailyWork.deviceId,
          day: dailyWork.day,
          timeZone: dailyWork.timeZone,
          customerOrgId: dailyWork.customerOrgId,
          contractId: dailyWork.contractId,
          hoursWorked: dailyWork.hoursWorked,
          hoursPowered: dailyWork.hoursPowered,
          distanceKm: dailyWork.distanceKm,
          lifts: dailyWork.lifts,
          reports: dailyWork.reports,
        })
        .from(dailyWork)
        .where(inArray(dailyWork.deviceId, ids))
        .orderBy(asc(dailyWork.deviceId), asc(dailyWork.day))
        .all(),
    ).sort((x, y) => `${x.serial}${x.day}`.localeCompare(`${y.serial}${y.day}`)),
    cursors: bySerial(
      await db
        .select({ deviceId: workCursors.deviceId, telemetryAt: workCursors.telemetryAt, state: workCursors.state })
        .from(workCursors)
        .where(inArray(workCursors.deviceId, ids))
        .all(),
    )
      .map((c) => ({ ...c, state: JSON.parse(c.state) as unknown }))
      .sort((x, y) => String(x.serial).localeCompare(String(y.serial))),
  };
}

/** A person handles the first machine's open alarm, through a connection other than ingest's. */
async function handleOpenAlarm(db: Db, deviceId: number): Promise<void> {
  const open = await db
    .select({ id: alarms.id })
    .from(alarms)
    .where(and(eq(alarms.deviceId, deviceId), isNull(alarms.endedAt)))
    .all();
  expect(open.length).toBeGreaterThan(0);
  for (const { id } of open)
    await db
      .update(alarms)
      .set({ handledAt: new Date(T0 + 15_000), remark: 'seen' })
      .where(eq(alarms.id, id))
      .run();
}

describe('ingest and the rollup on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let pgApi: AnyDbHandle;
  let pgIngest: AnyDbHandle;
  let dir: string;
  let sqliteApi: DbHandle;
  let sqliteIngest: DbHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_ingest');
    pgApi = await openDatabase('', { url: scratch.url });
    pgIngest = await openDatabase('', { url: scratch.url, migrate: false });
    dir = mkdtempSync(join(tmpdir(), 'console-ingest-pg-'));
    sqliteApi = openDb(join(dir, 'console.db'));
    await seedDemo(sqliteApi.db, OPTIONS);
    await seedDemo(pgApi.db, OPTIONS);
    sqliteIngest = openDb(join(dir, 'console.db'), { migrate: false, ingest: true });
  }, 600_000);
  afterAll(async () => {
    sqliteIngest?.close();
    sqliteApi?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await pgIngest?.close();
    await pgApi?.close();
    await scratch?.drop();
  });

  it('stores the same reports, alarms, logs, machines and daily work as SQLite', { timeout: 300_000 }, async () => {
    const platforms = await sqliteApi.db
      .select({ id: devices.id, sn: devices.serialNumber })
      .from(devices)
      .where(and(eq(devices.kind, 'aerialPlatform'), eq(devices.alarmOpen, false)))
      .orderBy(asc(devices.id))
      .limit(3)
      .all();
    expect(platforms).toHaveLength(3);
    const serials = platforms.map((p) => p.sn);
    const pgIds = await pgApi.db
      .select({ id: devices.id, sn: devices.serialNumber })
      .from(devices)
      .where(inArray(devices.serialNumber, serials))
      .all();
    const batches = script(serials);

    const onSqlite = createStore(sqliteIngest, {
      thresholds: (d) => thresholdsFor(sqliteIngest.sqliteDb, d.orgId, d.kind),
    });
    let held: Awaited<ReturnType<typeof loadThresholds>> | null = null;
    const onPg = createPgStore(pgIngest.db, {
      thresholds: (d) => held!(d.orgId, d.kind),
      prepare: async () => void (held = await loadThresholds(pgIngest.db)),
    });
    for (const sn of serials) await onPg.lookUp(sn);

    const sqliteSerials = new Map(platforms.map((p) => [p.id, p.sn]));
    const pgSerials = new Map(pgIds.map((p) => [p.id, p.sn]));
    for (const [i, batch] of batches.entries()) {
      const fromSqlite = onSqlite.write(batch.map((m) => accept(m, onSqlite.findDevice)));
      const fromPg = await onPg.write(batch.map((m) => accept(m, onPg.findDevice)));
      const seen = outcome(fromSqlite, sqliteSerials);
      expect(outcome(fromPg, pgSerials)).toEqual({
        ...seen,
        devices: seen.devices.map((d) => ({ ...d, id: pgIds.find((p) => p.sn === sqliteSerials.get(d.id))!.id })),
      });
      if (i === 0) {
        // Ingest keeps the machine; the handled alarm must reach its next batch on both engines.
        expect(seen.alarms.map((a) => a.state)).toContain('opened');
        await handleOpenAlarm(sqliteApi.db, platforms[0]!.id);
        await handleOpenAlarm(pgApi.db, pgIds.find((p) => p.sn === serials[0])!.id);
      }
    }
    onSqlite.writeWaiting(null);
    await onPg.writeWaiting(null);
    rollUpAll(sqliteApi);
    await rollUpAllPg(pgApi.db);

    const sqliteRows = await written(
      sqliteApi.db,
      platforms.map((p) => p.id),
    );
    const pgRows = await written(
      pgApi.db,
      pgIds.map((p) => p.id),
    );
    expect(sqliteRows.telemetry).toHaveLength(12);
    expect(sqliteRows.alarms.length).toBeGreaterThanOrEqual(2);
    expect(sqliteRows.alarms.some((a) => a.handledAt !== null)).toBe(true);
    expect(sqliteRows.logs.map((l) => l.event)).toEqual(expect.arrayContaining(['offline', 'online']));
    expect(sqliteRows.days.some((d) => d.reports > 0)).toBe(true);
    expect(pgRows).toEqual(sqliteRows);
  });

  it('folds a report that commits after one with a larger id was written', { timeout: 120_000 }, async () => {
    const db = pgApi.db;
    await rollUpAllPg(db);
    const machine = (await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.kind, 'aerialPlatform'))
      .orderBy(asc(devices.id))
      .get())!;
    const reportsOf = async () =>
      (await db.select({ reports: dailyWork.reports }).from(dailyWork).where(eq(dailyWork.deviceId, machine.id)).all())
        .map((d) => d.reports)
        .reduce((a, b) => a + b, 0);
    const before = await reportsOf();
    const first = new pg.Client({ connectionString: scratch.url });
    const second = new pg.Client({ connectionString: scratch.url });
    await first.connect();
    await second.connect();
    try {
      const insert = (client: pg.Client, t: number) =>
        client.query(
          'insert into telemetry (device_id, device_time, received_at, data) values ($1, $2, $3, $4) returning id',
          [machine.id, t, t, storedData(report(t).data)],
        );
      // The first writer takes the smaller id and commits last.
      await first.query('begin');
      const early = (await insert(first, T0 + 7_200_000)).rows[0] as { id: string };
      await second.query('begin');
      const late = (await insert(second, T0 + 7_260_000)).rows[0] as { id: string };
      await second.query('commit');
      expect(Number(late.id)).toBeGreaterThan(Number(early.id));

      const run = rollUpChunkPg(db);
      // The rollup waits for the writer still open instead of folding past its row.
      for (;;) {
        const waiting = await second.query(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
        );
        if ((waiting.rows[0] as { n: number }).n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await first.query('commit');
      expect(await run).toMatchObject({ telemetry: 2 });
    } finally {
      await first.end();
      await second.end();
    }
    expect(await rollUpChunkPg(db)).toEqual({ telemetry: 0, positions: 0 });
    expect(await reportsOf()).toBe(before + 2);
  });
});
