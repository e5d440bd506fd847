import { asc, eq, inArray } from 'drizzle-orm';
import { executionOfStage, type RiskStage, type RiskTask, type RiskTaskItem } from '@console/contract/http/risk';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import { isMessageKey } from '@console/contract/messages/translate';
import type { ScopedData } from '../lib/data.ts';
import { commands, devices } from '@console/db/schema/devices';
import type { riskTasks } from '@console/db/schema/risk';
import { riskTaskItems } from '@console/db/schema/risk';
import { reasonText } from '../commands/view.ts';
import { formatInZone } from '../lib/time.ts';
import { levelCode } from './levels.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
type TaskRow = typeof riskTasks.$inferSelect;

/** Stages of a running task, least advanced first: the list shows the least advanced of its machines. */
const RUNNING: RiskStage[] = ['scheduled', 'queued', 'sent', 'delivered'];

/** A task's machines in the user's scope (`scope`: deviceScope), with their commands. */
export async function selectItems(data: ScopedData, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return await data
    .select({
      item: riskTaskItems,
      serialNumber: devices.serialNumber,
      hostName: devices.hostName,
      online: devices.online,
      command: commands,
    })
    // The scope names the joined machine's columns: the items of machines in scope.
    .from(riskTaskItems, data.deviceScope())
    .innerJoin(devices, eq(devices.id, riskTaskItems.deviceId))
    .leftJoin(commands, eq(commands.id, riskTaskItems.commandId))
    .where(inArray(riskTaskItems.taskId, taskIds))
    .orderBy(asc(riskTaskItems.id))
    .all();
}
export type ItemRecord = Awaited<ReturnType<typeof selectItems>>[number];

export function stageOf(record: Pick<ItemRecord, 'item' | 'command'>): RiskStage {
  if (record.command) return record.command.state;
  return record.item.outcome ?? 'scheduled';
}

export function toItem(record: ItemRecord, t: Translate, timeZone: string): RiskTaskItem {
  const stage = stageOf(record);
  const { command, item } = record;
  const resultText = command
    ? reasonText(t, command, record.serialNumber)
    : item.outcome === 'refused' && isMessageKey(item.note)
      ? t(item.note, { serial: record.serialNumber })
      : item.outcome === 'cancelled'
        ? t('command.reason.cancelled')
        : '';
  return {
    deviceId: item.deviceId,
    serialNumber: record.serialNumber,
    hostName: record.hostName,
    online: record.online,
    commandId: item.commandId,
    stage,
    execution: executionOfStage(stage),
    resultText,
    confirmedLevel: command?.state === 'succeeded' && command.reported ? levelCode(command.reported.lock) : null,
    finishedAt: command?.finishedAt ? formatInZone(command.finishedAt, timeZone) : null,
  };
}

/** A task as the list and the detail show it, summed over its machines in the user's scope. */
export function toTask(task: TaskRow, items: ItemRecord[], t: Translate, timeZone: string, userName: string): RiskTask {
  const stages = items.map(stageOf);
  const counts = { executing: 0, succeeded: 0, failed: 0, cancelled: 0 };
  for (const stage of stages) {
    const execution = executionOfStage(stage);
    if (execution === 1) counts.executing++;
    else if (execution === 2) counts.succeeded++;
    else if (execution === 3) counts.failed++;
    else counts.cancelled++;
  }
  const running = RUNNING.find((s) => stages.includes(s));
  const stage: RiskStage = running ?? (counts.failed > 0 ? 'failed' : counts.succeeded > 0 ? 'succeeded' : 'cancelled');
  return {
    id: task.id,
    kind: task.kind,
    taskType: task.taskType,
    level: task.level,
    mode: task.mode,
    automatic: task.automatic,
    operatorName: task.automatic ? t('risk.automaticOperator') : userName,
    createdAt: formatInZone(task.createdAt, timeZone),
    dueAt: formatInZone(task.dueAt, timeZone),
    delayHours: task.delayHours,
    execution: executionOfStage(stage),
    stage,
    deviceCount: items.length,
    counts,
    serials: items.slice(0, 3).map((i) => i.serialNumber),
    cancellable: stages.some((s) => s === 'scheduled' || s === 'queued' || s === 'sent'),
    reason: reasonOf(task.reason, t),
  };
}

/** An automatic task's reason in the request's language ('' for none). */
export function reasonOf(reason: TaskRow['reason'] | null | undefined, t: Translate): string {
  return reason && isMessageKey(reason.key) ? t(reason.key, reason.params) : '';
}
