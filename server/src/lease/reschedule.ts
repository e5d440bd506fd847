import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { contractEvents, contractLines, contracts } from '@console/db/schema/lease';
import { canReschedule, LEASE_RESCHEDULE } from '@console/contract/codes/lease-flow';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiError, forbidden } from '../lib/errors.ts';
import type { ReaderLang } from '../lib/org-brand.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { contractHoldRequest, releaseContractHolds, takeHolds } from '../quotes/holds.ts';
import { asActor, visibleOfKind, writesContracts } from './access.ts';

/** The days a record moves to, and what it was and became. */
export interface NewDays {
  startOn: string;
  endOn: string;
}
export interface Rescheduled extends NewDays {
  id: number;
  number: string;
  totalCents: number;
}

/**
 * Move a contract not yet in review to other days (LEASE_RESCHEDULE, docs/decisions/069 and 072): its lines are
 * priced again over the new days, what it held is let go and its lines held for the new days in the same unit of
 * work (`holds: 'move'`), so a machine another record holds on one of them refuses the move (409 naming the holder
 * and the days) and nothing changes. The timeline records the days before and after.
 */
export async function rescheduleContract(
  db: Db,
  user: SessionUser,
  id: number,
  days: NewDays,
  now: number,
  lang: ReaderLang,
): Promise<Rescheduled> {
  return unitOfWork(db, async (tx) => {
    const c = await visibleOfKind(tx, user, id, 'contract');
    if (!canReschedule(c, asActor(user))) {
      if (writesContracts(user) && c.lessorOrgId === user.orgId) {
        throw new ApiError(API_STATUS.conflict, 'availability.notReschedulable', {
          number: c.number,
          status: `lease.status.${c.status}`,
        });
      }
      throw forbidden();
    }
    const lines = await tx
      .select()
      .from(contractLines)
      .where(and(eq(contractLines.contractId, id), isNull(contractLines.untilOn)))
      .all();
    const priced = lines.map((l) => ({
      ...l,
      amountCents: lineAmountCents(
        l.businessModel,
        { dayCents: l.dayCents, monthCents: l.monthCents },
        days.startOn,
        days.endOn,
        l.count,
      ),
    }));
    const totalCents = priced.reduce((s, l) => s + l.amountCents, 0);
    const at = new Date(now);
    await tx
      .update(contracts)
      .set({ startOn: days.startOn, endOn: days.endOn, totalCents, updatedAt: at })
      .where(eq(contracts.id, id))
      .run();
    for (const l of priced) {
      await tx.update(contractLines).set({ amountCents: l.amountCents }).where(eq(contractLines.id, l.id)).run();
    }
    if (LEASE_RESCHEDULE.holds === 'move') {
      await releaseContractHolds(tx, id, 'rescheduled', now);
      await takeHolds(tx, contractHoldRequest({ ...c, ...days }, lines), lang, now);
    }
    await tx
      .insert(contractEvents)
      .values({
        contractId: id,
        action: 'reschedule',
        userId: user.id,
        fromStatus: c.status,
        toStatus: c.status,
        details: {
          fromStartOn: c.startOn,
          fromEndOn: c.endOn,
          startOn: days.startOn,
          endOn: days.endOn,
          fromTotalCents: c.totalCents,
          totalCents,
        },
        at,
      })
      .run();
    return { id, number: c.number, ...days, totalCents };
  });
}
