import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { DEFAULT_TTL_MINUTES } from '@console/contract/http/commands';
import { COMMAND_ROLES } from '@console/contract/access/commands';
import { deviceRecordEndpoints, WAKE_EVERY_HOURS } from '@console/contract/http/device-records';
import type { ScopedData } from '../../lib/data.ts';
import { commands, deviceLogs } from '@console/db/schema/devices';
import { authoriseCommand, type CommandGrant } from '../../commands/authorise.ts';
import { selectCommands, toCommandItem } from '../../commands/view.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { forbidden, invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session.ts';
import { sendCode } from '../../lib/sms-codes.ts';
import { formatInZone } from '../../lib/time.ts';
import { visibleDevice } from '../../lib/device-access.ts';

type Translate = Parameters<typeof toCommandItem>[1];

/** Sleep and wake are commands: a command role of an organisation owning the machine (decision 010). */
function mayCommand(data: ScopedData, user: SessionUser, orgId: number): boolean {
  return (COMMAND_ROLES as readonly number[]).includes(user.roleId) && data.sees(orgId);
}

async function commandedDevice(data: ScopedData, user: SessionUser, deviceId: number) {
  const device = await visibleDevice(data, deviceId);
  if (!mayCommand(data, user, device.orgId)) throw forbidden();
  return device;
}

async function latestEvent(data: ScopedData, deviceId: number, event: 'sleep' | 'wake'): Promise<Date | null> {
  return (
    (
      await data
        .select({ at: max(deviceLogs.at) })
        .from(deviceLogs, data.viaDevice(deviceLogs.deviceId))
        .where(and(eq(deviceLogs.deviceId, deviceId), eq(deviceLogs.event, event)))
        .get()
    )?.at ?? null
  );
}

async function enqueueOne(
  data: ScopedData,
  deps: AppDeps,
  grant: CommandGrant,
  type: 'sleep' | 'wake',
  t: Translate,
  tz: string,
) {
  const [row] = await deps.commands.enqueue(
    { deviceIds: [...grant.deviceIds], type, mode: 'unconditional', ttlMinutes: DEFAULT_TTL_MINUTES },
    grant,
  );
  const record = (await selectCommands(data, eq(commands.id, row!.id)).get())!;
  return toCommandItem(record, t, tz);
}

const HOUR_MS = 3600_000;

export const sleepRoutes: RouteDef[] = [
  // Whoever sees the machine may see whether it sleeps and when it wakes; only commanders get the buttons.
  route(deviceRecordEndpoints.sleepState, async ({ query, user, data, deps, t, timeZone }) => {
    const device = await visibleDevice(data, query.deviceId);
    await deps.commands.sweep();
    const lastWake = await latestEvent(data, device.id, 'wake');
    const lastSleep = await latestEvent(data, device.id, 'sleep');
    const nextWake = device.sleeping && lastSleep ? lastSleep.getTime() + WAKE_EVERY_HOURS * HOUR_MS : null;
    const tasks = await selectCommands(
      data,
      and(eq(commands.deviceId, device.id), inArray(commands.type, ['sleep', 'wake'])),
    )
      .orderBy(desc(commands.createdAt), desc(commands.id))
      .limit(20)
      .all();
    return {
      online: device.online,
      sleeping: device.sleeping,
      lastWakeAt: lastWake ? formatInZone(lastWake, timeZone) : null,
      lastSleepAt: lastSleep ? formatInZone(lastSleep, timeZone) : null,
      nextWakeAt: nextWake === null ? null : formatInZone(nextWake, timeZone),
      canCommand: mayCommand(data, user, device.orgId),
      tasks: tasks.map((r) => toCommandItem(r, t, timeZone)),
    };
  }),

  // The code goes to the signed-in user's own phone: whoever puts a machine to sleep proves who they are.
  route(deviceRecordEndpoints.sleepCode, async ({ body, user, data, deps, ip, t, setMessage }) => {
    const device = await commandedDevice(data, user, body.deviceId);
    if (!user.mobile) throw invalidField('code', 'deviceRecords.noPhone');
    const sent = await sendCode(deps, { mobile: user.mobile, areaCode: user.areaCode }, 'sleep', ip, (code) =>
      t('deviceRecords.sleepCodeSms', { serial: device.serialNumber, code }),
    );
    setMessage('auth.codeSent');
    return sent;
  }),

  route(deviceRecordEndpoints.sleep, async ({ body, user, data, deps, ip, t, timeZone, setMessage }) => {
    const device = await commandedDevice(data, user, body.deviceId);
    // A wrong code answers 'verification code error, re-enter' on the code field and queues nothing.
    const grant = await authoriseCommand(data, deps, user, ip, {
      type: 'sleep',
      deviceIds: [device.id],
      code: body.code,
    });
    const item = await enqueueOne(data, deps, grant, 'sleep', t, timeZone);
    setMessage(item.state === 'queued' ? 'deviceRecords.sleepQueued' : 'deviceRecords.sleepSent');
    return item;
  }),

  // Waking needs no code (spec section 5 asks it for sleep only); an away machine gets an offline wake task.
  route(deviceRecordEndpoints.wake, async ({ body, user, data, deps, ip, t, timeZone, setMessage }) => {
    const device = await commandedDevice(data, user, body.deviceId);
    const grant = await authoriseCommand(data, deps, user, ip, { type: 'wake', deviceIds: [device.id] });
    const item = await enqueueOne(data, deps, grant, 'wake', t, timeZone);
    setMessage(item.state === 'queued' ? 'deviceRecords.wakeQueued' : 'deviceRecords.wakeSent');
    return item;
  }),
];
