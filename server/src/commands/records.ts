import { and, asc, eq, inArray } from 'drizzle-orm';
import { UNFINISHED_STATES, type CommandState } from '@console/contract/http/commands';
import type { LiveEvent } from '@console/contract/http/live';
import { commands, devices, operationLogs } from '@console/db/schema/devices';
import type { AppDeps } from '../lib/deps.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { isFinished, type CommandRow } from './rules.ts';

export type RecordDeps = Pick<AppDeps, 'dbh' | 'now' | 'log' | 'live'>;

const target = {
  id: devices.id,
  serialNumber: devices.serialNumber,
  online: devices.online,
  sleeping: devices.sleeping,
  orgId: devices.orgId,
  customerOrgId: devices.customerOrgId,
  distributorOrgId: devices.distributorOrgId,
};
/** What the queue needs of a machine: where to publish, whether it is reachable, who sees its commands. */
export interface Target {
  id: number;
  serialNumber: string;
  online: boolean;
  sleeping: boolean;
  orgId: number;
  customerOrgId: number | null;
  distributorOrgId: number | null;
}
export const awake = (d: Pick<Target, 'online' | 'sleeping'>) => d.online && !d.sleeping;

/**
 * The queue's rows: every change of state is a guarded update (it happens only if the command is still in the
 * state it was read in) with an operation log in the same transaction, and a live event to the machine's
 * owner, customer and distributor, sent by flushLive() once the caller's work is done.
 */
export async function createCommandRecords(deps: RecordDeps) {
  const { db } = deps.dbh;
  let outbox: { event: LiveEvent; orgIds: (number | null)[] }[] = [];

  const unfinishedIn = (deviceIds: number[]) =>
    db
      .select()
      .from(commands)
      .where(and(inArray(commands.deviceId, deviceIds), inArray(commands.state, UNFINISHED_STATES)))
      .orderBy(asc(commands.createdAt))
      .all();
  const targetsOf = async (ids: number[]) =>
    new Map((await db.select(target).from(devices).where(inArray(devices.id, ids)).all()).map((d) => [d.id, d]));

  /** Machines with an unfinished command: ingest's batches only cost the queue a look-up for these. */
  const pending = new Set<number>();
  const reloadPending = async () => {
    pending.clear();
    (
      await db
        .selectDistinct({ id: commands.deviceId })
        .from(commands)
        .where(inArray(commands.state, UNFINISHED_STATES))
        .all()
    ).forEach((r) => pending.add(r.id));
  };
  await reloadPending();
  const refreshPending = async (deviceId: number) => {
    if ((await unfinishedIn([deviceId])).length > 0) pending.add(deviceId);
    else pending.delete(deviceId);
  };

  async function logOp(
    row: CommandRow,
    action: string,
    userId: number | null,
    at: number,
    extra: object = {},
  ): Promise<void> {
    const { type, lockLevel: level, lockMode: mode, params } = row;
    await db
      .insert(operationLogs)
      .values({
        deviceId: row.deviceId,
        userId,
        action,
        detail: JSON.stringify({ type, level, mode, params, ...extra }),
        commandId: row.id,
        at: new Date(at),
      })
      .run();
  }

  function announce(row: CommandRow, device: Target | undefined, at: number): void {
    const orgIds = device ? [device.orgId, device.customerOrgId, device.distributorOrgId] : [row.orgId];
    outbox.push({
      event: { type: 'command', commandId: row.id, deviceId: row.deviceId, state: row.state, at },
      orgIds,
    });
  }

  function flushLive(): void {
    const events = outbox;
    outbox = [];
    for (const { event, orgIds } of events) {
      try {
        deps.live.publish(event, { orgIds });
      } catch (error) {
        deps.log('error', 'commands: could not publish a live event', error);
      }
    }
  }

  /** Move a command on if it is still in the state it was read in; null when something else moved it first. */
  async function move(row: CommandRow, to: CommandState, fields: Partial<CommandRow>, userId: number | null) {
    const at = deps.now();
    const finishedAt = isFinished(to) ? { finishedAt: new Date(at) } : {};
    const moved = await unitOfWork(db, async (tx) => {
      const updated = await tx
        .update(commands)
        .set({ ...fields, ...finishedAt, state: to })
        .where(and(eq(commands.id, row.id), eq(commands.state, row.state)))
        .returning()
        .get();
      if (updated)
        await logOp(updated, `command.${to}`, userId, at, { reason: updated.reason, detail: updated.detail });
      return updated;
    });
    if (!moved) return null;
    if (isFinished(to)) await refreshPending(row.deviceId);
    announce(moved, (await targetsOf([row.deviceId])).get(row.deviceId), at);
    return moved;
  }

  /** After a failed transaction: forget its events and read the pending machines again. */
  async function discard(): Promise<void> {
    outbox = [];
    await reloadPending();
  }

  return { unfinishedIn, targetsOf, pending, logOp, announce, flushLive, move, discard };
}
