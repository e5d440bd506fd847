import type { CommandReason, CommandState } from '@console/contract/http/commands';
import type { AckMessage, CommandMessage, LOCK_LEVELS } from '@console/contract/mqtt/payloads';
import type { commands } from '@console/db/schema/devices';

export type CommandRow = typeof commands.$inferSelect;
type LockLevel = (typeof LOCK_LEVELS)[number];

/** What a machine reports about itself that a command can be checked against. */
export interface ReportedState {
  lock: LockLevel;
  sleeping: boolean;
}

/**
 * Commands of one group act on the same side of a machine, so a machine has at most one unfinished command per
 * group: lock and unlock set the lock level, sleep and wake the sleep state, params its settings.
 */
export function groupOf(type: CommandRow['type']): CommandRow['type'] {
  if (type === 'lock' || type === 'unlock') return 'lock';
  if (type === 'sleep' || type === 'wake') return 'sleep';
  // Parameters, running mode, pump mode, drive speed and restart each set their own side of the machine.
  return type;
}

/** Commands that nothing the machine reports confirms: only its `done` does. */
export const confirmedByDone = (type: CommandRow['type']) =>
  type === 'params' || type === 'restart' || type === 'runMode' || type === 'pumpMode' || type === 'speed';

export const isFinished = (state: CommandState) => !['queued', 'sent', 'delivered'].includes(state);

/** The lock level an unlock asks for is `unlocked`. */
export function targetLock(row: Pick<CommandRow, 'type' | 'lockLevel'>): LockLevel | null {
  if (row.type === 'unlock') return 'unlocked';
  if (row.type === 'lock') return row.lockLevel;
  return null;
}

/**
 * Does the machine's state show the command carried out? Lock and unlock by the lock level, sleep and wake by
 * the sleep state. Params have no reported state: only the machine's `done` confirms them (null: no verdict).
 */
export function stateConfirms(row: Pick<CommandRow, 'type' | 'lockLevel'>, state: ReportedState): boolean | null {
  switch (row.type) {
    case 'lock':
    case 'unlock':
      return state.lock === targetLock(row);
    case 'sleep':
      return state.sleeping;
    case 'wake':
      return !state.sleeping;
    case 'params':
    case 'restart':
    case 'runMode':
    case 'pumpMode':
    case 'speed':
      return null;
  }
}

export type Transition =
  | { to: 'delivered' }
  | { to: 'succeeded'; reported: ReportedState | null }
  | { to: 'failed'; reason: CommandReason; detail: string; reported: ReportedState | null }
  | null;

/**
 * What an acknowledgement does to an unfinished command. `received` and `waiting` say the machine holds it;
 * `done` succeeds only when the state it reports is the one asked for (a `done` without a state waits for the
 * next report to confirm it); `refused` fails it with the machine's reason.
 */
export function ackTransition(row: Pick<CommandRow, 'type' | 'lockLevel' | 'state'>, ack: AckMessage): Transition {
  const deliveredNow: Transition = row.state === 'delivered' ? null : { to: 'delivered' };
  switch (ack.result) {
    case 'received':
    case 'waiting':
      return deliveredNow;
    case 'refused':
      return { to: 'failed', reason: 'refused', detail: ack.reason ?? '', reported: ack.state ?? null };
    case 'done': {
      if (confirmedByDone(row.type)) return { to: 'succeeded', reported: ack.state ?? null };
      if (!ack.state) return deliveredNow;
      if (stateConfirms(row, ack.state)) return { to: 'succeeded', reported: ack.state };
      const detail = `lock=${ack.state.lock} sleeping=${ack.state.sleeping}`;
      return { to: 'failed', reason: 'mismatch', detail, reported: ack.state };
    }
  }
}

/** The message published on the machine's command topic. */
export function commandMessageOf(row: CommandRow): CommandMessage {
  const params = row.params as CommandMessage['params'] | null;
  return {
    id: row.id,
    type: row.type,
    ...(targetLock(row) ? { level: targetLock(row)! } : {}),
    ...(row.lockMode ? { mode: row.lockMode } : {}),
    ...(params ? { params } : {}),
    expiresAt: row.expiresAt.getTime(),
  };
}
