import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { EXECUTION_STATES } from '@console/contract/http/commands';
import { executionOfStage, riskEndpoints } from '@console/contract/http/risk';
import { isDay } from '@console/contract/http/devices';
import { users } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { riskTaskItems, riskTasks } from '@console/db/schema/risk';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { reasonText } from '../../commands/view.ts';
import { invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { levelCode, levelName, modeCode } from '../../risk/levels.ts';
import { deviceKeyword } from '../../lib/device-access.ts';
import { reasonOf } from '../../risk/view.ts';

const DAY_MS = 24 * 3600 * 1000;

/** A `YYYY-MM-DD` filter bound, refused on its field when it is not a day. */
function dayStart(value: string | undefined, field: string, timeZone: string): number | undefined {
  if (!value) return undefined;
  if (!isDay(value)) throw invalidField(field, 'devices.invalidDate');
  return startOfDayInZone(value, timeZone);
}

/**
 * Risk records: every lock and unlock command on the machines in scope (from a lock task, a lock day setting or
 * the device pages), with who sent it, its result and the lock level the machine confirmed.
 */
export const riskRecordRoutes: RouteDef[] = [
  route(riskEndpoints.records, async ({ query, data, deps, t, timeZone }) => {
    await deps.commands.sweep();
    const from = dayStart(query.from, 'from', timeZone);
    const to = dayStart(query.to, 'to', timeZone);
    const level =
      query.level === undefined
        ? undefined
        : query.level === 0
          ? eq(commands.type, 'unlock')
          : and(eq(commands.type, 'lock'), eq(commands.lockLevel, levelName(query.level)));
    const where = and(
      inArray(commands.type, ['lock', 'unlock']),
      query.keyword ? deviceKeyword(data.dialect, query.keyword) : undefined,
      query.kind ? eq(commands.type, query.kind) : undefined,
      level,
      query.execution ? inArray(commands.state, EXECUTION_STATES[query.execution]!) : undefined,
      query.automatic === 1 ? eq(riskTasks.automatic, true) : undefined,
      query.automatic === 0 ? data.dialect.isNotTrue(riskTasks.automatic) : undefined,
      from !== undefined ? gte(commands.createdAt, new Date(from)) : undefined,
      to !== undefined ? lt(commands.createdAt, new Date(to + DAY_MS)) : undefined,
    );
    const rows = data
      .select({
        command: commands,
        serialNumber: devices.serialNumber,
        hostName: devices.hostName,
        currentLevel: devices.lockLevel,
        taskId: riskTasks.id,
        automatic: riskTasks.automatic,
        reason: riskTasks.reason,
        userName: users.name,
        userNickname: users.nickname,
      })
      // The scope names the joined machine's columns: the commands of machines in scope.
      .from(commands, data.deviceScope())
      .innerJoin(devices, eq(devices.id, commands.deviceId))
      .leftJoin(riskTaskItems, eq(riskTaskItems.commandId, commands.id))
      .leftJoin(riskTasks, eq(riskTasks.id, riskTaskItems.taskId))
      .leftJoin(users, eq(users.id, commands.createdBy))
      .where(where);
    const by = sortDirection(query);
    const { rows: page, ...paging } = await listPage(data, query, rows, [by(commands.createdAt), by(commands.id)]);
    return {
      list: page.map((r) => {
        const c = r.command;
        const confirmed = c.state === 'succeeded' && c.reported ? levelCode(c.reported.lock) : null;
        return {
          commandId: c.id,
          deviceId: c.deviceId,
          serialNumber: r.serialNumber,
          hostName: r.hostName,
          kind: c.type as 'lock' | 'unlock',
          level: c.type === 'unlock' ? 0 : levelCode(c.lockLevel),
          mode: modeCode(c.lockMode),
          operatorName: r.automatic ? t('risk.automaticOperator') : r.userName || r.userNickname || '',
          automatic: r.automatic ?? false,
          taskId: r.taskId,
          createdAt: formatInZone(c.createdAt, timeZone),
          finishedAt: c.finishedAt ? formatInZone(c.finishedAt, timeZone) : null,
          execution: executionOfStage(c.state),
          stage: c.state,
          resultText: reasonText(t, c, r.serialNumber),
          confirmedLevel: confirmed,
          currentLevel: levelCode(r.currentLevel),
          reason: reasonOf(r.reason, t),
        };
      }),
      ...paging,
    };
  }),
];
