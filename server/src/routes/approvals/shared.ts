import { gte, inArray } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { approvalAllows, APPROVAL_ACTIONS, type ApprovalState } from '@console/contract/codes/approvals';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiError, notFound } from '../../lib/errors.ts';
import { userNames } from '../../lib/maintenance.ts';
import type { ScopedData } from '../../lib/data.ts';
import { formatInZone } from '../../lib/time.ts';

const DAY_MS = 86_400_000;

/** "Made in the last N days": within N times 24 hours of now. */
export const madeWithin = (column: SQLiteColumn, days: number | undefined, now: number) =>
  days ? gte(column, new Date(now - days * DAY_MS)) : undefined;

interface Decided {
  state: ApprovalState;
  reason: string;
  decidedBy: number | null;
  decidedAt: Date | null;
  createdAt: Date;
}

/** The decision part of a row as the lists show it, with the actions its state allows. */
export async function presentDecision(data: ScopedData, rows: Decided[], timeZone: string) {
  const names = await userNames(
    data,
    rows.map((r) => r.decidedBy),
  );
  return (r: Decided) => ({
    state: r.state,
    reason: r.reason,
    decidedByName: r.decidedBy ? (names.get(r.decidedBy) ?? '') : '',
    decidedAt: r.decidedAt ? formatInZone(r.decidedAt, timeZone) : '',
    createdAt: formatInZone(r.createdAt, timeZone),
    actions: APPROVAL_ACTIONS.filter((a) => approvalAllows(a, r.state)),
  });
}

/**
 * The requests of a batch, each in scope (else "not found"), each still under review: a batch holding a decided
 * one changes nothing, with the spec's "operation failed, contains approved order" (or its rejected twin).
 */
export function undecided<T extends { id: number; state: ApprovalState }>(rows: T[], ids: number[]): T[] {
  if (rows.length !== new Set(ids).size) throw notFound();
  if (rows.some((r) => r.state === 'approved')) throw new ApiError(API_STATUS.conflict, 'approvals.containsApproved');
  if (rows.some((r) => r.state === 'rejected')) throw new ApiError(API_STATUS.conflict, 'approvals.containsRejected');
  return rows;
}

export const idsIn = (column: SQLiteColumn, ids: number[]) => inArray(column, [...new Set(ids)]);
