import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import { taxCentsOf } from '@console/contract/codes/invoices';
import type { Db } from '../client.ts';
import { invoiceNumber } from '../doc-numbers.ts';
import { orgDay } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { invoiceEvents, invoiceItems, invoices } from '../schema/invoices.ts';
import { allocations, bills, receipts } from '../schema/lease-billing.ts';
import { renewalOrders } from '../schema/renewals.ts';
import { GLOBAL_BUSINESS, type DemoOrganisations } from './accounts.ts';
import { BUSINESSES, say, type SeedLang } from './business.ts';
import { abnOf, creditCodeOf } from './identities.ts';
import { dayOf } from './maintenance-fleet.ts';
import { forEachInOrder, mapInOrder } from '../in-order.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The issued demo invoices' file: a sample PDF shipped with the console (web/public/demo), marked on its page as a
 * demo sample, as the seeded licences are (the seed has no file store). Invoices issued in the console carry the
 * PDF the issuer uploaded.
 */
export const DEMO_INVOICE_FILE = '/demo/invoice-sample.pdf';

const NOTES = {
  bill: { zh: '请按租赁账单开具发票', en: 'Please show the hire periods on the invoice' },
  renewal: { zh: '设备续费发票', en: 'Connectivity renewal invoice' },
} as const;

/**
 * A bill's currency: its lessor's brand's money; the English business (Northwind, brand liftgo) bills in AUD, as its
 * renewal orders are made in (renewals.ts).
 */
const billCurrencyOf = (lang: SeedLang) => (lang === 'en' ? 'AUD' : 'CNY');

interface Seeded {
  orgId: number;
  issuerOrgId: number;
  requestedBy: number;
  /** The items' currency (decision 064's addendum): one per invoice. */
  currency: string;
  items: { source: 'bill' | 'renewal'; sourceId: number; label: string; amountCents: number; paidOn: string }[];
  lang: SeedLang;
  note: keyof typeof NOTES;
  /** Days ago asked; issued `issued` days ago by `issuedBy` (else to be issued). */
  askedAgo: number;
  issued?: { ago: number; by: number };
}

/** A Chinese company's taxpayer number is its unified social credit code (the one its renter record carries). */
const taxNumberOf = (org: { creditCode: string | null; district: string | null; name: string }) =>
  org.creditCode || creditCodeOf(org.district ?? '', org.name);

/**
 * The invoice demo (docs/decisions/051-invoices-and-finance-tasks.md): the companies' invoice information on file;
 * per rental company, its first two renters with people ask for invoices over paid bills (one issued with the sample
 * PDF, two to be issued) and the company asks the operator for invoices over its paid renewal orders (one issued, one
 * to be issued), in the business's language. The demo renter keeps paid bills to ask for.
 */
