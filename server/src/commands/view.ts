import { eq, type SQL } from 'drizzle-orm';
import { executionOf, type CommandItem } from '@console/contract/http/commands';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import type { REFUSAL_CODES } from '@console/contract/mqtt/payloads';
import type { ScopedData } from '../lib/data.ts';
import { users } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { formatInZone } from '../lib/time.ts';
import { confirmedByDone, type CommandRow } from './rules.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Commands of the machines the user sees, with their machine and who created them, for lists and details. */
export function selectCommands(data: ScopedData, where: SQL | undefined) {
  return data
    .select({
      command: commands,
      serialNumber: devices.serialNumber,
      hostName: devices.hostName,
      userName: users.name,
      userNickname: users.nickname,
    })
    .from(commands, data.deviceScope())
    .innerJoin(devices, eq(devices.id, commands.deviceId))
    .leftJoin(users, eq(users.id, commands.createdBy))
    .where(where);
}
export type CommandRecord = Awaited<ReturnType<ReturnType<typeof selectCommands>['all']>>[number];

/** The refusal codes a machine answers with (contract/mqtt/payloads.ts), in the user's language. */
const REFUSALS = {
  unsupported: 'command.refusal.unsupported',
  speedOutOfRange: 'command.refusal.speedOutOfRange',
  busy: 'command.refusal.busy',
} as const satisfies Record<(typeof REFUSAL_CODES)[number], MessageKey>;

const REASON_KEYS = {
  superseded: 'command.reason.superseded',
  cancelled: 'command.reason.cancelled',
  refused: 'command.reason.refused',
  mismatch: 'command.reason.mismatch',
} as const satisfies Record<string, MessageKey>;

/**
 * Why a command did not succeed, in the user's language. A lock or unlock that failed says so first, in the
 * spec's words; one that never reached its machine says the machine may be offline.
 */
export function reasonText(t: Translate, row: CommandRow, serial: string): string {
  if (!row.reason) return '';
  const neverDelivered = row.deliveredAt === null;
  if (row.reason === 'expired' && row.type === 'lock' && neverDelivered) {
    return t('command.lockFailedOffline', { serials: serial });
  }
  // The machine-control commands use the spec's words for a command that never reached its machine.
  if (row.reason === 'expired' && neverDelivered && confirmedByDone(row.type) && row.type !== 'params') {
    return t('command.deliveryFailed');
  }
  const refusal = Object.hasOwn(REFUSALS, row.detail) ? REFUSALS[row.detail as keyof typeof REFUSALS] : null;
  const why =
    row.reason === 'expired'
      ? t(neverDelivered ? 'command.reason.expired' : 'command.reason.expiredUnconfirmed')
      : row.reason === 'refused' && refusal
        ? t(refusal)
        : t(REASON_KEYS[row.reason as keyof typeof REASON_KEYS] ?? 'error.operationFailed', { detail: row.detail });
  const failed = row.state === 'failed' || row.state === 'expired';
  if (failed && row.type === 'lock') return t('command.lockFailedWith', { reason: why });
  if (failed && row.type === 'unlock') return t('command.unlockFailedWith', { reason: why });
  if (failed && row.type === 'restart') return t('command.restartFailedWith', { reason: why });
  return why;
}

const at = (date: Date | null, timeZone: string) => (date ? formatInZone(date, timeZone) : null);

export function toCommandItem(record: CommandRecord, t: Translate, timeZone: string): CommandItem {
  const row = record.command;
  return {
    id: row.id,
    deviceId: row.deviceId,
    serialNumber: record.serialNumber,
    hostName: record.hostName,
    type: row.type,
    level: row.lockLevel,
    mode: row.lockMode,
    params: (row.params as CommandItem['params']) ?? null,
    state: row.state,
    execution: executionOf(row.state),
    reason: (row.reason || null) as CommandItem['reason'],
    reasonText: reasonText(t, row, record.serialNumber),
    detail: row.detail,
    reported: row.reported ?? null,
    attempts: row.attempts,
    createdBy: row.createdBy,
    createdByName: record.userName || record.userNickname || '',
    createdAt: formatInZone(row.createdAt, timeZone),
    expiresAt: formatInZone(row.expiresAt, timeZone),
    sentAt: at(row.sentAt, timeZone),
    deliveredAt: at(row.deliveredAt, timeZone),
    finishedAt: at(row.finishedAt, timeZone),
  };
}
