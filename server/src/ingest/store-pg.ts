import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { readCommittedTransaction, type Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { organisations } from '@console/db/schema/accounts';
import { deviceLogs, devices, telemetry } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import type { Activity } from '@console/contract/codes/device-state';
import type { DeviceStatus } from '@console/contract/codes/device-status';
import { applyEvent, settleStatus, type ApplyOptions, type OpenAlarm, type Plan, type WorkingDevice } from './apply.ts';
import { createRowWrites, readItem, type OwnState, type StoreItem, type TelemetryRow } from './store-rules.ts';
import { MAX_KEPT, type AlarmChange, type BatchChanges, type WriteResult } from './store.ts';
import type { KnownDevice } from './validate.ts';

/** An alarm the batch opens: written once, with what the rest of the batch did to it (escalated, ended). */
interface NewAlarm {
  alarm: OpenAlarm;
  deviceId: number;
  threshold: number | null;
  detail: string;
  projectName: string;
  zoneName: string;
  startedAt: number;
  endedAt: number | null;
}

/** What the batch did to an alarm opened before it: its state after the batch is the alarm object's. */
interface ChangedAlarm {
  alarm: OpenAlarm;
  /** Escalated: the finding's threshold, and the acknowledgement cleared. */
  escalated: { threshold: number | null } | null;
  endedAt: number | null;
}

/** The rows of one batch, written together at its end: one statement per table (docs/decisions/067, step 5). */
interface Rows {
  telemetry: TelemetryRow[];
  opened: Map<OpenAlarm, NewAlarm>;
  changed: Map<OpenAlarm, ChangedAlarm>;
  logs: unknown[][];
  devices: unknown[][];
  own: OwnState[];
}

const noRows = (): Rows => ({
  telemetry: [],
  opened: new Map(),
  changed: new Map(),
  logs: [],
  devices: [],
  own: [],
});

/**
 * Ingest's store on PostgreSQL (store.ts is SQLite's, on its synchronous connection). The same batches, the same
 * rules and the same rows, but each batch is one READ COMMITTED transaction of a few statements whatever its size: a
 * statement costs a round trip here, so the rows of a batch are gathered while its messages are applied in memory
 * and written at its end, each table's in one statement (`unnest`, dialect.ts `rowsOf`). The ids of the alarms a
 * batch opens are taken from their sequence in one statement before they are written.
 *
 * What is kept between batches (the machines' working state and open alarms) stays true as on SQLite, without
 * SQLite's connection triggers: PostgreSQL's triggers (db/migrations-pg, 0006) make every other transaction that
 * changes a machine, an alarm or an organisation's name take the kept-state lock shared and count the change;
 * `ingest_kept_state()`, the batch's first statement, takes it exclusively (waiting for those transactions to end, and
 * holding off new ones until the batch commits) and answers the count. When it moved, the batch forgets what it keeps
 * and reads again. Machines by serial are kept across that (a deleted machine's serial is forgotten when its row is
 * found missing), so that a change to one machine does not cost every machine a look-up.
 */
export function createPgStore(db: Db, options: ApplyOptions & { prepare?: () => Promise<void> }) {
  const d = dialectOf(db);
  const kept = new Map<number, WorkingDevice>();
  const known = new Map<string, KnownDevice>();
  const serials = new Map<number, string>();
  let keptAt = -1;
  const rowWrites = createRowWrites();
  /** Batches and the writes of what waits run one after the other: each reads what the one before kept. */
  let queue: Promise<unknown> = Promise.resolve();
  /** Ids given to the alarms of a batch until their own are taken from the sequence. */
  let provisional = 0;

  function forget(): void {
    kept.clear();
    rowWrites.clear();
    keptAt = -1;
  }

  /** The batch's first statement (it holds the kept-state lock from here to its commit): is what is kept true? */
  async function checkKept(): Promise<void> {
    const { version } = (await db.get<{ version: number }>(sql`select ingest_kept_state() as version`))!;
    if (version === keptAt && kept.size <= MAX_KEPT) return;
    // Only ingest writes what waits: written first, it overwrites nothing another transaction changed.
    await writeRows({ ...noRows(), own: rowWrites.takeDue(null) });
    forget();
    keptAt = version;
  }

  async function loadMissing(batch: readonly StoreItem[]): Promise<void> {
    const missing = [...new Set(batch.map((item) => item.device.id))].filter((id) => !kept.has(id));
    if (missing.length === 0) return;
    const ids = JSON.stringify(missing);
    const open = new Map<number, OpenAlarm[]>();
    const openAlarms = await db
      .select({
        deviceId: alarms.deviceId,
        id: alarms.id,
        type: alarms.type,
        level: alarms.level,
        value: alarms.value,
        handledAt: alarms.handledAt,
      })
      .from(alarms)
      .where(and(d.inJsonArray(alarms.deviceId, ids), isNull(alarms.endedAt)))
      .orderBy(asc(alarms.id))
      .all();
    for (const a of openAlarms) {
      const list = open.get(a.deviceId) ?? [];
      list.push({ id: a.id, type: a.type, level: a.level, value: a.value, handled: a.handledAt !== null });
      open.set(a.deviceId, list);
    }
    const rows = await db
      .select({
        id: devices.id,
        kind: devices.kind,
        orgId: devices.orgId,
        customerOrgId: devices.customerOrgId,
        distributorOrgId: devices.distributorOrgId,
        overspeedKmh: devices.overspeedKmh,
        projectName: sql<string>`coalesce((select ${organisations.name} from ${organisations}
          where ${organisations.id} = ${devices.customerOrgId}), ${devices.deviceName})`,
        zoneName: devices.location,
        online: devices.online,
        sleeping: devices.sleeping,
        machineOnline: devices.machineOnline,
        activity: devices.activity,
        lockLevel: devices.lockLevel,
        signal: devices.signal,
        lat: devices.lat,
        lng: devices.lng,
        speed: devices.speed,
        positioning: devices.positioning,
        workingHours: devices.workingHours,
        // Times as the store keeps them: ms, not the columns' dates.
        lastDeviceTime: sql<number | null>`${devices.lastDeviceTime}`,
        lastReportAt: sql<number | null>`${devices.lastReportAt}`,
        alarmOpen: devices.alarmOpen,
        status: devices.status,
      })
      .from(devices)
      .where(d.inJsonArray(devices.id, ids))
      .all();
    for (const row of rows) {
      kept.set(row.id, {
        ...row,
        activity: row.activity as Activity,
        status: row.status as DeviceStatus,
        latest: null,
        openAlarms: open.get(row.id) ?? [],
      } as WorkingDevice);
    }
    // A machine deleted since its serial was looked up: the serial is looked up again (it may be another's now).
    for (const id of missing) {
      const sn = serials.get(id);
      if (kept.has(id) || sn === undefined) continue;
      known.delete(sn);
      serials.delete(id);
    }
  }

  function execute(dev: WorkingDevice, plan: Plan, at: number, changes: BatchChanges, rows: Rows): void {
    const changeOf = (alarm: OpenAlarm) => {
      let change = rows.changed.get(alarm);
      if (!change) rows.changed.set(alarm, (change = { alarm, escalated: null, endedAt: null }));
      return change;
    };
    for (const alarm of plan.end) {
      const opened = rows.opened.get(alarm);
      // An alarm never ends before it started, whatever the machines' clocks say.
      if (opened) opened.endedAt = Math.max(at, opened.startedAt);
      else changeOf(alarm).endedAt = at;
      dev.openAlarms = dev.openAlarms.filter((a) => a !== alarm);
      changes.alarms.push({ id: alarm.id, deviceId: dev.id, type: alarm.type, state: 'ended', at });
    }
    for (const { alarm, type, finding, escalated } of plan.update) {
      if (escalated) {
        const { level, threshold = null } = finding;
        const opened = rows.opened.get(alarm);
        if (opened) opened.threshold = threshold;
        else changeOf(alarm).escalated = { threshold };
        Object.assign(alarm, { type, level });
      } else if (!rows.opened.has(alarm)) changeOf(alarm);
      alarm.value = finding.value;
      changes.alarms.push({ id: alarm.id, deviceId: dev.id, type, state: escalated ? 'escalated' : 'updated', at });
    }
    for (const { type, finding } of plan.open) {
      const alarm: OpenAlarm = { id: --provisional, type, level: finding.level, value: finding.value, handled: false };
      rows.opened.set(alarm, {
        alarm,
        deviceId: dev.id,
        threshold: finding.threshold ?? null,
        detail: finding.detail ?? '',
        projectName: dev.projectName,
        zoneName: dev.zoneName,
        startedAt: at,
        endedAt: null,
      });
      dev.openAlarms.push(alarm);
      changes.alarms.push({ id: alarm.id, deviceId: dev.id, type, state: 'opened', at });
    }
    for (const log of plan.logs) {
      rows.logs.push([dev.id, log.event, log.detail, at]);
      if (log.event === 'online' || log.event === 'wake') changes.connected.add(dev.id);
      if (log.event === 'sleep') changes.slept.add(dev.id);
    }
    settleStatus(dev);
  }

  /** The batch's reports' data as JSON text, made once for the machine's latest (readItem). */
  let json = new WeakMap<object, string>();

  function writeOne(dev: WorkingDevice, item: StoreItem, changes: BatchChanges, rows: Rows): void {
    const { event, at, telemetry, saidOnline } = readItem(dev, item, json);
    if (telemetry) rows.telemetry.push(telemetry);
    if (saidOnline) changes.connected.add(dev.id);
    execute(dev, applyEvent(dev, event, item.receivedAt, options), at, changes, rows);
  }

  /** The alarms the batch opened get their ids, in the order they opened (as SQLite's inserts give them). */
  async function takeAlarmIds(rows: Rows, changes: AlarmChange[]): Promise<void> {
    if (rows.opened.size === 0) return;
    const ids = await db.all<{ id: number }>(d.newIds(alarms.id, rows.opened.size));
    const real = new Map<number, number>();
    [...rows.opened.keys()].forEach((alarm, i) => {
      real.set(alarm.id, ids[i]!.id);
      alarm.id = ids[i]!.id;
    });
    for (const change of changes) change.id = real.get(change.id) ?? change.id;
  }

  async function writeRows(rows: Rows): Promise<void> {
    if (rows.telemetry.length > 0) {
      await db.run(sql`insert into telemetry (device_id, device_time, received_at, data, lat, lng, speed, alarm_info,
          alarm_value)
        select device_id, device_time, received_at, data, lat, lng, speed, alarm_info, alarm_value from ${d.rowsOf(
          'v',
          {
            device_id: telemetry.deviceId,
            device_time: telemetry.deviceTime,
            received_at: telemetry.receivedAt,
            data: telemetry.data,
            lat: telemetry.lat,
            lng: telemetry.lng,
            speed: telemetry.speed,
            alarm_info: telemetry.alarmInfo,
            alarm_value: telemetry.alarmValue,
          },
          rows.telemetry,
        )}`);
    }
    if (rows.opened.size > 0) {
      const opened = [...rows.opened.values()].map((a) => [
        a.alarm.id,
        a.deviceId,
        a.alarm.type,
        a.alarm.level,
        a.alarm.value,
        a.threshold,
        a.detail,
        a.projectName,
        a.zoneName,
        a.startedAt,
        a.endedAt,
      ]);
      await db.run(sql`insert into alarms (id, device_id, type, level, value, threshold, detail, project_name,
          zone_name, started_at, ended_at)
        select id, device_id, type, level, value, threshold, detail, project_name, zone_name, started_at, ended_at
        from ${d.rowsOf(
          'v',
          {
            id: alarms.id,
            device_id: alarms.deviceId,
            type: alarms.type,
            level: alarms.level,
            value: alarms.value,
            threshold: alarms.threshold,
            detail: alarms.detail,
            project_name: alarms.projectName,
            zone_name: alarms.zoneName,
            started_at: alarms.startedAt,
            ended_at: alarms.endedAt,
          },
          opened,
        )}`);
    }
    if (rows.changed.size > 0) {
      const changed = [...rows.changed.values()].map((c) => [
        c.alarm.id,
        c.alarm.type,
        c.alarm.level,
        c.alarm.value,
        c.escalated ? 1 : 0,
        c.escalated?.threshold ?? null,
        c.endedAt,
      ]);
      // An escalated alarm asks to be seen again (its acknowledgement was of a lesser alarm); an ended one never ends
      // before it started.
      await db.run(sql`update alarms set type = v.type, level = v.level, value = v.value,
          threshold = case when v.escalated then v.threshold else alarms.threshold end,
          acknowledged_at = case when v.escalated then null else alarms.acknowledged_at end,
          acknowledged_by = case when v.escalated then null else alarms.acknowledged_by end,
          ended_at = case when v.ended_at is null then alarms.ended_at else greatest(v.ended_at, alarms.started_at) end
        from ${d.rowsOf(
          'v',
          {
            id: alarms.id,
            type: alarms.type,
            level: alarms.level,
            value: alarms.value,
            // Typed as a boolean column: whether the alarm escalated.
            escalated: devices.online,
            threshold: alarms.threshold,
            ended_at: alarms.endedAt,
          },
          changed,
        )}
        where alarms.id = v.id`);
    }
    if (rows.logs.length > 0) {
      await db.run(sql`insert into device_logs (device_id, event, detail, at)
        select device_id, event, detail, at from ${d.rowsOf(
          'v',
          { device_id: deviceLogs.deviceId, event: deviceLogs.event, detail: deviceLogs.detail, at: deviceLogs.at },
          rows.logs,
        )}`);
    }
    const own = {
      signal: devices.signal,
      lat: devices.lat,
      lng: devices.lng,
      speed: devices.speed,
      positioning: devices.positioning,
      working_hours: devices.workingHours,
      latest: devices.latest,
      last_device_time: devices.lastDeviceTime,
      last_report_at: devices.lastReportAt,
      id: devices.id,
    };
    const setOwn = sql`signal = v.signal, lat = v.lat, lng = v.lng, speed = v.speed, positioning = v.positioning,
      working_hours = v.working_hours, latest = coalesce(v.latest, devices.latest),
      last_device_time = v.last_device_time, last_report_at = v.last_report_at`;
    if (rows.devices.length > 0) {
      const shared = {
        online: devices.online,
        sleeping: devices.sleeping,
        machine_online: devices.machineOnline,
        activity: devices.activity,
        lock_level: devices.lockLevel,
        alarm_open: devices.alarmOpen,
        status: devices.status,
      };
      await db.run(sql`update devices set online = v.online, sleeping = v.sleeping,
          machine_online = v.machine_online, activity = v.activity, lock_level = v.lock_level,
          alarm_open = v.alarm_open, status = v.status, ${setOwn}
        from ${d.rowsOf('v', { ...shared, ...own }, rows.devices)} where devices.id = v.id`);
    }
    if (rows.own.length > 0) {
      await db.run(sql`update devices set ${setOwn}
        from ${d.rowsOf('v', own, rows.own)} where devices.id = v.id`);
    }
  }

  async function writeBatch(batch: readonly StoreItem[]): Promise<WriteResult> {
    await options.prepare?.();
    return readCommittedTransaction(db, async () => {
      await checkKept();
      await loadMissing(batch);
      const touched = new Map<number, WorkingDevice>();
      const changes: BatchChanges = { alarms: [], connected: new Set(), slept: new Set() };
      const rows = noRows();
      let stored = 0;
      for (const item of batch) {
        const dev = kept.get(item.device.id);
        // Deleted since the message was accepted: nothing to write to.
        if (!dev) continue;
        touched.set(dev.id, dev);
        writeOne(dev, item, changes, rows);
        if (item.type !== 'silence') stored++;
      }
      const devicesAfter: WorkingDevice[] = [];
      const now = batch.reduce((latest, item) => Math.max(latest, item.receivedAt), 0);
      for (const dev of touched.values()) {
        const row = rowWrites.settle(dev, now, json);
        if (row) rows.devices.push(row);
        devicesAfter.push(dev);
      }
      rows.own.push(...rowWrites.takeDue(now));
      await takeAlarmIds(rows, changes.alarms);
      await writeRows(rows);
      // What the batch's callers see is theirs; `latest` of the kept state means a report of the next batch.
      const result = devicesAfter.map((dev) => ({ ...dev, openAlarms: [...dev.openAlarms] }));
      for (const dev of devicesAfter) dev.latest = null;
      json = new WeakMap();
      return { stored, devices: result, ...changes };
    });
  }

  /** One after the other; a batch that failed leaves nothing kept to be trusted. */
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = queue.then(work).catch((error: unknown) => {
      forget();
      throw error;
    });
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    /** A machine by serial, from memory (`lookUp` first for one not there). */
    findDevice(sn: string): KnownDevice | undefined {
      return known.get(sn);
    },
    /** Whether `sn` must be looked up before its messages are validated. */
    knows: (sn: string) => known.has(sn),
    /** Read a serial's machine into memory (none: its messages are refused as from an unknown machine). */
    async lookUp(sn: string): Promise<void> {
      const found = await db
        .select({ id: devices.id, kind: devices.kind })
        .from(devices)
        .where(eq(devices.serialNumber, sn))
        .get();
      if (!found) return;
      known.set(sn, found);
      serials.set(found.id, sn);
    },
    /** Write a batch in one transaction; all or nothing (and then nothing kept is trusted). */
    write: (batch: readonly StoreItem[]): Promise<WriteResult> => inTurn(() => writeBatch(batch)),
    /** As store.ts: the machines' own state that has waited, or all of it (null). */
    writeWaiting(now: number | null): Promise<void> | void {
      if (!rowWrites.anyDue(now)) return;
      return inTurn(() =>
        readCommittedTransaction(db, async () => {
          await checkKept();
          await writeRows({ ...noRows(), own: rowWrites.takeDue(now) });
        }),
      );
    },
  };
}
export type PgStore = ReturnType<typeof createPgStore>;
