import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { COMMAND_ROLES, DEFAULT_TTL_MINUTES } from '@console/contract/http/commands';
import { deviceRecordEndpoints, WAKE_EVERY_HOURS } from '@console/contract/http/device-records';
import type { Db } from '@console/db/client';
import { commands, deviceLogs } from '@console/db/schema/devices';
import { selectCommands, toCommandItem } from '../../commands/view.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { forbidden, invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { visibleOrgIds } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { requireCode, sendCode } from '../../lib/sms-codes.ts';
import { formatInZone } from '../../lib/time.ts';
import { visibleDevice } from '../device-access.ts';

type Translate = Parameters<typeof toCommandItem>[1];

/** Sleep and wake are commands: a command role of an organisation owning the machine (decision 010). */
function mayCommand(db: Db, user: SessionUser, orgId: number): boolean {
  return (COMMAND_ROLES as readonly number[]).includes(user.roleId) && visibleOrgIds(db, user).includes(orgId);
}

function commandedDevice(db: Db, user: SessionUser, deviceId: number) {
  const device = visibleDevice(db, user, deviceId);
  if (!mayCommand(db, user, device.orgId)) throw forbidden();
  return device;
}

function latestEvent(db: Db, deviceId: number, event: 'sleep' | 'wake'): Date | null {
  return (
    db
      .select({ at: max(deviceLogs.at) })
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, deviceId), eq(deviceLogs.event, event)))
      .get()?.at ?? null
  );
}

function enqueueOne(
  deps: AppDeps,
  user: SessionUser,
  deviceId: number,
  type: 'sleep' | 'wake',
  t: Translate,
  tz: string,
) {
  const [row] = deps.commands.enqueue({
    deviceIds: [deviceId],
    type,
    mode: 'unconditional',
    ttlMinutes: DEFAULT_TTL_MINUTES,
    createdBy: user.id,
  });
  const record = selectCommands(deps.dbh.db, eq(commands.id, row!.id)).get()!;
  return toCommandItem(record, t, tz);
}

const HOUR_MS = 3600_000;

export const sleepRoutes: RouteDef[] = [
  // Whoever sees the machine may see whether it sleeps and when it wakes; only commanders get the buttons.
  route(deviceRecordEndpoints.sleepState, ({ query, user, deps, t, timeZone }) => {
    const { db } = deps.dbh;
    const device = visibleDevice(db, user, query.deviceId);
    deps.commands.sweep();
    const lastWake = latestEvent(db, device.id, 'wake');
    const lastSleep = latestEvent(db, device.id, 'sleep');
    const nextWake = device.sleeping && lastSleep ? lastSleep.getTime() + WAKE_EVERY_HOURS * HOUR_MS : null;
    const tasks = selectCommands(db, and(eq(commands.deviceId, device.id), inArray(commands.type, ['sleep', 'wake'])))
      .orderBy(desc(commands.createdAt), desc(commands.id))
      .limit(20)
      .all();
    return {
      online: device.online,
      sleeping: device.sleeping,
      lastWakeAt: lastWake ? formatInZone(lastWake, timeZone) : null,
      lastSleepAt: lastSleep ? formatInZone(lastSleep, timeZone) : null,
      nextWakeAt: nextWake === null ? null : formatInZone(nextWake, timeZone),
      canCommand: mayCommand(db, user, device.orgId),
      tasks: tasks.map((r) => toCommandItem(r, t, timeZone)),
    };
  }),

  // The code goes to the signed-in user's own phone: whoever puts a machine to sleep proves who they are.
  route(deviceRecordEndpoints.sleepCode, ({ body, user, deps, ip, t, setMessage }) => {
    const device = commandedDevice(deps.dbh.db, user, body.deviceId);
    if (!user.mobile) throw invalidField('code', 'deviceRecords.noPhone');
    const sent = sendCode(deps, { mobile: user.mobile, areaCode: user.areaCode }, 'sleep', ip, (code) =>
      t('deviceRecords.sleepCodeSms', { serial: device.serialNumber, code }),
    );
    setMessage('auth.codeSent');
    return sent;
  }),

  route(deviceRecordEndpoints.sleep, ({ body, user, deps, t, timeZone, setMessage }) => {
    const device = commandedDevice(deps.dbh.db, user, body.deviceId);
    // A wrong code answers 'verification code error, re-enter' on the code field and queues nothing.
    requireCode(deps, user, 'sleep', body.code);
    const item = enqueueOne(deps, user, device.id, 'sleep', t, timeZone);
    setMessage(item.state === 'queued' ? 'deviceRecords.sleepQueued' : 'deviceRecords.sleepSent');
    return item;
  }),

  // Waking needs no code (spec section 5 asks it for sleep only); an away machine gets an offline wake task.
  route(deviceRecordEndpoints.wake, ({ body, user, deps, t, timeZone, setMessage }) => {
    const device = commandedDevice(deps.dbh.db, user, body.deviceId);
    const item = enqueueOne(deps, user, device.id, 'wake', t, timeZone);
    setMessage(item.state === 'queued' ? 'deviceRecords.wakeQueued' : 'deviceRecords.wakeSent');
    return item;
  }),
];
