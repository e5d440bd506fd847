import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { UNFINISHED_STATES, type CreateCommandForm } from '@console/contract/http/commands';
import { API_STATUS } from '@console/contract/http/envelope';
import type { AckMessage, CommandMessage, DownMessage } from '@console/contract/mqtt/payloads';
import { commands, devices, operationLogs } from '@console/db/schema/devices';
import { ApiError, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { rateLimited } from '../ingest/stats.ts';
import { assertGranted, type CommandGrant } from './authorise.ts';
import { awake, createCommandRecords, type RecordDeps, type Target } from './records.ts';
import {
  ackTransition,
  commandMessageOf,
  confirmedByDone,
  groupOf,
  isFinished,
  stateConfirms,
  type CommandRow,
  type ReportedState,
} from './rules.ts';
import { flatMapInOrder, forEachInOrder, mapInOrder } from '@console/db/in-order';

/** How the queue reaches the machines: the server's MQTT client (ingest), when it is connected. */
export interface CommandTransport {
  connected(): boolean;
  /** Publish QoS 1 on the machine's command topic; resolves when the broker has it. */
  publish(sn: string, message: DownMessage): Promise<void>;
}

/** What ingest tells the queue after each transaction (a subset of ingest's WriteResult). */
export interface WrittenBatch {
  devices: { id: number; online: boolean; sleeping: boolean; lockLevel: ReportedState['lock'] }[];
  connected: ReadonlySet<number>;
}

export type EnqueueInput = Omit<CreateCommandForm, 'whenOffline' | 'password' | 'code'>;

/**
 * The durable command queue (docs/decisions/010-command-queue.md). Every command is a row; every change of
 * state is a guarded update with an operation log and a live event. A command is published only while its
 * machine is online and awake and the server is connected; it is published again after a server restart, a
 * reconnect of the server or of the machine, until the machine acknowledges it. Success needs the machine's
 * reported state. Single process: the server that runs ingest owns the queue.
 */
export async function createCommandQueue(deps: RecordDeps) {
  const { db } = deps.dbh;
  const records = await createCommandRecords(deps);
  const { unfinishedIn, targetsOf, pending, logOp, announce, flushLive, move } = records;
  const warn = rateLimited((level, message) => deps.log(level, message));
  let transport: CommandTransport | null = null;
  let timer: NodeJS.Timeout | null = null;

  const lateAckLogged = async (id: string) =>
    (await db
      .select({ id: operationLogs.id })
      .from(operationLogs)
      .where(and(eq(operationLogs.commandId, id), eq(operationLogs.action, 'command.lateAck')))
      .get()) !== undefined;

  /**
   * Record that a queued command goes out, or that a sent and unacknowledged one goes out again; the row to
   * publish, or null when it does not go out (the way is closed, the machine asleep, the command moved on).
   */
  async function markSent(row: CommandRow, device: Target): Promise<CommandRow | null> {
    if (!transport?.connected() || !awake(device)) return null;
    if (row.state !== 'queued' && row.state !== 'sent') return null;
    const at = deps.now();
    if (row.state === 'queued') return move(row, 'sent', { sentAt: new Date(at), attempts: row.attempts + 1 }, null);
    await db
      .update(commands)
      .set({ attempts: sql`${commands.attempts} + 1` })
      .where(eq(commands.id, row.id))
      .run();
    await logOp(row, 'command.resent', null, at);
    return row;
  }

  function publish(row: CommandRow, device: Target): void {
    transport?.publish(device.serialNumber, commandMessageOf(row)).catch((error: Error) => {
      // It stays `sent` and goes out again when the server or the machine reconnects.
      deps.log('warn', `commands: publishing ${row.id} to ${device.serialNumber} failed: ${error.message}`);
    });
  }

  /** Publish a queued command, or publish again one that was sent and not acknowledged. */
  async function send(row: CommandRow, device: Target): Promise<void> {
    const sent = await markSent(row, device);
    if (sent) publish(sent, device);
  }

  /**
   * What waits for these machines goes out, recorded in one transaction (a fleet coming on line finds hundreds
   * waiting, and each write alone would wait for ingest's lock) and published once it is.
   */
  async function sendWaiting(deviceIds: number[], alsoResend: (deviceId: number) => boolean): Promise<void> {
    if (!transport?.connected() || deviceIds.length === 0) return;
    const devicesById = await targetsOf(deviceIds);
    const due = (await unfinishedIn(deviceIds)).filter(
      (row) =>
        devicesById.has(row.deviceId) && (row.state === 'queued' || (row.state === 'sent' && alsoResend(row.deviceId))),
    );
    if (due.length === 0) return;
    const sent = await inOneTransaction(
      async () =>
        await flatMapInOrder(due, async (row) => {
          const done = await markSent(row, devicesById.get(row.deviceId)!);
          return done ? [done] : [];
        }),
    );
    for (const row of sent) publish(row, devicesById.get(row.deviceId)!);
  }

  /** Work of several moves as one transaction; when it fails, none of their events go out. */
  async function inOneTransaction<T>(work: () => T): Promise<T> {
    try {
      return await unitOfWork(db, work);
    } catch (error) {
      await records.discard();
      throw error;
    }
  }

  /**
   * The broker may hold a sent command for a machine that is away (or about to act on it): the notice follows
   * it on the same topic, in order, and the machine refuses the command instead of carrying it out.
   */
  async function noticeCancel(row: CommandRow): Promise<void> {
    const device = (await targetsOf([row.deviceId])).get(row.deviceId);
    if (!device || !transport?.connected()) return;
    transport.publish(device.serialNumber, { type: 'cancel', id: row.id, t: deps.now() }).catch((error: Error) => {
      deps.log('warn', `commands: the cancel notice of ${row.id} to ${device.serialNumber} failed: ${error.message}`);
    });
  }

  /** A `params` command that the machine carried out changes the settings the server monitors it with. */
  async function applyParams(row: CommandRow): Promise<void> {
    const params = row.params as CommandMessage['params'] | null;
    if (!params) return;
    await db
      .update(devices)
      .set({
        ...(params.reportIntervalS !== undefined ? { reportIntervalS: params.reportIntervalS } : {}),
        ...(params.overspeedKmh !== undefined ? { overspeedKmh: params.overspeedKmh } : {}),
      })
      .where(eq(devices.id, row.deviceId))
      .run();
  }

  /** The move and the settings it carries are one transaction: no reader sees a succeeded `params` not yet applied. */
  async function succeed(row: CommandRow, reported: ReportedState | null): Promise<void> {
    const deliveredAt = row.deliveredAt ?? new Date(deps.now());
    await inOneTransaction(async () => {
      const done = await move(row, 'succeeded', { deliveredAt, reported }, null);
      if (done?.type === 'params') await applyParams(done);
    });
  }

  /** What an acknowledgement (validated by ingest: the machine is known and the topic its own) moves. */
  async function takeAck(deviceId: number, ack: AckMessage): Promise<void> {
    const row = await db.select().from(commands).where(eq(commands.id, ack.id)).get();
    // Unknown, or another machine's command: a machine cannot act on a command it was not sent.
    if (!row || row.deviceId !== deviceId) {
      warn('ack', `commands: ignored an acknowledgement of ${ack.id.slice(0, 40)} from machine ${deviceId}`);
      return;
    }
    if (isFinished(row.state)) {
      // Cancelled or expired while the machine had it: keep what the machine says it did, once.
      const outcome = ack.result === 'done' || ack.result === 'refused';
      if (outcome && !(await lateAckLogged(row.id))) {
        await logOp(row, 'command.lateAck', null, deps.now(), { result: ack.result, state: ack.state ?? null });
      }
      return;
    }
    const next = ackTransition(row, ack);
    if (next?.to === 'delivered') await move(row, 'delivered', { deliveredAt: new Date(deps.now()) }, null);
    else if (next?.to === 'succeeded') await succeed(row, next.reported);
    else if (next?.to === 'failed') {
      const deliveredAt = row.deliveredAt ?? new Date(deps.now());
      await move(
        row,
        'failed',
        { deliveredAt, reason: next.reason, detail: next.detail, reported: next.reported },
        null,
      );
    }
  }

  const queue = {
    /** Connect (or, with null, disconnect) the way to the machines. */
    attach(next: CommandTransport | null): void {
      transport = next;
    },

    /**
     * Create commands for machines, with the grant of the one rule (authorise.ts) for them. A queued or sent
     * command of the same group is superseded; one the machine already holds refuses the whole request.
     */
    async enqueue(input: EnqueueInput, grant: CommandGrant): Promise<CommandRow[]> {
      const ids = [...new Set(input.deviceIds)];
      assertGranted(grant, input.type, ids);
      const createdBy = grant.by;
      const devicesById = await targetsOf(ids);
      if (devicesById.size !== ids.length) throw notFound();
      const at = deps.now();
      let created: CommandRow[];
      try {
        created = await unitOfWork(db, async () => {
          const existing = (await unfinishedIn(ids)).filter((r) => groupOf(r.type) === groupOf(input.type));
          const busy = existing.find((r) => r.state === 'delivered');
          if (busy) {
            const serial = devicesById.get(busy.deviceId)!.serialNumber;
            throw new ApiError(API_STATUS.conflict, 'command.inProgress', { serial });
          }
          return await mapInOrder(ids, async (deviceId) => {
            const id = randomUUID();
            for (const old of existing.filter((r) => r.deviceId === deviceId)) {
              await move(old, 'cancelled', { reason: 'superseded', detail: id }, createdBy);
            }
            const isLock = input.type === 'lock' || input.type === 'unlock';
            const row = await db
              .insert(commands)
              .values({
                id,
                deviceId,
                orgId: devicesById.get(deviceId)!.orgId,
                type: input.type,
                lockLevel: input.type === 'lock' ? input.level : input.type === 'unlock' ? 'unlocked' : null,
                lockMode: isLock ? input.mode : null,
                // What a parameters or settings command sets; lock, sleep and restart carry none.
                params: confirmedByDone(input.type) && input.type !== 'restart' ? (input.params ?? null) : null,
                expiresAt: new Date(at + input.ttlMinutes * 60_000),
                createdBy,
                createdAt: new Date(at),
              })
              .returning()
              .get();
            await logOp(row, 'command.queued', createdBy, at);
            pending.add(deviceId);
            announce(row, devicesById.get(deviceId), at);
            return row;
          });
        });
      } catch (error) {
        // Nothing of it happened: no events, and the pending set as the database has it.
        await records.discard();
        throw error;
      }
      // The machines as they are now, not as before the write: one that came on line meanwhile (ingest's batch found
      // nothing pending for it yet) gets its command at once, not at its next report.
      const targets = await targetsOf(created.map((row) => row.deviceId));
      for (const row of created) await send(row, targets.get(row.deviceId) ?? devicesById.get(row.deviceId)!);
      flushLive();
      return db
        .select()
        .from(commands)
        .where(
          inArray(
            commands.id,
            created.map((r) => r.id),
          ),
        )
        .all();
    },

    /** Cancel a command the machine has not received (queued or sent); the caller has checked the user's scope. */
    async cancel(id: string, userId: number): Promise<CommandRow> {
      const row = await db.select().from(commands).where(eq(commands.id, id)).get();
      if (!row) throw notFound();
      if (row.state === 'delivered') throw new ApiError(API_STATUS.conflict, 'command.notCancellable');
      if (isFinished(row.state)) throw new ApiError(API_STATUS.conflict, 'command.finished');
      const cancelled = await move(row, 'cancelled', { reason: 'cancelled' }, userId);
      flushLive();
      if (!cancelled) throw new ApiError(API_STATUS.conflict, 'command.finished');
      if (row.state === 'sent') await noticeCancel(cancelled);
      return cancelled;
    },

    /** A machine's acknowledgement. */
    async onAck(deviceId: number, ack: AckMessage): Promise<void> {
      await takeAck(deviceId, ack);
      flushLive();
    },

    /**
     * The acknowledgements that came in one turn of the loop, in one transaction: each of them alone would take
     * the write lock, which ingest holds most of the time under load, and the thread waits for it.
     */
    async onAcks(acks: { deviceId: number; msg: AckMessage }[]): Promise<void> {
      // When the lock stays busy past its timeout the caller tries them all again.
      await inOneTransaction(async () => await forEachInOrder(acks, ({ deviceId, msg }) => takeAck(deviceId, msg)));
      flushLive();
    },

    /**
     * After each ingest transaction: a machine's reported lock and sleep state confirms what it received, and a
     * machine that is online and awake gets what waits for it (again, if it has just connected).
     */
    async onWritten(batch: WrittenBatch): Promise<void> {
      const touched = batch.devices.filter((d) => pending.has(d.id));
      if (touched.length === 0) return;
      const rows = await unfinishedIn(touched.map((d) => d.id));
      const confirmed = touched.flatMap((d) => {
        const state = { lock: d.lockLevel, sleeping: d.sleeping };
        return rows
          .filter((row) => row.deviceId === d.id && row.state === 'delivered' && stateConfirms(row, state))
          .map((row) => ({ row, state }));
      });
      if (confirmed.length > 0)
        await inOneTransaction(async () => await forEachInOrder(confirmed, ({ row, state }) => succeed(row, state)));
      const ready = touched.filter(awake).map((d) => d.id);
      await sendWaiting(ready, (deviceId) => batch.connected.has(deviceId));
      flushLive();
    },

    /**
     * The server's client (re)connected: publish what waits for machines that are online, and again what was
     * sent but never acknowledged (the broker may have restarted and lost its sessions, or the server did).
     */
    async onTransportReady(): Promise<void> {
      await sendWaiting([...pending], () => true);
      flushLive();
    },

    /** Expire what outlived its time-to-live. Returns how many expired. */
    async sweep(): Promise<number> {
      const due = await db
        .select()
        .from(commands)
        .where(and(inArray(commands.state, UNFINISHED_STATES), lte(commands.expiresAt, new Date(deps.now()))))
        .all();
      let expired = 0;
      if (due.length > 0) {
        await inOneTransaction(async () => {
          for (const row of due) if (await move(row, 'expired', { reason: 'expired' }, null)) expired++;
        });
      }
      flushLive();
      return expired;
    },

    /** Sweep expiry every `intervalMs` until stop(). */
    start(intervalMs = 5000): void {
      queue.stop();
      timer = setInterval(async () => {
        try {
          await queue.sweep();
        } catch (error) {
          deps.log('error', 'commands: the expiry sweep failed', error);
        }
      }, intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
  return queue;
}

export type CommandQueue = Awaited<ReturnType<typeof createCommandQueue>>;
