import { eq } from 'drizzle-orm';
import type { Db, SyncDb } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { fences } from '@console/db/schema/fences';
import { FENCE_ALARM_TYPES } from '@console/contract/http/fences';
import { translate } from '@console/contract/messages/translate';
import type { AppDeps } from '../lib/deps.ts';
import { heldEverywhere } from '../lib/forget-everywhere.ts';
import { formatInZone } from '../lib/time.ts';
import { sendSystemSms } from '../notify/system.ts';
import type { MoveRule } from './apply.ts';
import {
  accumulateWork,
  dailyLimitVerdicts,
  fenceVerdicts,
  type WatchedFence,
  type WorkedToday,
} from './fence-rules.ts';
import type { WriteResult } from './store.ts';

interface CachedFence extends WatchedFence {
  name: string;
  areaCode: string;
  contactPhone: string;
}

/**
 * The bound machines' fences, held in memory per database: ingest asks for a machine's fence with every
 * position (thousands a second), so it must never query. Read whole on first use and again after any change to
 * a fence or a binding (`forgetFences`, called by the fence routes), on whichever thread asks.
 */
const cache = heldEverywhere<SyncDb | Db, Map<number, CachedFence>>('fences');

/** The shortest time between two texts about the same machine and alarm type. */
const TEXT_GAP_MS = 10 * 60 * 1000;

const boundFences = (db: SyncDb | Db) =>
  (db as SyncDb)
    .select({ deviceId: devices.id, fence: fences })
    .from(devices)
    .innerJoin(fences, eq(fences.id, devices.fenceId));
type BoundRow = ReturnType<ReturnType<typeof boundFences>['all']>[number];

function load(db: SyncDb): Map<number, CachedFence> {
  return cache.read(db, () => byDevice(boundFences(db).all()));
}

/** The same on the asynchronous `db` (ingest on PostgreSQL), read before a batch asks. */
async function loadAsync(db: Db): Promise<Map<number, CachedFence>> {
  return (
    cache.held(db) ??
    cache.readAsync(db, async () => byDevice(await (boundFences(db).all() as unknown as Promise<BoundRow[]>)))
  );
}

function byDevice(rows: BoundRow[]): Map<number, CachedFence> {
  const byFence = new Map<number, CachedFence>();
  const machines = new Map<number, CachedFence>();
  for (const { deviceId, fence: f } of rows) {
    let fence = byFence.get(f.id);
    if (!fence) {
      const { id, shape, startDate, endDate, alarmStart, alarmEnd, timeZone, name, areaCode, contactPhone } = f;
      const schedule = { startDate, endDate, alarmStart, alarmEnd, timeZone, dailyLimitHours: f.dailyLimitHours };
      fence = { id, shape, ...schedule, name, areaCode, contactPhone };
      byFence.set(id, fence);
    }
    machines.set(deviceId, fence);
  }
  return machines;
}

const fenceOfSync = (db: SyncDb, deviceId: number) => (cache.held(db) ?? load(db)).get(deviceId);

/** After a fence or a binding changed: the next position, on any thread, reads them again. */
export const forgetFences = cache.forget;

/**
 * The fence side of ingest: the rule that turns a bound machine's moves into enter and exit alarms, and the text
 * message an opened fence alarm sends to the fence's alarm contact.
 */
