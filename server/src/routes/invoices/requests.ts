import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { invoiceAllows, taxCentsOf } from '@console/contract/codes/invoices';
import { API_STATUS } from '@console/contract/http/envelope';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { invoiceNumber } from '@console/db/doc-numbers';
import { organisations } from '@console/db/schema/accounts';
import { invoiceEvents, invoiceItems, invoices } from '@console/db/schema/invoices';
import { ApiError, conflict, forbidden } from '../../lib/errors.ts';
import { checkTaxRegime, orgBrand } from '../../lib/org-brand.ts';
import { orgNumberDay } from '../../lib/org-day.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { currencyFormat } from '../../lib/currencies.ts';
import { invoiceIn, mayRequestFor, presentInvoices } from './present.ts';
import { currencyOf, INVOICEABLE_SOURCES, liveItems, type InvoiceableItem } from './sources.ts';
import { flatMapInOrder, mapInOrder } from '@console/db/in-order';

const refuse = (key: 'invoices.notPaid' | 'invoices.notOwnItem' | 'invoices.oneIssuer', label = '') =>
  new ApiError(API_STATUS.conflict, key, { label });

export const invoiceRequestRoutes: RouteDef[] = [
  // The user's company's paid items that no live invoice holds, and its invoice information on file.
  route(invoiceEndpoints.invoiceable, async ({ data, user, deps }) => {
    const db = data.unscoped('domainRule');
    const paid = await flatMapInOrder(Object.values(INVOICEABLE_SOURCES), (source) => source.paidOf(db, user.orgId));
    const held = new Set(
      await flatMapInOrder(Object.keys(INVOICEABLE_SOURCES), async (source) =>
        [
          ...(
            await liveItems(
              db,
              source as InvoiceableItem['source'],
              paid.filter((p) => p.source === source).map((p) => p.sourceId),
            )
          ).keys(),
        ].map((id) => `${source}:${id}`),
      ),
    );
    const free = paid.filter((p) => !held.has(`${p.source}:${p.sourceId}`));
    const issuers = await orgNames(
      data,
      free.map((p) => p.issuerOrgId),
    );
    const org = (await data
      .select()
      .from(organisations, data.orgScope(organisations.id))
      .where(eq(organisations.id, user.orgId))
      .get())!;
    return {
      list: await mapInOrder(
        free.sort((a, b) => b.paidOn.localeCompare(a.paidOn) || b.sourceId - a.sourceId),
        async (p) => ({
          source: p.source,
          sourceId: p.sourceId,
          label: p.label,
          amountCents: p.amountCents,
          money: currencyFormat(deps, await currencyOf(deps, db, p)),
          paidOn: p.paidOn,
          issuerName: issuers.get(p.issuerOrgId) ?? '',
        }),
      ),
      profile: {
        tenantName: org.name,
        invoiceType: org.invoiceType,
        taxRate: Math.round(org.taxRate * 10000) / 100,
        title: org.invoiceTitle || org.name,
        taxNumber: org.taxNumber || org.creditCode,
        bank: org.invoiceBank,
        account: org.invoiceAccount,
        address: org.invoiceAddress || org.address,
        phone: org.invoicePhone || org.contactPhone,
        contact: org.contactName,
      },
    };
  }),

  /**
   * Every item is the user's company's (else "not from a customer identity", the same for another's and for none,
   * so ids cannot be probed), paid, of one issuer and on no live invoice (else "contains approved order"). The
   * partial unique index on live items refuses the loser of two requests that race.
   */
  route(invoiceEndpoints.request, async (ctx) => {
    const { body, user, data, deps, setMessage } = ctx;
    const now = deps.now();
    const created = await data.write(async (tx) => {
      const db = tx.unscoped('domainRule');
      const items = await mapInOrder(body.items, async (ref) => {
        const item = await INVOICEABLE_SOURCES[ref.source].one(db, ref.id);
        if (!item || item.buyerOrgId !== user.orgId || !mayRequestFor(user, item.buyerOrgId)) {
          throw refuse('invoices.notOwnItem');
        }
        if (!item.paid) throw refuse('invoices.notPaid', item.label);
        return item;
      });
      const unique = [...new Map(items.map((i) => [`${i.source}:${i.sourceId}`, i])).values()];
      const issuer = unique[0]!.issuerOrgId;
      if (unique.some((i) => i.issuerOrgId !== issuer)) throw refuse('invoices.oneIssuer');
      // One invoice, one currency (decision 064's addendum): amounts of two currencies are never added up.
      const currencies = await mapInOrder(unique, (i) => currencyOf(deps, db, i));
      const currency = currencies[0]!;
      if (currencies.some((c) => c !== currency)) {
        throw new ApiError(API_STATUS.conflict, 'invoices.oneCurrency', {
          currencies: [...new Set(currencies)].join(', '),
        });
      }
      for (const item of unique) {
        const holder = (await liveItems(db, item.source, [item.sourceId])).get(item.sourceId);
        if (holder !== undefined) {
          const number = (await db.select({ n: invoices.number }).from(invoices).where(eq(invoices.id, holder)).get())
            ?.n;
          throw new ApiError(API_STATUS.conflict, 'invoices.alreadyInvoiced', {
            label: item.label,
            number: number ?? '',
          });
        }
      }
      // The buyer's brand decides the invoice's kind and the tax identifier it carries (decision 064).
      const taxNumber = await checkTaxRegime(deps, db, user.orgId, body);
      const totalCents = unique.reduce((sum, i) => sum + i.amountCents, 0);
      const inserted = await tx
        .insert(invoices)
        .values({
          number: randomUUID(),
          orgId: user.orgId,
          issuerOrgId: issuer,
          requestedBy: user.id,
          invoiceType: body.type,
          taxRate: body.taxRate,
          title: body.title,
          taxNumber,
          contact: body.contact,
          phone: body.phone,
          address: body.address,
          bank: body.bank,
          account: body.account,
          note: body.note,
          currency,
          totalCents,
          taxCents: taxCentsOf(totalCents, body.taxRate),
          createdAt: new Date(now),
        })
        .returning()
        .get();
      const invoice = await tx
        .update(invoices)
        .set({
          number: invoiceNumber(
            (await orgBrand(deps, db, user.orgId)).taxRegime,
            inserted.id,
            await orgNumberDay(db, user.orgId, now),
          ),
        })
        .where(eq(invoices.id, inserted.id))
        .returning()
        .get();
      await tx
        .insert(invoiceItems)
        .values(
          unique.map((i) => ({
            invoiceId: invoice.id,
            orgId: invoice.orgId,
            source: i.source,
            sourceId: i.sourceId,
            label: i.label,
            currency,
            amountCents: i.amountCents,
            paidOn: i.paidOn,
          })),
        )
        .run();
      await tx
        .insert(invoiceEvents)
        .values({
          invoiceId: invoice.id,
          orgId: invoice.orgId,
          event: 'requested',
          actorId: user.id,
          at: new Date(now),
        })
        .run();
      return invoice;
    });
    setMessage('invoices.requested');
    return (await presentInvoices(ctx, [created]))[0]!;
  }),

  // The requester takes back a request not issued yet; its items are free again, the record and timeline stay.
  route(invoiceEndpoints.withdraw, async (ctx) => {
    const { body, user, data, deps, setMessage } = ctx;
    const now = deps.now();
    const invoice = await data.write(async (tx) => {
      const found = await invoiceIn(tx, body.id);
      if (!mayRequestFor(user, found.orgId)) throw forbidden();
      if (!invoiceAllows('withdraw', found.state)) throw conflict();
      await tx
        .update(invoiceItems)
        .set({ live: false })
        .where(and(eq(invoiceItems.invoiceId, found.id)))
        .run();
      await tx
        .insert(invoiceEvents)
        .values({
          invoiceId: found.id,
          orgId: found.orgId,
          event: 'withdrawn',
          actorId: user.id,
          reason: body.reason,
          at: new Date(now),
        })
        .run();
      return tx.update(invoices).set({ state: 'withdrawn' }).where(eq(invoices.id, found.id)).returning().get();
    });
    setMessage('invoices.withdrawn');
    return (await presentInvoices(ctx, [invoice]))[0]!;
  }),
];
