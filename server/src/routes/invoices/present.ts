import { eq, inArray, sql } from 'drizzle-orm';
import { INVOICE_ACTIONS, invoiceAllows, type InvoiceAction } from '@console/contract/codes/invoices';
import { ROLE } from '@console/contract/codes/roles';
import { type InvoiceRow } from '@console/contract/http/invoices';
import { INVOICE_REQUESTERS } from '@console/contract/access/invoices';
import { users } from '@console/db/schema/accounts';
import { invoiceItems, invoices } from '@console/db/schema/invoices';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { currencyFormat } from '../../lib/currencies.ts';
import { uncoveredItems } from './sources.ts';
import { mapInOrder } from '@console/db/in-order';

export type InvoiceRecord = typeof invoices.$inferSelect;

/** Both sides of an invoice read it: the company that asked and the one that issues (and those above them). */
export const invoiceScope = (data: ScopedData) => data.orgScope(invoices.orgId, invoices.issuerOrgId);

/**
 * Who issues an invoice: the operator's finance any invoice it sees (it keeps the platform's books, decision 036);
 * the operator's and a rental company's administrator those their own organisation issues.
 */
export function mayIssue(data: ScopedData, user: SessionUser, invoice: Pick<InvoiceRecord, 'issuerOrgId'>): boolean {
  if (user.roleId === ROLE.finance && user.orgKind === 'operator') return data.sees(invoice.issuerOrgId);
  const admin = user.roleId === ROLE.companyAdmin || user.roleId === ROLE.lessorAdmin;
  return admin && user.orgId === invoice.issuerOrgId;
}

/** Who asks for, and withdraws, a company's invoices: its own requesters. */
export const mayRequestFor = (user: SessionUser, orgId: number): boolean =>
  (INVOICE_REQUESTERS as readonly number[]).includes(user.roleId) && user.orgId === orgId;

/** `unpaid`: the labels of its items no longer paid for what it invoices; while any is, it cannot be issued. */
export async function actionsOf(
  data: ScopedData,
  user: SessionUser,
  invoice: InvoiceRecord,
  unpaid: readonly string[] = [],
): Promise<InvoiceAction[]> {
  return INVOICE_ACTIONS.filter(
    (action) =>
      invoiceAllows(action, invoice.state) &&
      !(action === 'issue' && unpaid.length > 0) &&
      (action === 'withdraw' ? mayRequestFor(user, invoice.orgId) : mayIssue(data, user, invoice)),
  );
}

/** An invoice in scope (else not found), read inside the unit of work that changes it. */
export async function invoiceIn(data: ScopedData, id: number): Promise<InvoiceRecord> {
  const found = await data.select().from(invoices, invoiceScope(data)).where(eq(invoices.id, id)).get();
  if (!found) throw notFound();
  return found;
}

/** Invoices as the list and the detail show them (spec section 3). */
export async function presentInvoices(
  ctx: { data: ScopedData; user: SessionUser; timeZone: string; deps: AppDeps },
  rows: InvoiceRecord[],
): Promise<InvoiceRow[]> {
  const { data, user, timeZone, deps } = ctx;
  const names = await orgNames(
    data,
    rows.flatMap((r) => [r.orgId, r.issuerOrgId]),
  );
  const ids = rows.map((r) => r.id);
  const counts = new Map(
    ids.length === 0
      ? []
      : (
          await data
            .select({ id: invoiceItems.invoiceId, n: sql<number>`count(*)` })
            .from(
              invoiceItems,
              data.within(invoiceItems.invoiceId, data.select({ id: invoices.id }).from(invoices, invoiceScope(data))),
            )
            .where(inArray(invoiceItems.invoiceId, ids))
            .groupBy(invoiceItems.invoiceId)
            .all()
        ).map((r) => [r.id, r.n]),
  );
  // Requests whose items are no longer all paid cannot be issued: both sides see which (decision 051, addendum).
  const unpaid = await uncoveredItems(
    data.unscoped('domainRule'),
    rows.filter((r) => r.state === 'toBeIssued').map((r) => r.id),
  );
  const applicants = new Map(
    rows.length === 0
      ? []
      : (
          await data
            .unscoped('referencedNames')
            .select({ id: users.id, name: users.name, nickname: users.nickname })
            .from(users)
            .where(inArray(users.id, [...new Set(rows.map((r) => r.requestedBy))]))
            .all()
        ).map((u) => [u.id, u.name || u.nickname]),
  );
  return await mapInOrder(rows, async (r) => ({
    id: r.id,
    number: r.number,
    orgId: r.orgId,
    tenantName: names.get(r.orgId) ?? '',
    issuerName: names.get(r.issuerOrgId) ?? '',
    applicantName: applicants.get(r.requestedBy) ?? '',
    invoiceType: r.invoiceType,
    taxRate: r.taxRate,
    title: r.title,
    taxNumber: r.taxNumber,
    contact: r.contact,
    phone: r.phone,
    address: r.address,
    bank: r.bank,
    account: r.account,
    note: r.note,
    itemCount: counts.get(r.id) ?? 0,
    // Invoices of companies of several brands sit in one list: each names its own currency.
    money: currencyFormat(deps, r.currency),
    totalCents: r.totalCents,
    taxCents: r.taxCents,
    state: r.state,
    fileUrl: r.fileUrl,
    requestedAt: formatInZone(r.createdAt, timeZone),
    issuedAt: r.issuedAt ? formatInZone(r.issuedAt, timeZone) : '',
    unpaidItems: unpaid.get(r.id) ?? [],
    actions: await actionsOf(data, user, r, unpaid.get(r.id)),
  }));
}
