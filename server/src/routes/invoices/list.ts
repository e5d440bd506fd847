import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { ROLE } from '@console/contract/codes/roles';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { users } from '@console/db/schema/accounts';
import { invoiceEvents, invoiceItems, invoices } from '@console/db/schema/invoices';
import type { ScopedData } from '../../lib/data.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { currencyFormat } from '../../lib/currencies.ts';
import { invoiceIn, invoiceScope, presentInvoices } from './present.ts';
import { uncovered } from './sources.ts';

/** The invoices the user may issue, as a condition (mayIssue's rule): the finance tasks count these. */
function issuableBy(data: ScopedData, user: SessionUser): SQL {
  if (user.roleId === ROLE.finance && user.orgKind === 'operator') return sql`1 = 1`;
  const admin = user.roleId === ROLE.companyAdmin || user.roleId === ROLE.lessorAdmin;
  void data;
  return admin ? eq(invoices.issuerOrgId, user.orgId) : sql`1 = 0`;
}

export const invoiceListRoutes: RouteDef[] = [
  route(invoiceEndpoints.list, async (ctx) => {
    const { query, data, user, timeZone } = ctx;
    const scope = invoiceScope(data);
    const holding = (condition: SQL | undefined) =>
      data.within(
        invoices.id,
        data
          .select({ id: invoiceItems.invoiceId })
          .from(
            invoiceItems,
            data.within(invoiceItems.invoiceId, data.select({ id: invoices.id }).from(invoices, scope)),
          )
          .where(condition),
      ).sql;
    const where = and(
      query.state ? eq(invoices.state, query.state) : undefined,
      // A company: the invoices it asked for or issues.
      query.orgId ? sql`(${eq(invoices.orgId, query.orgId)} or ${eq(invoices.issuerOrgId, query.orgId)})` : undefined,
      query.keyword
        ? sql`(${keywordIn(data.dialect, [invoices.number, invoices.title, invoices.taxNumber], query.keyword)} or ${holding(
            keywordIn(data.dialect, [invoiceItems.label], query.keyword),
          )})`
        : undefined,
      // Days asked, in the reader's calendar.
      query.from ? gte(invoices.createdAt, new Date(startOfDayInZone(query.from, timeZone))) : undefined,
      query.to ? lt(invoices.createdAt, new Date(startOfDayInZone(addDaysToDay(query.to, 1), timeZone))) : undefined,
      // What the reader may issue now: not a request whose items are no longer all paid (it cannot be issued).
      query.toIssue
        ? and(
            eq(invoices.state, 'toBeIssued'),
            issuableBy(data, user),
            sql`not exists (select 1 from ${invoiceItems} where ${invoiceItems.invoiceId} = ${invoices.id} and ${uncovered})`,
          )
        : undefined,
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(invoices, scope).where(where),
      listOrder(query, { requestedAt: invoices.createdAt, totalCents: invoices.totalCents }, invoices.id, [
        // The work first: requests to issue, oldest first; then the rest, newest first.
        asc(sql`${invoices.state} <> 'toBeIssued'`),
        sql`case when ${invoices.state} = 'toBeIssued' then ${invoices.id} else -${invoices.id} end`,
      ]),
    );
    return { list: await presentInvoices(ctx, rows), ...paging };
  }),

  route(invoiceEndpoints.companies, async ({ data }) => {
    const sides = await data
      .selectDistinct({ orgId: invoices.orgId, issuerOrgId: invoices.issuerOrgId })
      .from(invoices, invoiceScope(data))
      .all();
    const names = await orgNames(
      data,
      sides.flatMap((s) => [s.orgId, s.issuerOrgId]),
    );
    return {
      list: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    };
  }),

  route(invoiceEndpoints.detail, async (ctx) => {
    const { data, query, timeZone, deps } = ctx;
    const invoice = await invoiceIn(data, query.id);
    const inScope = data.within(
      invoiceItems.invoiceId,
      data.select({ id: invoices.id }).from(invoices, invoiceScope(data)),
    );
    const items = await data
      .select()
      .from(invoiceItems, inScope)
      .where(eq(invoiceItems.invoiceId, invoice.id))
      .orderBy(asc(invoiceItems.id))
      .all();
    const events = await data
      .select()
      .from(
        invoiceEvents,
        data.within(invoiceEvents.invoiceId, data.select({ id: invoices.id }).from(invoices, invoiceScope(data))),
      )
      .where(eq(invoiceEvents.invoiceId, invoice.id))
      .orderBy(desc(invoiceEvents.id))
      .all();
    // A person is named to readers who see their organisation; others read the organisation (the issuer's staff
    // are the issuer's business).
    const actorOrgs = new Map(
      events.length === 0
        ? []
        : (
            await data
              .unscoped('referencedNames')
              .select({ id: users.id, orgId: users.orgId })
              .from(users)
              .where(inArray(users.id, [...new Set(events.map((e) => e.actorId))]))
              .all()
          ).map((u) => [u.id, u.orgId]),
    );
    const people = await userNames(
      data,
      events.map((e) => e.actorId).filter((id) => data.sees(actorOrgs.get(id))),
    );
    const orgs = await orgNames(data, [...actorOrgs.values()]);
    return {
      invoice: (await presentInvoices(ctx, [invoice]))[0]!,
      items: items.map((i) => ({
        source: i.source,
        sourceId: i.sourceId,
        label: i.label,
        amountCents: i.amountCents,
        money: currencyFormat(deps, i.currency),
        paidOn: i.paidOn,
      })),
      events: events.map((e) => ({
        id: e.id,
        event: e.event,
        byName: people.get(e.actorId) ?? orgs.get(actorOrgs.get(e.actorId) ?? -1) ?? '',
        at: formatInZone(e.at, timeZone),
        reason: e.reason,
        // The file the event put in place: an issued invoice's earlier files stay with their events.
        fileUrl: e.fileUrl,
      })),
    };
  }),
];
