import type { Transaction } from 'better-sqlite3';
import type { DbHandle } from '@console/db/client';
import type { AlarmType } from '@console/db/schema/warning';
import type { DeviceStatus } from '@console/contract/codes/device-status';
import { applyEvent, settleStatus, type ApplyOptions, type OpenAlarm, type Plan, type WorkingDevice } from './apply.ts';
import {
  createRowWrites,
  readItem,
  type OwnState,
  type SharedState,
  type StoreItem,
  type TelemetryRow,
} from './store-rules.ts';
import type { KnownDevice } from './validate.ts';

export { STATE_WRITE_MS, type SilenceItem, type StoreItem } from './store-rules.ts';

export interface AlarmChange {
  id: number;
  deviceId: number;
  type: AlarmType;
  state: 'opened' | 'escalated' | 'updated' | 'ended';
  at: number;
}

export interface WriteResult {
  /** Messages written (telemetry and status). */
  stored: number;
  /** The machines the batch touched, in their state after it. */
  devices: WorkingDevice[];
  alarms: AlarmChange[];
  /**
   * Machines that came online or woke, or said they are online (a machine says so on every connect, also when
   * the server still thought it online, e.g. after a broker restart): what waits for them is sent again.
   */
  connected: Set<number>;
  /** Machines that went to sleep. */
  slept: Set<number>;
}

export interface BatchChanges {
  alarms: AlarmChange[];
  connected: Set<number>;
  slept: Set<number>;
}

/** A machine's row as the store reads it: SQLite's own values (0/1, ms), mapped in `load`. */
interface DeviceRow extends Omit<
  WorkingDevice,
  'online' | 'sleeping' | 'machineOnline' | 'alarmOpen' | 'status' | 'latest' | 'openAlarms'
> {
  online: 0 | 1;
  sleeping: 0 | 1;
  machineOnline: 0 | 1;
  alarmOpen: 0 | 1;
  status: number;
}

/**
 * WAL pages after which a commit on ingest's connection copies the log into the database (SQLite's default is
 * 1,000, 4 MB). A batch rewrites a page of the machines' table for nearly every report, so at the default every
 * commit checkpointed (and synced); at 10,000 a checkpoint writes each page once for several batches.
 */
export const CHECKPOINT_PAGES = 10_000;

/** Machines whose working state is kept between batches; past this the memory is given back and refilled. */
export const MAX_KEPT = 100_000;

/**
 * Ingest's database side, on better-sqlite3's statements directly: ingest runs thousands of them a second, and
 * an ORM's mapping of each value and row cost as much as SQLite's own work (decision 017). Everything else in
 * the server goes through drizzle; these statements follow the schema in `db/schema` and are covered by the
 * ingest tests.
 *
 * Each machine's working state (its row and open alarms) and its serial's lookup are kept in memory between
 * batches, so a batch reads only machines it has not seen. Ingest is the only writer of what it keeps, except
 * for what people change (a handled alarm, a machine moved to another customer, a deleted machine): such a change
 * by another connection (the API's thread, which marks it in kept_state_version) or any write by other code on
 * this one (tests, the command queue beside ingest) makes the next batch forget all of it and read again, so
 * nothing it writes rests on a stale read. Other commits (commands, bills, people's work) keep it.
 */
