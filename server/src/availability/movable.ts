import { inArray } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { contracts } from '@console/db/schema/lease';
import { quotes } from '@console/db/schema/quotes';
import { canReschedule } from '@console/contract/codes/lease-flow';
import type { HoldRef, MovedDays } from '@console/contract/http/availability';
import { canRescheduleQuote } from '@console/contract/quotes/flow';
import { asActor } from '../lease/access.ts';
import { quoteActor } from '../quotes/access.ts';
import type { SessionUser } from '../lib/session.ts';

/**
 * The calendar's records marked `movable` when the person may move their days (QUOTE_RESCHEDULE, LEASE_RESCHEDULE):
 * the console lets those bars be dragged and offers "Move dates". Two reads whatever the page.
 */
export async function movableRefs(db: Db, user: SessionUser, refs: HoldRef[]): Promise<HoldRef[]> {
  const quoteIds = [...new Set(refs.filter((r) => r.kind === 'quote').map((r) => r.id))];
  const contractIds = [...new Set(refs.filter((r) => r.kind === 'contract').map((r) => r.id))];
  const quoteRows = quoteIds.length
    ? await db
        .select({
          id: quotes.id,
          state: quotes.state,
          orgId: quotes.orgId,
          createdBy: quotes.createdBy,
          salespersonId: quotes.salespersonId,
        })
        .from(quotes)
        .where(inArray(quotes.id, quoteIds))
        .all()
    : [];
  const contractRows = contractIds.length
    ? await db
        .select({
          id: contracts.id,
          kind: contracts.kind,
          status: contracts.status,
          lessorOrgId: contracts.lessorOrgId,
          createdBy: contracts.createdBy,
          salespersonId: contracts.salespersonId,
        })
        .from(contracts)
        .where(inArray(contracts.id, contractIds))
        .all()
    : [];
  const movableQuotes = new Set(quoteRows.filter((q) => canRescheduleQuote(q, quoteActor(user))).map((q) => q.id));
  const movableContracts = new Set(
    contractRows.filter((c) => c.kind === 'contract' && canReschedule(c, asActor(user))).map((c) => c.id),
  );
  return refs.map((r) => ({
    ...r,
    movable: (r.kind === 'quote' && movableQuotes.has(r.id)) || (r.kind === 'contract' && movableContracts.has(r.id)),
  }));
}

/** A reschedule's days as its timeline row keeps them (`details`), or null for any other row. */
export function movedDaysOf(details: Record<string, unknown>): MovedDays | null {
  const { fromStartOn, fromEndOn, startOn, endOn } = details;
  if (typeof fromStartOn !== 'string' || typeof fromEndOn !== 'string') return null;
  if (typeof startOn !== 'string' || typeof endOn !== 'string') return null;
  return { fromStartOn, fromEndOn, startOn, endOn };
}
