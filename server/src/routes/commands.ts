import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  COMMAND_LOG_STEPS,
  EXECUTION_STATES,
  commandEndpoints,
  type CreateCommandForm,
} from '@console/contract/http/commands';
import { API_STATUS } from '@console/contract/http/envelope';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import { users } from '@console/db/schema/accounts';
import { commands, devices, operationLogs } from '@console/db/schema/devices';
import { authoriseCommand } from '../commands/authorise.ts';
import { listPage } from '../lib/list-page.ts';
import { keywordIn } from '../lib/search.ts';
import { selectCommands, toCommandItem, type CommandRecord } from '../commands/view.ts';
import { recordCommandTask } from '../risk/command-task.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import type { ScopedData } from '../lib/data.ts';
import { formatInZone } from '../lib/time.ts';

/** The refusal when a machine is not online and the caller asked not to queue: the spec's words for locks. */
const OFFLINE_REFUSAL: Record<CreateCommandForm['type'], MessageKey> = {
  lock: 'command.lockFailedOffline',
  unlock: 'command.unlockFailedOffline',
  sleep: 'command.offline',
  wake: 'command.offline',
  params: 'command.offline',
  restart: 'command.offline',
  runMode: 'command.offline',
  pumpMode: 'command.offline',
  speed: 'command.offline',
};

/**
 * Commanding a machine is its owner's: a user may command and cancel on machines their organisations own (the
 * operator's staff: all). Seeing commands follows the machines the user may see (deviceScope).
 */
async function visibleCommand(data: ScopedData, id: string): Promise<CommandRecord> {
  const record = await selectCommands(data, eq(commands.id, id)).get();
  if (!record) throw notFound();
  return record;
}

export const commandRoutes: RouteDef[] = [
  route(commandEndpoints.create, async ({ body, user, data, deps, ip, t, timeZone, setMessage }) => {
    const ids = [...new Set(body.deviceIds)];
    // The one rule of every command: the role its type needs, ownership, the password or code it needs.
    const grant = await authoriseCommand(data, deps, user, ip, { ...body, deviceIds: ids });
    if (body.whenOffline === 'refuse') {
      const away = (
        await data
          .select({ serial: devices.serialNumber, online: devices.online, sleeping: devices.sleeping })
          .from(devices, data.deviceScope())
          .where(inArray(devices.id, ids))
          .all()
      )
        .filter((d) => !d.online || d.sleeping)
        .map((d) => d.serial);
      if (away.length > 0) {
        throw new ApiError(API_STATUS.conflict, OFFLINE_REFUSAL[body.type], { serials: away.join(', ') }, { away });
      }
    }
    const { whenOffline: _w, password: _p, code: _c, ...command } = body;
    const created = await deps.commands.enqueue({ ...command, deviceIds: ids }, grant);
    await recordCommandTask(deps, user, created);
    const records = await selectCommands(
      data,
      inArray(
        commands.id,
        created.map((c) => c.id),
      ),
    ).all();
    const waiting = created.filter((c) => c.state === 'queued').length;
    setMessage(waiting > 0 ? 'command.queuedOffline' : 'command.submitted', { count: waiting });
    return { list: records.map((r) => toCommandItem(r, t, timeZone)), waiting };
  }),

  route(commandEndpoints.list, async ({ query, data, deps, t, timeZone }) => {
    // Expiry is swept on a timer; sweeping here too makes what a user sees exact to the second.
    await deps.commands.sweep();
    const where = and(
      query.deviceId !== undefined ? eq(commands.deviceId, query.deviceId) : undefined,
      keywordIn(data.dialect, [devices.serialNumber, devices.hostName], query.keyword),
      query.type ? eq(commands.type, query.type) : undefined,
      query.state ? eq(commands.state, query.state) : undefined,
      query.execution ? inArray(commands.state, EXECUTION_STATES[query.execution]!) : undefined,
    );
    const order = query.sortField === 'createdAt' && query.sortOrder === 'ascend' ? asc : desc;
    const { rows: records, ...paging } = await listPage(data, query, selectCommands(data, where), [
      order(commands.createdAt),
      order(commands.id),
    ]);
    return {
      list: records.map((r) => toCommandItem(r, t, timeZone)),
      ...paging,
    };
  }),

  route(commandEndpoints.detail, async ({ query, data, deps, t, timeZone }) => {
    await deps.commands.sweep();
    const record = await visibleCommand(data, query.id);
    // The steps of the command just read through its scope.
    const logs = await data
      .unscoped('alreadyScoped')
      .select({ action: operationLogs.action, userId: operationLogs.userId, name: users.name, at: operationLogs.at })
      .from(operationLogs)
      .leftJoin(users, eq(users.id, operationLogs.userId))
      .where(eq(operationLogs.commandId, query.id))
      .orderBy(asc(operationLogs.at), asc(operationLogs.id))
      .all();
    const steps = new Set<string>(COMMAND_LOG_STEPS);
    return {
      ...toCommandItem(record, t, timeZone),
      logs: logs
        .map((log) => ({ ...log, step: log.action.replace(/^command\./, '') }))
        .filter((log): log is typeof log & { step: (typeof COMMAND_LOG_STEPS)[number] } => steps.has(log.step))
        .map((log) => ({
          step: log.step,
          userId: log.userId,
          userName: log.name ?? '',
          at: formatInZone(log.at, timeZone),
        })),
    };
  }),

  route(commandEndpoints.cancel, async ({ body, user, data, deps, t, timeZone, setMessage }) => {
    await deps.commands.sweep();
    const record = await visibleCommand(data, body.id);
    const owner = (await data
      .select({ orgId: devices.orgId })
      .from(devices, data.deviceScope())
      .where(eq(devices.id, record.command.deviceId))
      .get())!;
    // Commanding (and cancelling) is the owner's; seeing is whoever sees the machine.
    data.assertOrg(owner.orgId);
    await deps.commands.cancel(body.id, user.id);
    setMessage('command.cancelled');
    return toCommandItem(await visibleCommand(data, body.id), t, timeZone);
  }),
];
