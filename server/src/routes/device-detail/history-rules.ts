import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { API_STATUS } from '@console/contract/http/envelope';
import { HISTORY_MAX_RECORDS, WIDER_PERIODS, type CHART_PERIODS } from '@console/contract/http/device-detail';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import { ApiError } from '../../lib/errors.ts';
import { formatInZone } from '../../lib/time.ts';

const MINUTE_MS = 60_000;

/** A refused range: the spec's words as the message, and the field in the data, as a form expects. */
const refuse = (key: MessageKey, field: 'from' | 'to' = 'from') =>
  new ApiError(API_STATUS.invalid, key, {}, { field, issues: [{ path: field, message: key }] });

/**
 * The history rules of spec section 5: a query stays within one calendar month of the user's time zone (the
 * legacy store is partitioned by month), a mower's within one calendar day.
 */
export function assertHistoryRange(kind: MachineKind, from: number, to: number, timeZone: string): void {
  if (to < from) throw refuse('deviceDetail.rangeOrder', 'to');
  const start = formatInZone(from, timeZone);
  const end = formatInZone(to, timeZone);
  if (kind === 'mower' && start.slice(0, 10) !== end.slice(0, 10)) throw refuse('deviceDetail.mowerOneDay');
  if (start.slice(0, 7) !== end.slice(0, 7)) throw refuse('deviceDetail.crossMonth');
}

/**
 * The period a chart averages over: the one asked for (1 or 5 minutes), or the next wider one that keeps the
 * range within 1000 points, so no answer carries more than a query may.
 */
export function chartPeriodMinutes(asked: (typeof CHART_PERIODS)[number], from: number, to: number): number {
  const span = to - from + 1;
  for (const minutes of [asked, ...WIDER_PERIODS]) {
    if (Math.ceil(span / (minutes * MINUTE_MS)) <= HISTORY_MAX_RECORDS) return minutes;
  }
  return WIDER_PERIODS.at(-1)!;
}

/** The zone's offset from UTC at a moment (ms), so periods of a day or hours start on the local clock. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  return Date.parse(`${formatInZone(at, timeZone).replace(' ', 'T')}Z`) - Math.floor(at / 1000) * 1000;
}