export function createFenceWatch(deps: Pick<AppDeps, 'dbh' | 'env' | 'now' | 'log'>) {
  // Ingest asks for a machine's fence with every position: on SQLite it reads synchronously; on PostgreSQL the
  // fences are read before each batch (`prepare`) and asked of memory (docs/decisions/067).
  const sync = deps.dbh.sqliteDb;
  let held = new Map<number, CachedFence>();
  const fenceOf = (deviceId: number) => (sync ? fenceOfSync(sync, deviceId) : held.get(deviceId));
  type Machine = { serial: string; orgId: number } | undefined;
  /** The machine of an alarm's text: at once on SQLite, later on PostgreSQL. */
  const machineOf = (deviceId: number): Machine | Promise<Machine> =>
    (sync ?? (deps.dbh.db as unknown as SyncDb))
      .select({ serial: devices.serialNumber, orgId: devices.orgId })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .get();

  // Today's working time of the machines whose fence has a daily limit, counted from the reports this
  // process has seen (a restart starts the day's count again, as the silence watchdog's does).
  const worked = new Map<number, WorkedToday>();

  const rule: MoveRule = (d, from, event, receivedAt) => {
    if (event.type !== 'report') return undefined;
    const fence = fenceOf(d.id);
    // The alarm's own time: the device's, never later than its arrival (as store.ts dates alarms).
    const at = Math.min(event.report.t, receivedAt);
    let today: WorkedToday | undefined;
    if (fence?.dailyLimitHours) {
      today = accumulateWork(worked.get(d.id), at, d.activity === 'working', fence.timeZone);
      worked.set(d.id, today);
    } else worked.delete(d.id);
    const limit = dailyLimitVerdicts(fence, today);
    if (!event.report.pos || d.lat === null || d.lng === null) return limit;
    return { ...limit, ...fenceVerdicts(fence, from, { lat: d.lat, lng: d.lng }, at) };
  };

  // A machine parked on a fence's edge crosses it with every jitter of its fix: one text per machine and
  // alarm type in TEXT_GAP_MS is enough; the alarms themselves are all kept.
  const lastText = new Map<string, number>();

  /** After a batch is written: the opened fence alarms' texts. Never throws: a text must not stop ingest. */
  function notify(result: WriteResult): void {
    for (const alarm of result.alarms) {
      if (alarm.state !== 'opened' || !(FENCE_ALARM_TYPES as readonly string[]).includes(alarm.type)) continue;
      try {
        const fence = fenceOf(alarm.deviceId);
        if (!fence?.contactPhone) continue;
        const key = `${alarm.deviceId}:${alarm.type}`;
        const now = deps.now();
        if (now - (lastText.get(key) ?? -Infinity) < TEXT_GAP_MS) continue;
        lastText.set(key, now);
        const found = machineOf(alarm.deviceId);
        if (found instanceof Promise) {
          void found.then(
            (machine) => sendText(alarm, fence, machine),
            (error: unknown) => deps.log('error', `ingest could not send the text of fence alarm ${alarm.id}`, error),
          );
        } else sendText(alarm, fence, found);
      } catch (error) {
        deps.log('error', `ingest could not send the text of fence alarm ${alarm.id}`, error);
      }
    }
  }

  /** The text of an opened fence alarm to the fence's alarm contact. */
  function sendText(alarm: WriteResult['alarms'][number], fence: CachedFence, machine: Machine): void {
    const serial = machine?.serial ?? '';
    // A mainland number reads Chinese, any other English.
    const lang = fence.areaCode === '86' ? 'zh_CN' : 'en_US';
    const text = translate(lang, `fences.sms.${alarm.type}`, {
      serial,
      fence: fence.name,
      time: formatInZone(alarm.at, fence.timeZone),
    });
    // Keeping the text is database work that answers later: its failure is logged as a throw here would be.
    // Through the notifier's log (docs/decisions/071-notifications.md), as every message the console sends.
    const sms = { mobile: fence.contactPhone, areaCode: fence.areaCode, text };
    const message = { orgId: machine?.orgId ?? 0, event: 'fenceContact', recipient: fence.name, sms } as const;
    void sendSystemSms(deps, message).catch((error: unknown) =>
      deps.log('error', `ingest could not send the text of fence alarm ${alarm.id}`, error),
    );
  }

  /** PostgreSQL: the fences read (once, until forgotten) before a batch applies its rule. */
  async function prepare(): Promise<void> {
    if (!sync) held = await loadAsync(deps.dbh.db);
  }

  return { rule, notify, prepare };
}
