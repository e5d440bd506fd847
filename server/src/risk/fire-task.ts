import { and, eq, isNull } from 'drizzle-orm';
import { riskTaskItems, riskTasks } from '@console/db/schema/risk';
import { scheduledGrant } from '../commands/authorise.ts';
import type { AppDeps } from '../lib/deps.ts';
import { ApiError } from '../lib/errors.ts';
import { levelName, modeName } from './levels.ts';

export type TaskRow = typeof riskTasks.$inferSelect;

/**
 * Put a task's commands in the queue, once: the guarded update claims it, so a second caller (the timer and a
 * request in the same tick) does nothing. A machine that is carrying out another lock command refuses its item;
 * the other machines go ahead.
 */
export async function fireTask(deps: AppDeps, task: TaskRow): Promise<void> {
  const { db } = deps.dbh;
  const claimed = await db
    .update(riskTasks)
    .set({ firedAt: new Date(deps.now()) })
    .where(and(eq(riskTasks.id, task.id), isNull(riskTasks.firedAt)))
    .run();
  if (claimed.changes === 0) return;
  const pending = await db
    .select()
    .from(riskTaskItems)
    .where(and(eq(riskTaskItems.taskId, task.id), isNull(riskTaskItems.commandId), isNull(riskTaskItems.outcome)))
    .all();
  for (const item of pending) {
    try {
      // The task was authorised when it was made (its creator's password) or by a lock day setting.
      const [command] = await deps.commands.enqueue(
        {
          deviceIds: [item.deviceId],
          type: task.kind,
          level: task.kind === 'lock' ? levelName(task.level) : undefined,
          mode: modeName(task.mode),
          ttlMinutes: 24 * 60,
        },
        scheduledGrant(task, [item.deviceId]),
      );
      await db.update(riskTaskItems).set({ commandId: command!.id }).where(eq(riskTaskItems.id, item.id)).run();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await db
        .update(riskTaskItems)
        .set({ outcome: 'refused', note: error.messageKey })
        .where(eq(riskTaskItems.id, item.id))
        .run();
    }
  }
}
