import { storedData } from '@console/contract/mqtt/stored-data';
import type { DeviceEvent } from './alarm-rules.ts';
import type { WorkingDevice } from './apply.ts';
import type { Accepted, KnownDevice } from './validate.ts';

/**
 * The rules of a batch that both stores follow (store.ts on SQLite, store-pg.ts on PostgreSQL); each store only
 * writes what they decide, in its own engine's way.
 */

/** The watchdog's finding (watchdog.ts): a machine that has been silent too long goes offline as if lost. */
export type SilenceItem = { type: 'silence'; sn: string; device: KnownDevice; receivedAt: number };
/** What a batch holds: accepted telemetry and status messages, and the watchdog's findings. */
export type StoreItem = Exclude<Accepted, { type: 'ack' }> | SilenceItem;

/**
 * A machine's row is rewritten by every report, and at one report a second that rewrite was a third of ingest's
 * write (a page of the machines' table per report). The columns only ingest writes (position, signal, hour meter,
 * latest reading, last report) are written at most this often while nothing else of the machine changed; what it
 * reports meanwhile goes to telemetry, the tracks and the live events at once. A change of state (on line, asleep,
 * activity, lock, alarm, status) is written with its batch. A machine that reports every 30 s or more is written
 * with every report, as before.
 */
export const STATE_WRITE_MS = 5_000;

/** The columns of a machine's row that other code writes too (a handled alarm, a lock), in that order. */
export type SharedState = [
  ...[online: 0 | 1, sleeping: 0 | 1, machineOnline: 0 | 1, activity: string, lockLevel: string],
  ...[alarmOpen: 0 | 1, status: number],
];
/** The columns only ingest writes, then the machine's id. */
export type OwnState = [
  ...[signal: string, lat: number | null, lng: number | null, speed: number, positioning: string],
  ...[workingHours: number, latest: string | null, lastDeviceTime: number | null, lastReportAt: number | null],
  id: number,
];
const LATEST = 6;

const sameState = (a: SharedState, b: SharedState) => a.every((value, i) => value === b[i]);

/**
 * A telemetry row: device id, device time, received at, data (as stored: contract/mqtt/stored-data.ts), then its
 * track point's lat, lng, speed, alarm and alarm value (all null when the report said no position).
 */
export type TelemetryRow = [
  ...[deviceId: number, deviceTime: number, receivedAt: number, data: string],
  ...[lat: number | null, lng: number | null, speed: number | null, alarm: string | null, alarmValue: number | null],
];

/** What one message brings: its history rows, and the event it applies at `at` (an older report adds history only). */
export interface ItemReading {
  event: DeviceEvent;
  at: number;
  telemetry: TelemetryRow | null;
  /** The machine said it is on line (what waits for it is sent again). */
  saidOnline: boolean;
}

/**
 * Read one message of a batch for machine `d`. The report's data is made JSON text once: `json` keeps that text for
 * the machine's latest reading (its telemetry row stores the values alone).
 */
export function readItem(d: WorkingDevice, item: StoreItem, json: WeakMap<object, string>): ItemReading {
  if (item.type === 'telemetry') {
    const { msg } = item;
    const data = JSON.stringify(msg.data);
    json.set(msg.data, data);
    const { pos } = msg;
    const row: TelemetryRow = pos
      ? [
          d.id,
          msg.t,
          item.receivedAt,
          storedData(msg.data),
          pos.lat,
          pos.lng,
          pos.speed,
          pos.alarm ?? '',
          pos.alarmValue ?? null,
        ]
      : [d.id, msg.t, item.receivedAt, storedData(msg.data), null, null, null, null, null];
    const inOrder = d.lastDeviceTime === null || msg.t >= d.lastDeviceTime;
    return {
      event: inOrder ? { type: 'report', report: msg } : { type: 'connection', online: true },
      at: inOrder ? Math.min(msg.t, item.receivedAt) : item.receivedAt,
      telemetry: row,
      saidOnline: false,
    };
  }
  if (item.type === 'status') {
    const { online, reason } = item.msg;
    const event: DeviceEvent = { type: 'connection', online, reason };
    return { event, at: item.receivedAt, telemetry: null, saidOnline: online };
  }
  const event: DeviceEvent = { type: 'connection', online: false, reason: 'silent' };
  return { event, at: item.receivedAt, telemetry: null, saidOnline: false };
}

/**
 * What a store last wrote of each kept machine's row, and the own state that waits to be written (STATE_WRITE_MS).
 */
export function createRowWrites() {
  const written = new Map<number, { at: number; shared: SharedState }>();
  const waiting = new Map<number, OwnState>();

  /** Is the own state of machine `id` due to be written at `now` (null: everything that waits is)? */
  const due = (id: number, now: number | null) => {
    const last = written.get(id);
    return now === null || !last || now - last.at >= STATE_WRITE_MS;
  };

  return {
    clear(): void {
      written.clear();
      waiting.clear();
    },
    /** Whether anything that waits is due at `now`. */
    anyDue(now: number | null): boolean {
      for (const id of waiting.keys()) if (due(id, now)) return true;
      return false;
    },
    /** Take what waits and is due at `now` (null: all of it), as written from now on. */
    takeDue(now: number | null): OwnState[] {
      const taken: OwnState[] = [];
      for (const [id, state] of waiting) {
        if (!due(id, now)) continue;
        taken.push(state);
        const last = written.get(id);
        if (last && now !== null) last.at = now;
        waiting.delete(id);
      }
      return taken;
    },
    /**
     * A machine the batch ending at `now` touched: its whole row to write now, or null when only its own state
     * changed within STATE_WRITE_MS of the last write (that waits). A reading that waits stays the newest until a
     * batch brings one.
     */
    settle(d: WorkingDevice, now: number, json: WeakMap<object, string>): [...SharedState, ...OwnState] | null {
      const reported = d.latest === null ? null : (json.get(d.latest) ?? JSON.stringify(d.latest));
      const latest = reported ?? waiting.get(d.id)?.[LATEST] ?? null;
      // prettier-ignore
      const own: OwnState = [
        d.signal, d.lat, d.lng, d.speed, d.positioning, d.workingHours, latest, d.lastDeviceTime, d.lastReportAt, d.id,
      ];
      // prettier-ignore
      const shared: SharedState = [
        d.online ? 1 : 0, d.sleeping ? 1 : 0, d.machineOnline ? 1 : 0, d.activity, d.lockLevel, d.alarmOpen ? 1 : 0,
        d.status,
      ];
      const last = written.get(d.id);
      if (last && sameState(last.shared, shared) && now - last.at < STATE_WRITE_MS) {
        waiting.set(d.id, own);
        return null;
      }
      written.set(d.id, { at: now, shared });
      waiting.delete(d.id);
      return [...shared, ...own];
    },
  };
}
