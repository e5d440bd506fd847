import { and, eq, inArray } from 'drizzle-orm';
import { UNFINISHED_STATES } from '@console/contract/http/commands';
import type { Db } from '@console/db/client';
import { commands, devices } from '@console/db/schema/devices';
import { renewalLines } from '@console/db/schema/renewals';
import { lockDayMarks } from '@console/db/schema/risk';
import type { AppDeps } from '../lib/deps.ts';
import { makeTask } from './arrears.ts';

/**
 * Of machines whose service a renewal just extended, those locked (or being locked) for the service that expired:
 * the lock day setting stepped them for their previous expiry (lock_day_marks) and they are not unlocked now, or a
 * lock command is still under way. A machine locked by hand or for arrears keeps its lock: the renewal pays for
 * the service, not for the rent.
 */
export async function lockedForExpiry(
  db: Db,
  renewed: { deviceId: number; previousExpiry: string | null }[],
): Promise<number[]> {
  const withExpiry = renewed.filter((r): r is { deviceId: number; previousExpiry: string } => !!r.previousExpiry);
  if (withExpiry.length === 0) return [];
  const ids = withExpiry.map((r) => r.deviceId);
  const marked = new Set(
    (
      await db
        .select({ deviceId: lockDayMarks.deviceId, at: lockDayMarks.serviceExpiresAt })
        .from(lockDayMarks)
        .where(inArray(lockDayMarks.deviceId, ids))
        .all()
    ).map((m) => `${m.deviceId}:${m.at}`),
  );
  const candidates = withExpiry.filter((r) => marked.has(`${r.deviceId}:${r.previousExpiry}`)).map((r) => r.deviceId);
  if (candidates.length === 0) return [];
  const locking = new Set(
    (
      await db
        .select({ id: commands.deviceId })
        .from(commands)
        .where(
          and(
            inArray(commands.deviceId, candidates),
            eq(commands.type, 'lock'),
            inArray(commands.state, UNFINISHED_STATES),
          ),
        )
        .all()
    ).map((c) => c.id),
  );
  return (
    await db
      .select({ id: devices.id, lockLevel: devices.lockLevel })
      .from(devices)
      .where(inArray(devices.id, candidates))
      .all()
  )
    .filter((d) => d.lockLevel !== 'unlocked' || locking.has(d.id))
    .map((d) => d.id);
}

/**
 * Unlock the machines a renewal order freed: one automatic unlock task of the owner, its reason naming the order,
 * through the command queue (an offline machine unlocks when it comes online; a queued lock is superseded). The
 * order's lines record the task.
 */
export async function unlockRenewed(
  deps: AppDeps,
  order: { id: number; orgId: number; number: string },
  renewed: { deviceId: number; previousExpiry: string | null }[],
): Promise<void> {
  const deviceIds = await lockedForExpiry(deps.dbh.db, renewed);
  if (deviceIds.length === 0) return;
  const reason = { key: 'risk.reason.renewed', params: { number: order.number } };
  await makeTask(deps, { orgId: order.orgId, kind: 'unlock', level: 0, mode: 1, reason }, deviceIds, (tx, taskId) =>
    tx
      .update(renewalLines)
      .set({ unlockTaskId: taskId })
      .where(and(eq(renewalLines.orderId, order.id), inArray(renewalLines.itemId, deviceIds)))
      .run(),
  );
}