export async function seedInvoices(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const userOf = async (orgId: number, roles: number[]) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, orgId), inArray(users.roleId, roles)))
        .orderBy(asc(users.id))
        .get()
    )?.id;
  const finance = (await userOf(orgs.operator, [3]))!;
  const lastPaid = db
    .select({ billId: allocations.billId, day: max(receipts.receivedOn).as('day') })
    .from(allocations)
    .innerJoin(receipts, and(eq(receipts.id, allocations.receiptId), isNull(receipts.voidedAt)))
    .groupBy(allocations.billId)
    .as('last_paid');
  await db.transaction(async (tx) => {
    for (const org of await tx
      .select()
      .from(organisations)
      .where(inArray(organisations.id, [...orgs.lessors, ...orgs.customers]))
      .all()) {
      if (org.taxNumber) continue;
      // Each company under its brand's tax regime (decision 064), its invoices titled with its registered name in
      // its language: the business abroad asks for GST tax invoices with its ABN, the Chinese ones for VAT invoices.
      const abroad = [org.id, org.parentId].includes(orgs.lessors[GLOBAL_BUSINESS]!);
      await tx
        .update(organisations)
        .set({
          invoiceTitle: (abroad ? org.nameEn : org.nameZh) || org.name,
          taxNumber: abroad ? abnOf(org.id) : taxNumberOf(org),
          ...(abroad ? { invoiceType: 'taxInvoice' as const, taxRate: 0.1 } : {}),
          invoiceAddress: org.address,
        })
        .where(eq(organisations.id, org.id))
        .run();
    }
    const seeded: Seeded[] = [];
    await forEachInOrder(orgs.lessors, async (lessorId, i) => {
      const lang = BUSINESSES[i]!.lang;
      const issuer = (await userOf(lessorId, [5])) ?? finance;
      const renters = (
        await mapInOrder(
          await tx
            .select({ id: organisations.id })
            .from(organisations)
            .where(and(eq(organisations.parentId, lessorId), eq(organisations.kind, 'customer')))
            .orderBy(asc(organisations.id))
            .all(),
          async (o) => ({ id: o.id, user: await userOf(o.id, [11]) }),
        )
      )
        .filter((r) => r.user !== undefined)
        .slice(0, 2);
      await forEachInOrder(renters, async (renter, r) => {
        const paid = (
          await tx
            .select({ bill: bills, day: lastPaid.day })
            .from(bills)
            .leftJoin(lastPaid, eq(lastPaid.billId, bills.id))
            .where(and(eq(bills.renterOrgId, renter.id), eq(bills.state, 'paid')))
            .orderBy(asc(bills.dueOn), asc(bills.id))
            .limit(3)
            .all()
        ).map(({ bill, day }) => ({
          source: 'bill' as const,
          sourceId: bill.id,
          label: bill.number,
          amountCents: bill.amountCents,
          paidOn: day ?? bill.issuedOn,
        }));
        const ask = (items: typeof paid, askedAgo: number, issued?: Seeded['issued']) =>
          items.length > 0 &&
          seeded.push({
            orgId: renter.id,
            issuerOrgId: lessorId,
            requestedBy: renter.user!,
            currency: billCurrencyOf(lang),
            items,
            lang,
            note: 'bill',
            askedAgo,
            issued,
          });
        if (r === 0) {
          ask(paid.slice(0, 2), 30, { ago: 27, by: issuer });
          ask(paid.slice(2, 3), 2);
        } else ask(paid.slice(0, 1), 1);
      });
      const asker = await userOf(lessorId, [5, 10]);
      const renewed = await tx
        .select()
        .from(renewalOrders)
        .where(and(eq(renewalOrders.orgId, lessorId), eq(renewalOrders.state, 'renewed')))
        .orderBy(asc(renewalOrders.id))
        .all();
      if (!asker) return;
      renewed.slice(0, 2).forEach((order, n) =>
        seeded.push({
          orgId: lessorId,
          issuerOrgId: orgs.operator,
          requestedBy: asker,
          // A renewal order records the currency it was made in, the payer's.
          currency: order.currency,
          items: [
            {
              source: 'renewal',
              sourceId: order.id,
              label: order.number,
              amountCents: order.totalCents,
              paidOn: order.settledAt ? dayOf(order.settledAt.getTime()) : '',
            },
          ],
          lang,
          note: 'renewal',
          askedAgo: n === 0 ? 20 : 3,
          issued: n === 0 ? { ago: 18, by: finance } : undefined,
        }),
      );
    });
    for (const s of seeded) await insertInvoice(tx, s, now);
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertInvoice(db: Tx, s: Seeded, now: number): Promise<void> {
  const org = (await db.select().from(organisations).where(eq(organisations.id, s.orgId)).get())!;
  const totalCents = s.items.reduce((sum, i) => sum + i.amountCents, 0);
  // Asked once the items were paid (a receipt is recorded at 02:00 UTC of its day, created-times.ts), and issued after.
  const paidAt = Math.max(0, ...s.items.map((i) => Date.parse(`${i.paidOn}T02:00:00Z`)).filter(Number.isFinite));
  const asked = new Date(Math.min(Math.max(now - s.askedAgo * DAY, paidAt + 4 * HOUR), now - 20 * MINUTE));
  const issuedAt = s.issued
    ? new Date(Math.min(Math.max(now - s.issued.ago * DAY, asked.getTime() + 3 * HOUR), now - 10 * MINUTE))
    : null;
  const created = await db
    .insert(invoices)
    .values({
      number: `seed-${s.orgId}-${s.items[0]!.source}-${s.items[0]!.sourceId}`,
      orgId: s.orgId,
      issuerOrgId: s.issuerOrgId,
      requestedBy: s.requestedBy,
      state: s.issued ? 'issued' : 'toBeIssued',
      invoiceType: org.invoiceType,
      taxRate: Math.round(org.taxRate * 10000) / 100,
      title: org.invoiceTitle || org.name,
      taxNumber: org.taxNumber,
      contact: org.contactName,
      phone: org.contactPhone,
      address: org.invoiceAddress || org.address,
      bank: org.invoiceBank,
      account: org.invoiceAccount,
      note: say(s.lang, NOTES[s.note]),
      currency: s.currency,
      totalCents,
      taxCents: taxCentsOf(totalCents, Math.round(org.taxRate * 10000) / 100),
      fileUrl: s.issued ? DEMO_INVOICE_FILE : '',
      issuedBy: s.issued?.by ?? null,
      issuedAt,
      createdAt: asked,
    })
    .returning()
    .get();
  await db
    .update(invoices)
    .set({
      number: invoiceNumber(
        s.lang === 'en' ? 'auGst' : 'cnVat',
        created.id,
        (await orgDay(db, s.orgId, asked.getTime())).replaceAll('-', ''),
      ),
    })
    .where(eq(invoices.id, created.id))
    .run();
  await db
    .insert(invoiceItems)
    .values(s.items.map((i) => ({ invoiceId: created.id, orgId: s.orgId, currency: s.currency, ...i })))
    .run();
  await db
    .insert(invoiceEvents)
    .values([
      { invoiceId: created.id, orgId: s.orgId, event: 'requested' as const, actorId: s.requestedBy, at: asked },
      ...(s.issued && issuedAt
        ? [
            {
              invoiceId: created.id,
              orgId: s.orgId,
              event: 'issued' as const,
              actorId: s.issued.by,
              fileUrl: DEMO_INVOICE_FILE,
              at: issuedAt,
            },
          ]
        : []),
    ])
    .run();
}
