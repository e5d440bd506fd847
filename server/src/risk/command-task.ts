import type { CommandRow } from '../commands/rules.ts';
import { riskTaskItems, riskTasks } from '@console/db/schema/risk';
import type { AppDeps } from '../lib/deps.ts';
import type { SessionUser } from '../lib/session.ts';
import { levelCode, modeCode } from './levels.ts';

/**
 * A lock or unlock sent straight to machines (`command/create.do`) is a lock task that ran at once, so every
 * lock, whichever page or client issued it, is in the lock task list with its progress (decision 013).
 */
export async function recordCommandTask(deps: AppDeps, user: SessionUser, created: CommandRow[]): Promise<void> {
  const first = created[0];
  if (!first || (first.type !== 'lock' && first.type !== 'unlock')) return;
  const at = first.createdAt;
  await deps.dbh.db.transaction(async (tx) => {
    const task = await tx
      .insert(riskTasks)
      .values({
        orgId: user.orgId,
        kind: first.type as 'lock' | 'unlock',
        taskType: 1,
        level: first.type === 'lock' ? levelCode(first.lockLevel) : 0,
        mode: modeCode(first.lockMode) ?? 1,
        dueAt: at,
        firedAt: at,
        createdBy: user.id,
        createdAt: at,
      })
      .returning()
      .get();
    await tx
      .insert(riskTaskItems)
      .values(created.map((c) => ({ taskId: task.id, deviceId: c.deviceId, commandId: c.id })))
      .run();
  });
}
