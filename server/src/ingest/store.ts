import type { DbHandle } from '@console/db/client';
import type { AlarmType } from '@console/db/schema/warning';
import type { DeviceStatus } from '@console/contract/codes/device-status';
import type { DeviceEvent } from './alarm-rules.ts';
import { applyEvent, settleStatus, type ApplyOptions, type Plan, type WorkingDevice } from './apply.ts';
import type { Accepted, KnownDevice } from './validate.ts';

export interface AlarmChange {
  id: number;
  deviceId: number;
  type: AlarmType;
  state: 'opened' | 'ended';
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

/** The watchdog's finding (watchdog.ts): a machine that has been silent too long goes offline as if lost. */
export type SilenceItem = { type: 'silence'; sn: string; device: KnownDevice; receivedAt: number };
/** What a batch holds: accepted telemetry and status messages, and the watchdog's findings. */
export type StoreItem = Exclude<Accepted, { type: 'ack' }> | SilenceItem;

interface BatchChanges {
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
 * Ingest's database side, on better-sqlite3's statements directly: ingest runs thousands of them a second, and
 * an ORM's mapping of each value and row cost as much as SQLite's own work (decision 017). Everything else in
 * the server goes through drizzle; these statements follow the schema in `db/schema` and are covered by the
 * ingest tests.
 */
export function createStore({ sqlite }: DbHandle, options: ApplyOptions) {
  const findDevice = sqlite.prepare<[string], KnownDevice>('SELECT id, kind FROM devices WHERE serial_number = ?');
  // The project is a scalar subquery, not a join: SQLite sets up a join per execution at several times the cost.
  const loadDevice = sqlite.prepare<[number], DeviceRow>(`
    SELECT id, kind, org_id AS orgId, customer_org_id AS customerOrgId, distributor_org_id AS distributorOrgId,
      overspeed_kmh AS overspeedKmh,
      coalesce((SELECT name FROM organisations WHERE organisations.id = devices.customer_org_id), device_name)
        AS projectName,
      location AS zoneName, online, sleeping, machine_online AS machineOnline, activity, lock_level AS lockLevel,
      signal, lat, lng, speed, positioning, working_hours AS workingHours, last_device_time AS lastDeviceTime,
      last_report_at AS lastReportAt, alarm_open AS alarmOpen, status
    FROM devices WHERE id = ?`);
  const loadOpenAlarms = sqlite.prepare<[number], { id: number; type: AlarmType; handledAt: number | null }>(
    'SELECT id, type, handled_at AS handledAt FROM alarms WHERE device_id = ? AND ended_at IS NULL',
  );
  const insertTelemetry = sqlite.prepare<[number, number, number, string]>(
    'INSERT INTO telemetry (device_id, device_time, received_at, data) VALUES (?, ?, ?, ?)',
  );
  const insertTrack = sqlite.prepare<[number, number, number, number, number, number, string, number | null]>(`
    INSERT INTO track_points (device_id, gps_time, received_at, lat, lng, speed, alarm_info, alarm_value)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertAlarm = sqlite.prepare<Record<string, unknown>, { id: number }>(`
    INSERT INTO alarms (device_id, type, level, value, threshold, detail, project_name, zone_name, started_at)
    VALUES (@deviceId, @type, @level, @value, @threshold, @detail, @projectName, @zoneName, @startedAt)
    RETURNING id`);
  // An alarm never ends before it started, whatever the machines' clocks say.
  const endAlarm = sqlite.prepare<[number, number]>('UPDATE alarms SET ended_at = max(?, started_at) WHERE id = ?');
  const insertLog = sqlite.prepare<[number, string, string, number]>(
    'INSERT INTO device_logs (device_id, event, detail, at) VALUES (?, ?, ?, ?)',
  );
  const updateDevice = sqlite.prepare<Record<string, unknown>>(`
    UPDATE devices SET online = @online, sleeping = @sleeping, machine_online = @machineOnline,
      activity = @activity, lock_level = @lockLevel, signal = @signal, lat = @lat, lng = @lng, speed = @speed,
      positioning = @positioning, working_hours = @workingHours, latest = coalesce(@latest, latest),
      last_device_time = @lastDeviceTime, last_report_at = @lastReportAt, alarm_open = @alarmOpen,
      status = @status
    WHERE id = @id`);

  function load(id: number): WorkingDevice | undefined {
    const row = loadDevice.get(id);
    if (!row) return undefined;
    const open = loadOpenAlarms.all(id).map((a) => ({ id: a.id, type: a.type, handled: a.handledAt !== null }));
    return {
      ...row,
      online: row.online === 1,
      sleeping: row.sleeping === 1,
      machineOnline: row.machineOnline === 1,
      alarmOpen: row.alarmOpen === 1,
      status: row.status as DeviceStatus,
      latest: null,
      openAlarms: open,
    };
  }

  function execute(d: WorkingDevice, plan: Plan, at: number, changes: BatchChanges): void {
    for (const alarm of plan.end) {
      endAlarm.run(at, alarm.id);
      d.openAlarms = d.openAlarms.filter((a) => a.id !== alarm.id);
      changes.alarms.push({ id: alarm.id, deviceId: d.id, type: alarm.type, state: 'ended', at });
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
      d.openAlarms.push({ id, type, handled: false });
      changes.alarms.push({ id, deviceId: d.id, type, state: 'opened', at });
    }
    for (const log of plan.logs) {
      insertLog.run(d.id, log.event, log.detail, at);
      if (log.event === 'online' || log.event === 'wake') changes.connected.add(d.id);
      if (log.event === 'sleep') changes.slept.add(d.id);
    }
    settleStatus(d);
  }

  /** One message: its history rows, then its event applied in order (an older report only adds history). */
  function writeOne(d: WorkingDevice, item: StoreItem, changes: BatchChanges): void {
    let event: DeviceEvent;
    let at = item.receivedAt;
    if (item.type === 'telemetry') {
      const { msg } = item;
      insertTelemetry.run(d.id, msg.t, item.receivedAt, JSON.stringify(msg.data));
      if (msg.pos) {
        const { lat, lng, speed, alarm, alarmValue } = msg.pos;
        insertTrack.run(d.id, msg.t, item.receivedAt, lat, lng, speed, alarm ?? '', alarmValue ?? null);
      }
      const inOrder = d.lastDeviceTime === null || msg.t >= d.lastDeviceTime;
      event = inOrder ? { type: 'report', report: msg } : { type: 'connection', online: true };
      if (inOrder) at = Math.min(msg.t, item.receivedAt);
    } else if (item.type === 'status') {
      const { online, reason } = item.msg;
      event = { type: 'connection', online, reason };
      if (online) changes.connected.add(d.id);
    } else {
      event = { type: 'connection', online: false, reason: 'silent' };
    }
    execute(d, applyEvent(d, event, item.receivedAt, options), at, changes);
  }

  const writeBatch = sqlite.transaction((batch: readonly StoreItem[]): WriteResult => {
    const working = new Map<number, WorkingDevice>();
    const changes: BatchChanges = { alarms: [], connected: new Set(), slept: new Set() };
    let stored = 0;
    for (const item of batch) {
      const d = working.get(item.device.id) ?? load(item.device.id);
      // Deleted since the message was accepted: nothing to write to.
      if (!d) continue;
      working.set(d.id, d);
      writeOne(d, item, changes);
      if (item.type !== 'silence') stored++;
    }
    for (const d of working.values()) {
      updateDevice.run({
        id: d.id,
        online: d.online ? 1 : 0,
        sleeping: d.sleeping ? 1 : 0,
        machineOnline: d.machineOnline ? 1 : 0,
        activity: d.activity,
        lockLevel: d.lockLevel,
        signal: d.signal,
        lat: d.lat,
        lng: d.lng,
        speed: d.speed,
        positioning: d.positioning,
        workingHours: d.workingHours,
        latest: d.latest === null ? null : JSON.stringify(d.latest),
        lastDeviceTime: d.lastDeviceTime,
        lastReportAt: d.lastReportAt,
        alarmOpen: d.alarmOpen ? 1 : 0,
        status: d.status,
      });
    }
    return { stored, devices: [...working.values()], ...changes };
  });

  return {
    findDevice: (sn: string): KnownDevice | undefined => findDevice.get(sn),
    /** Write a batch in one transaction; all or nothing. */
    // Immediate: the write lock from the start, waiting for the API's writes on the other thread (client.ts).
    write: (batch: readonly StoreItem[]): WriteResult => writeBatch.immediate(batch),
  };
}
export type Store = ReturnType<typeof createStore>;
