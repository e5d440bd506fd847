import { and, eq, or, type SQL } from 'drizzle-orm';
import { LESSOR_ROLES, OPERATOR_ROLES, ROLE } from '@console/contract/codes/roles';
import type { QuoteWho } from '@console/contract/quotes/flow';
import { quotes } from '@console/db/schema/quotes';
import type { SessionUser } from '../lib/session.ts';

/**
 * Who sees which quotes, as lease contracts (decision 029): the operator's staff every one, the lessor's
 * administrator and staff their company's, a salesperson those they wrote or sell. Renters read none: a quote
 * reaches them as its PDF.
 */
export function quotesVisibleTo(user: SessionUser): SQL | undefined | false {
  if (user.orgKind === 'operator' && (OPERATOR_ROLES as readonly number[]).includes(user.roleId)) return undefined;
  if (user.orgKind === 'lessor' && (LESSOR_ROLES as readonly number[]).includes(user.roleId)) {
    const own = eq(quotes.orgId, user.orgId);
    if (user.roleId !== ROLE.lessorSales) return own;
    return and(own, or(eq(quotes.createdBy, user.id), eq(quotes.salespersonId, user.id)));
  }
  return false;
}

export const writesQuotes = (user: SessionUser) =>
  user.orgKind === 'lessor' && (LESSOR_ROLES as readonly number[]).includes(user.roleId);

export const quoteActor = (user: SessionUser): QuoteWho => ({
  kind: 'user',
  userId: user.id,
  orgId: user.orgId,
  roleId: user.roleId,
});
