import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { quoteEvents, quoteLines, quotes } from '@console/db/schema/quotes';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import { API_STATUS } from '@console/contract/http/envelope';
import { canRescheduleQuote, QUOTE_RESCHEDULE } from '@console/contract/quotes/flow';
import { ApiError, forbidden } from '../lib/errors.ts';
import type { ReaderLang } from '../lib/org-brand.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import type { NewDays, Rescheduled } from '../lease/reschedule.ts';
import { quoteActor, writesQuotes } from './access.ts';
import { quoteHolds, releaseQuoteHolds, takeHolds } from './holds.ts';
import { holdRequestOf, visibleQuote } from './moves.ts';

/**
 * Move a draft or sent quote to other days (QUOTE_RESCHEDULE, docs/decisions/069 and 072): its lines are priced
 * again over the new days at their quoted prices, and what it holds is let go and held again for the new days in
 * the same unit of work (`holds: 'move'`), so a machine another record holds on one of them refuses the move (409
 * naming the holder and the days) and nothing changes. The delivery stays on or after the validity day. The
 * timeline records the days before and after.
 */
export async function rescheduleQuote(
  db: Db,
  user: SessionUser,
  id: number,
  days: NewDays,
  now: number,
  lang: ReaderLang,
): Promise<Rescheduled> {
  return unitOfWork(db, async (tx) => {
    const q = await visibleQuote(tx, user, id);
    if (!canRescheduleQuote(q, quoteActor(user))) {
      if (writesQuotes(user) && q.orgId === user.orgId) {
        throw new ApiError(API_STATUS.conflict, 'availability.quoteNotReschedulable', { number: q.number });
      }
      throw forbidden();
    }
    if (days.startOn < q.validUntil) throw new ApiError(API_STATUS.invalid, 'quotes.validAfterStart');
    const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).all();
    const priced = lines.map((l) => ({
      id: l.id,
      amountCents: lineAmountCents(
        l.businessModel,
        { dayCents: l.dayCents, monthCents: l.monthCents },
        days.startOn,
        days.endOn,
        l.count,
      ),
    }));
    const totalCents = priced.reduce((s, l) => s + l.amountCents, 0);
    const held = await quoteHolds(tx, id);
    const at = new Date(now);
    await tx
      .update(quotes)
      .set({ startOn: days.startOn, endOn: days.endOn, totalCents, updatedAt: at })
      .where(eq(quotes.id, id))
      .run();
    for (const l of priced) {
      await tx.update(quoteLines).set({ amountCents: l.amountCents }).where(eq(quoteLines.id, l.id)).run();
    }
    if (QUOTE_RESCHEDULE.holds === 'move' && held) {
      await releaseQuoteHolds(tx, id, 'rescheduled', now);
      await takeHolds(tx, await holdRequestOf(tx, { ...q, ...days }), lang, now);
    }
    await tx
      .insert(quoteEvents)
      .values({
        quoteId: id,
        action: 'reschedule',
        userId: user.id,
        fromState: q.state,
        toState: q.state,
        details: {
          fromStartOn: q.startOn,
          fromEndOn: q.endOn,
          startOn: days.startOn,
          endOn: days.endOn,
          fromTotalCents: q.totalCents,
          totalCents,
        },
        at,
      })
      .run();
    return { id, number: q.number, ...days, totalCents };
  });
}
