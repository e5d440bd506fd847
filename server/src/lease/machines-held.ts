import { and, eq, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { contractLines, contracts } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';

/**
 * Which contract holds a machine (docs/decisions/059-lease-chain.md). A line naming a machine reserves it from the
 * contract's review until its end: no other contract may name it, and no model line of another contract may
 * deliver it. The machine goes on lease only when it is delivered (a confirmed entry opens its lease period).
 */

/** Contracts that claim their machines: in review, approved, signing or running. */
export const CLAIMING = [
  LEASE_STATUS.pendingReview,
  LEASE_STATUS.awaitingSignInitiation,
  LEASE_STATUS.awaitingLesseeSign,
  LEASE_STATUS.awaitingLessorSign,
  LEASE_STATUS.inExecution,
];

/**
 * The lines of claiming contracts that name a machine, as a condition on `contractLines` joined to `contracts`: a
 * change in force has put its machines on its contract's lines, and a line a change ended claims none (decision 041).
 * "A contract in force naming a machine" for every reader: the holding rule (quotes/holds.ts), the availability
 * calendar and its customer filter (availability/calendar.ts, routes/availability).
 */
export const claimingLine = (): SQL =>
  and(
    inArray(contracts.status, CLAIMING),
    not(and(eq(contracts.kind, 'change'), eq(contracts.status, LEASE_STATUS.inExecution))!),
    isNull(contractLines.untilOn),
  )!;

/**
 * The first of these machines that a contract other than `contractId` claims, with that contract's number. With
 * `family`, the contract's own changes do not count as others (a change in signing repricing the contract's line
 * names the same machine).
 */
export async function claimedElsewhere(
  tx: Db,
  deviceIds: number[],
  contractId: number | null,
  family = false,
): Promise<{ deviceId: number; number: string } | undefined> {
  if (deviceIds.length === 0) return undefined;
  const others =
    contractId === null
      ? undefined
      : family
        ? and(ne(contracts.id, contractId), or(isNull(contracts.changeOf), ne(contracts.changeOf, contractId)))
        : ne(contracts.id, contractId);
  const row = await tx
    .select({ deviceId: contractLines.deviceId, number: contracts.number })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .where(and(inArray(contractLines.deviceId, deviceIds), claimingLine(), others))
    .get();
  return row && row.deviceId !== null ? { deviceId: row.deviceId, number: row.number } : undefined;
}

/**
 * Machines an entry of `contractId` may deliver, as a condition on `devices`: in stock, on no open lease period,
 * and named by no claiming contract other than this one and its changes.
 */
export function deliverable(contractId: number): SQL {
  const heldByOther = sql`exists (select 1 from ${contractLines} inner join ${contracts}
    on ${contracts.id} = ${contractLines.contractId}
    where ${contractLines.deviceId} = ${devices.id} and ${claimingLine()}
      and ${contracts.id} <> ${contractId}
      and (${contracts.changeOf} is null or ${contracts.changeOf} <> ${contractId}))`;
  const onLease = sql`exists (select 1 from ${leasePeriods}
    where ${leasePeriods.deviceId} = ${devices.id} and ${leasePeriods.endOn} is null)`;
  return and(eq(devices.leaseStatus, 'stock'), not(heldByOther), not(onLease))!;
}