export function createStore({ sqlite }: DbHandle, options: ApplyOptions) {
  sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  const findDevice = sqlite.prepare<[string], KnownDevice>('SELECT id, kind FROM devices WHERE serial_number = ?');
  // Moves when another connection changes what is kept (kept_state_version, moved by that connection's triggers:
  // db/client.ts) or this one changes a row (total_changes: ingest's own writes, and tests' beside it).
  const versionOf = sqlite.prepare<[], { changes: number; version: number }>(
    'SELECT total_changes() AS changes, version FROM kept_state_version WHERE id = 1',
  );
  // The machines a batch has not seen, in one statement (ids as a JSON array). The project is a scalar subquery,
  // not a join: SQLite sets up a join per execution at several times the cost.
  const loadDevices = sqlite.prepare<[string], DeviceRow>(`
    SELECT id, kind, org_id AS orgId, customer_org_id AS customerOrgId, distributor_org_id AS distributorOrgId,
      overspeed_kmh AS overspeedKmh,
      coalesce((SELECT name FROM organisations WHERE organisations.id = devices.customer_org_id), device_name)
        AS projectName,
      location AS zoneName, online, sleeping, machine_online AS machineOnline, activity, lock_level AS lockLevel,
      signal, lat, lng, speed, positioning, working_hours AS workingHours, last_device_time AS lastDeviceTime,
      last_report_at AS lastReportAt, alarm_open AS alarmOpen, status
    FROM devices WHERE id IN (SELECT value FROM json_each(?))`);
  const loadOpenAlarms = sqlite.prepare<
    [string],
    { deviceId: number; id: number; type: AlarmType; level: number; value: number | null; handledAt: number | null }
  >(`
    SELECT device_id AS deviceId, id, type, level, value, handled_at AS handledAt FROM alarms
    WHERE device_id IN (SELECT value FROM json_each(?)) AND ended_at IS NULL`);
  const insertTelemetry = sqlite.prepare<TelemetryRow>(`
    INSERT INTO telemetry (device_id, device_time, received_at, data, lat, lng, speed, alarm_info, alarm_value)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertAlarm = sqlite.prepare<Record<string, unknown>, { id: number }>(`
    INSERT INTO alarms (device_id, type, level, value, threshold, detail, project_name, zone_name, started_at)
    VALUES (@deviceId, @type, @level, @value, @threshold, @detail, @projectName, @zoneName, @startedAt)
    RETURNING id`);
  // An escalated alarm asks to be seen again: its acknowledgement was of a lesser alarm.
  const escalateAlarm = sqlite.prepare<Record<string, unknown>>(`
    UPDATE alarms SET type = @type, level = @level, value = @value, threshold = @threshold,
      acknowledged_at = NULL, acknowledged_by = NULL
    WHERE id = @id`);
  const worsenAlarm = sqlite.prepare<[number | null, number]>('UPDATE alarms SET value = ? WHERE id = ?');
  // An alarm never ends before it started, whatever the machines' clocks say.
  const endAlarm = sqlite.prepare<[number, number]>('UPDATE alarms SET ended_at = max(?, started_at) WHERE id = ?');
  const insertLog = sqlite.prepare<[number, string, string, number]>(
    'INSERT INTO device_logs (device_id, event, detail, at) VALUES (?, ?, ?, ?)',
  );
  // Positional parameters: binding by name costs a lookup per value.
  const updateDevice = sqlite.prepare<[...SharedState, ...OwnState]>(`
    UPDATE devices SET online = ?, sleeping = ?, machine_online = ?, activity = ?, lock_level = ?, alarm_open = ?,
      status = ?, signal = ?, lat = ?, lng = ?, speed = ?, positioning = ?, working_hours = ?,
      latest = coalesce(?, latest), last_device_time = ?, last_report_at = ?
    WHERE id = ?`);
  // What waits of a machine's row (STATE_WRITE_MS): no other code writes these, so they overwrite nobody's change.
  const updateOwnState = sqlite.prepare<OwnState>(`
    UPDATE devices SET signal = ?, lat = ?, lng = ?, speed = ?, positioning = ?, working_hours = ?,
      latest = coalesce(?, latest), last_device_time = ?, last_report_at = ?
    WHERE id = ?`);

  /** Working state kept between batches, by machine id; and machines by serial, for validation. */
  const kept = new Map<number, WorkingDevice>();
  const known = new Map<string, KnownDevice>();
  let keptAt = { changes: -1, version: -1 };
  /** Of the kept machines, what was last written of each row, and the own state waiting to be written. */
  const rowWrites = createRowWrites();

  function forget(): void {
    kept.clear();
    known.clear();
    rowWrites.clear();
    keptAt = { changes: -1, version: -1 };
  }

  /** Write the own state that waits: of every machine, or of those last written `STATE_WRITE_MS` before `now`. */
  function writeWaiting(now: number | null): void {
    for (const state of rowWrites.takeDue(now)) updateOwnState.run(...state);
  }

  /** Inside the batch's transaction (no other connection can commit meanwhile): is what is kept still true? */
  function checkKept(): void {
    const now = versionOf.get()!;
    if (now.changes === keptAt.changes && now.version === keptAt.version && kept.size <= MAX_KEPT) return;
    // Only ingest writes what waits: written first, it overwrites nothing another connection changed.
    writeWaiting(null);
    forget();
  }

  /** Read the machines of a batch that are not kept; a machine deleted since it was validated is absent. */
  function loadMissing(batch: readonly StoreItem[]): void {
    const missing = [...new Set(batch.map((item) => item.device.id))].filter((id) => !kept.has(id));
    if (missing.length === 0) return;
    const ids = JSON.stringify(missing);
    const open = new Map<number, OpenAlarm[]>();
    for (const a of loadOpenAlarms.all(ids)) {
      const list = open.get(a.deviceId) ?? [];
      list.push({ id: a.id, type: a.type, level: a.level, value: a.value, handled: a.handledAt !== null });
      open.set(a.deviceId, list);
    }
    for (const row of loadDevices.all(ids)) {
      kept.set(row.id, {
        ...row,
        online: row.online === 1,
        sleeping: row.sleeping === 1,
        machineOnline: row.machineOnline === 1,
        alarmOpen: row.alarmOpen === 1,
        status: row.status as DeviceStatus,
        latest: null,
        openAlarms: open.get(row.id) ?? [],
      });
    }
  }

  function execute(d: WorkingDevice, plan: Plan, at: number, changes: BatchChanges): void {
    for (const alarm of plan.end) {
      endAlarm.run(at, alarm.id);
      d.openAlarms = d.openAlarms.filter((a) => a.id !== alarm.id);
      changes.alarms.push({ id: alarm.id, deviceId: d.id, type: alarm.type, state: 'ended', at });
    }
    for (const { alarm, type, finding, escalated } of plan.update) {
      if (escalated) {
        const { level, value, threshold = null } = finding;
        escalateAlarm.run({ id: alarm.id, type, level, value, threshold });
        Object.assign(alarm, { type, level });
      } else worsenAlarm.run(finding.value, alarm.id);
      alarm.value = finding.value;
      changes.alarms.push({ id: alarm.id, deviceId: d.id, type, state: escalated ? 'escalated' : 'updated', at });
    }
    for (const { type, finding } of plan.open) {
      const { id } = insertAlarm.get({
        deviceId: d.id,
        type,
        level: finding.level,
        value: finding.value,
        threshold: finding.threshold ?? null,
        detail: finding.detail ?? '',
        projectName: d.projectName,
        zoneName: d.zoneName,
        startedAt: at,
      })!;
      d.openAlarms.push({ id, type, level: finding.level, value: finding.value, handled: false });
      changes.alarms.push({ id, deviceId: d.id, type, state: 'opened', at });
    }
    for (const log of plan.logs) {
      insertLog.run(d.id, log.event, log.detail, at);
      if (log.event === 'online' || log.event === 'wake') changes.connected.add(d.id);
      if (log.event === 'sleep') changes.slept.add(d.id);
    }
    settleStatus(d);
  }

  /** The batch's reports' data as JSON text, made once for the machine's latest (readItem). */
  let json = new WeakMap<object, string>();

  /** One message: its history rows, then its event applied in order (an older report only adds history). */
  function writeOne(d: WorkingDevice, item: StoreItem, changes: BatchChanges): void {
    const { event, at, telemetry, saidOnline } = readItem(d, item, json);
    if (telemetry) insertTelemetry.run(...telemetry);
    if (saidOnline) changes.connected.add(d.id);
    execute(d, applyEvent(d, event, item.receivedAt, options), at, changes);
  }

  /** Set once a transaction's work began: a transaction that could not begin changed nothing kept. */
  let began = false;

  const writeBatch = sqlite.transaction((batch: readonly StoreItem[]): WriteResult => {
    began = true;
    checkKept();
    loadMissing(batch);
    const touched = new Map<number, WorkingDevice>();
    const changes: BatchChanges = { alarms: [], connected: new Set(), slept: new Set() };
    let stored = 0;
    for (const item of batch) {
      const d = kept.get(item.device.id);
      // Deleted since the message was accepted: nothing to write to.
      if (!d) continue;
      touched.set(d.id, d);
      writeOne(d, item, changes);
      if (item.type !== 'silence') stored++;
    }
    const devices: WorkingDevice[] = [];
    const now = batch.reduce((latest, item) => Math.max(latest, item.receivedAt), 0);
    for (const d of touched.values()) {
      const row = rowWrites.settle(d, now, json);
      if (row) updateDevice.run(...row);
      // What the batch's callers see is theirs; the kept state goes on to the next batch, where `latest` means
      // a report of that batch (the column keeps the last one written).
      devices.push({ ...d, openAlarms: [...d.openAlarms] });
      d.latest = null;
    }
    writeWaiting(now);
    // Our own writes move total_changes: what is kept now matches the database as this transaction leaves it.
    keptAt = versionOf.get()!;
    json = new WeakMap();
    return { stored, devices, ...changes };
  });

  const settleWaiting = sqlite.transaction((now: number | null): void => {
    began = true;
    checkKept();
    writeWaiting(now);
    keptAt = versionOf.get()!;
  });

  return {
    /** A machine by serial: from memory once seen (until anything else writes), else from the database. */
    findDevice(sn: string): KnownDevice | undefined {
      const hit = known.get(sn);
      if (hit) return hit;
      const found = findDevice.get(sn);
      if (found) known.set(sn, found);
      return found;
    },
    /** Write a batch in one transaction; all or nothing (and then nothing kept is trusted). */
    // Immediate: the write lock from the start, waiting for the API's writes on the other thread (client.ts).
    write(batch: readonly StoreItem[]): WriteResult {
      return inTransaction(writeBatch, batch);
    },
    /**
     * Write the machines' own state that waits: what has waited `STATE_WRITE_MS` since the row was last written
     * at `now`, or all of it (null: the server stops, a caller wants the rows as reported).
     */
    writeWaiting(now: number | null): void {
      // Most ticks nothing is due (the batch just wrote it): no transaction, no write lock taken from the API.
      if (rowWrites.anyDue(now)) inTransaction(settleWaiting, now);
    },
  };

  function inTransaction<A, R>(work: Transaction<(arg: A) => R>, arg: A): R {
    began = false;
    try {
      return work.immediate(arg);
    } catch (error) {
      // A BEGIN that found the database busy changed nothing: what waits still waits.
      if (began) forget();
      throw error;
    }
  }
}
export type Store = ReturnType<typeof createStore>;
