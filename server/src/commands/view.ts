import { eq, type SQL } from 'drizzle-orm';
import { executionOf, type CommandItem } from '@console/contract/http/commands';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { formatInZone } from '../lib/time.ts';
import type { CommandRow } from './rules.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Commands with their machine and who created them, for lists and details. */
export function selectCommands(db: Db, where: SQL | undefined) {
  return db
    .select({
      command: commands,
      serialNumber: devices.serialNumber,
      hostName: devices.hostName,
      userName: users.name,
      userNickname: users.nickname,
    })
    .from(commands)
    .innerJoin(devices, eq(devices.id, commands.deviceId))
    .leftJoin(users, eq(users.id, commands.createdBy))
    .where(where)
    .$dynamic();
}
export type CommandRecord = Awaited<ReturnType<ReturnType<typeof selectCommands>['all']>>[number];

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
  const why =
    row.reason === 'expired'
      ? t(neverDelivered ? 'command.reason.expired' : 'command.reason.expiredUnconfirmed')
      : t(REASON_KEYS[row.reason as keyof typeof REASON_KEYS] ?? 'error.operationFailed', { detail: row.detail });
  const failed = row.state === 'failed' || row.state === 'expired';
  if (failed && row.type === 'lock') return t('command.lockFailedWith', { reason: why });
  if (failed && row.type === 'unlock') return t('command.unlockFailedWith', { reason: why });
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
