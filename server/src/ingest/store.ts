import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbHandle } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { deviceLogs, devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { alarms, type AlarmType } from '@console/db/schema/warning';
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

const p = <T extends string>(name: T) => sql.placeholder(name);
/**
 * A placeholder in an update's set: drizzle encodes it with the column (booleans, dates) as it does in inserts,
 * but its types accept placeholders only in inserts.
 */
const setTo = (name: string) => sql.placeholder(name) as never;

/**
 * Ingest's database side. Statements are prepared once: building a drizzle query costs ~70 µs, a prepared one
 * ~4 µs, and ingest runs thousands of them a second.
 */
export function createStore({ db, sqlite }: DbHandle, options: ApplyOptions) {
  const findDevice = db
    .select({ id: devices.id, kind: devices.kind })
    .from(devices)
    .where(eq(devices.serialNumber, p('sn')))
    .prepare();
  const loadDevice = db
    .select({
      id: devices.id,
      kind: devices.kind,
      orgId: devices.orgId,
      customerOrgId: devices.customerOrgId,
      distributorOrgId: devices.distributorOrgId,
      overspeedKmh: devices.overspeedKmh,
      // A scalar subquery, not a join: SQLite sets up a join per execution at several times the cost.
      projectName: sql<string>`coalesce((select ${organisations.name} from ${organisations} where ${organisations.id} = ${devices.customerOrgId}), ${devices.deviceName})`,
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
      lastDeviceTime: devices.lastDeviceTime,
      lastReportAt: devices.lastReportAt,
      alarmOpen: devices.alarmOpen,
      status: devices.status,
    })
    .from(devices)
    .where(eq(devices.id, p('id')))
    .prepare();
  const loadOpenAlarms = db
    .select({ id: alarms.id, type: alarms.type, handledAt: alarms.handledAt })
    .from(alarms)
    .where(and(eq(alarms.deviceId, p('id')), isNull(alarms.endedAt)))
    .prepare();
  const insertTelemetry = db
    .insert(telemetry)
    .values({ deviceId: p('deviceId'), deviceTime: p('deviceTime'), receivedAt: p('receivedAt'), data: p('data') })
    .prepare();
  const insertTrack = db
    .insert(trackPoints)
    .values({
      deviceId: p('deviceId'),
      gpsTime: p('gpsTime'),
      receivedAt: p('receivedAt'),
      lat: p('lat'),
      lng: p('lng'),
      speed: p('speed'),
      alarmInfo: p('alarmInfo'),
      alarmValue: p('alarmValue'),
    })
    .prepare();
  const insertAlarm = db
    .insert(alarms)
    .values({
      deviceId: p('deviceId'),
      type: p('type'),
      level: p('level'),
      value: p('value'),
      threshold: p('threshold'),
      detail: p('detail'),
      projectName: p('projectName'),
      zoneName: p('zoneName'),
      startedAt: p('startedAt'),
    })
    .returning({ id: alarms.id })
    .prepare();
  // An alarm never ends before it started, whatever the machines' clocks say.
  const endAlarm = db
    .update(alarms)
    .set({ endedAt: sql`max(${p('at')}, ${alarms.startedAt})` })
    .where(eq(alarms.id, p('id')))
    .prepare();
  const insertLog = db
    .insert(deviceLogs)
    .values({ deviceId: p('deviceId'), event: p('event'), detail: p('detail'), at: p('at') })
    .prepare();
  const updateDevice = db
    .update(devices)
    .set({
      online: setTo('online'),
      sleeping: setTo('sleeping'),
      machineOnline: setTo('machineOnline'),
      activity: setTo('activity'),
      lockLevel: setTo('lockLevel'),
      signal: setTo('signal'),
      lat: setTo('lat'),
      lng: setTo('lng'),
      speed: setTo('speed'),
      positioning: setTo('positioning'),
      workingHours: setTo('workingHours'),
      latest: sql`coalesce(${p('latest')}, ${devices.latest})`,
      // Inside sql``, a placeholder skips the column's encoder (which cannot take null): ms or null as they are.
      lastDeviceTime: sql`${p('lastDeviceTime')}`,
      lastReportAt: sql`${p('lastReportAt')}`,
      alarmOpen: setTo('alarmOpen'),
      status: setTo('status'),
    })
    .where(eq(devices.id, p('id')))
    .prepare();

  function load(id: number): WorkingDevice | undefined {
    const row = loadDevice.get({ id });
    if (!row) return undefined;
    const open = loadOpenAlarms.all({ id }).map((a) => ({ id: a.id, type: a.type, handled: a.handledAt !== null }));
    return {
      ...row,
      lastDeviceTime: row.lastDeviceTime?.getTime() ?? null,
      lastReportAt: row.lastReportAt?.getTime() ?? null,
      status: row.status as DeviceStatus,
      latest: null,
      openAlarms: open,
    };
  }

  function execute(d: WorkingDevice, plan: Plan, at: number, changes: BatchChanges): void {
    for (const alarm of plan.end) {
      endAlarm.run({ id: alarm.id, at });
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
        startedAt: new Date(at),
      })!;
      d.openAlarms.push({ id, type, handled: false });
      changes.alarms.push({ id, deviceId: d.id, type, state: 'opened', at });
    }
    for (const log of plan.logs) {
      insertLog.run({ deviceId: d.id, ...log, at: new Date(at) });
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
      const base = { deviceId: d.id, receivedAt: new Date(item.receivedAt) };
      insertTelemetry.run({ ...base, deviceTime: new Date(msg.t), data: msg.data });
      if (msg.pos) {
        const { lat, lng, speed, alarm, alarmValue } = msg.pos;
        insertTrack.run({
          ...base,
          gpsTime: new Date(msg.t),
          lat,
          lng,
          speed,
          alarmInfo: alarm ?? '',
          alarmValue: alarmValue ?? null,
        });
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
        ...d,
        latest: d.latest === null ? null : JSON.stringify(d.latest),
      });
    }
    return { stored, devices: [...working.values()], ...changes };
  });

  return {
    findDevice: (sn: string): KnownDevice | undefined => findDevice.get({ sn }),
    /** Write a batch in one transaction; all or nothing. */
    write: (batch: readonly StoreItem[]): WriteResult => writeBatch(batch),
  };
}
export type Store = ReturnType<typeof createStore>;
