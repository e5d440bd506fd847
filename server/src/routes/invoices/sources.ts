import { and, eq, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { INVOICE_SOURCES, type InvoiceSource } from '@console/contract/codes/invoices';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { invoiceItems } from '@console/db/schema/invoices';
import { allocations, bills, receipts } from '@console/db/schema/lease-billing';
import { renewalOrders } from '@console/db/schema/renewals';
import { shopOrders } from '@console/db/schema/shop-orders';
import type { AppDeps } from '../../lib/deps.ts';
import { orgBrand } from '../../lib/org-brand.ts';
import { dayInZone } from '../../lib/time.ts';

/**
 * The invoiceable sources (docs/decisions/051-invoices-and-finance-tasks.md): what a company may ask an invoice for,
 * one entry per kind of thing it pays. Each answers its items with the amount, the buyer (who paid), the issuer (who
 * was paid) and whether it is paid; whether an item is already on a live invoice is the invoices' own rule
 * (`invoice_items`), the same for every source. These are the domain's reads: the callers check the buyer is the
 * user's company.
 */
export interface InvoiceableItem {
  source: InvoiceSource;
  sourceId: number;
  /** Its number as the buyer knows it (the bill's, the order's). */
  label: string;
  amountCents: number;
  buyerOrgId: number;
  issuerOrgId: number;
  paid: boolean;
  /** The day it was paid in full ('' while unpaid). */
  paidOn: string;
  /**
   * The currency it was paid in (decision 064's addendum): recorded on it (a renewal order's), or the money of an
   * organisation's brand, as the code that bills and takes its payment decides it (read with `currencyOf`).
   */
  paidIn: { currency: string } | { brandOf: number };
}

/** An item's currency (ISO 4217): the one it records, else its brand's. */
export async function currencyOf(deps: AppDeps, db: Db, item: Pick<InvoiceableItem, 'paidIn'>): Promise<string> {
  return 'currency' in item.paidIn
    ? item.paidIn.currency
    : (await orgBrand(deps, db, item.paidIn.brandOf)).money.currency.code;
}

export interface InvoiceableSource {
  /** One item by id, whoever's it is; undefined for none. */
  one(db: Db, id: number): Promise<InvoiceableItem | undefined>;
  /** The paid items of a buyer. */
  paidOf(db: Db, buyerOrgId: number): Promise<InvoiceableItem[]>;
  /**
   * As a condition: the item `id` is paid now, for at least `cents`. An invoice covers only paid amounts, so an
   * invoice is issued only while this holds for each of its items (`uncovered`).
   */
  paidFor(id: SQLiteColumn, cents: SQLiteColumn): SQL;
}

/** Paid days are the issuer's business days; one calendar for the demo's companies (billing's default). */
const PAID_ZONE = 'Asia/Shanghai';

/** A lease bill: the renter asks its rental company; paid when receipts covered it in full. */
async function billItems(db: Db, where: ReturnType<typeof and>): Promise<InvoiceableItem[]> {
  const lastReceipt = db
    .select({ billId: allocations.billId, day: max(receipts.receivedOn).as('day') })
    .from(allocations)
    .innerJoin(receipts, and(eq(receipts.id, allocations.receiptId), isNull(receipts.voidedAt)))
    .groupBy(allocations.billId)
    .as('last_receipt');
  return (
    await db
      .select({ bill: bills, day: lastReceipt.day })
      .from(bills)
      .leftJoin(lastReceipt, eq(lastReceipt.billId, bills.id))
      .where(where)
      .all()
  ).map(({ bill, day }) => ({
    source: 'bill' as const,
    sourceId: bill.id,
    label: bill.number,
    amountCents: bill.amountCents,
    buyerOrgId: bill.renterOrgId,
    issuerOrgId: bill.lessorOrgId,
    paid: bill.state === 'paid',
    paidOn: bill.state === 'paid' ? (day ?? bill.issuedOn) : '',
    // A contract and its bills are in the lessor's brand's money (the contract's PDF and the bills' pages).
    paidIn: { brandOf: bill.lessorOrgId },
  }));
}

/** The operator: it sells the connectivity service (decision 044). */
async function operatorId(db: Db): Promise<number> {
  return (await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.kind, 'operator'))
    .get())!.id;
}

/** A renewal order: the rental company asks the operator; paid once renewed. */
async function renewalItems(db: Db, where: ReturnType<typeof and>): Promise<InvoiceableItem[]> {
  const issuer = await operatorId(db);
  return (await db.select().from(renewalOrders).where(where).all()).map((order) => ({
    source: 'renewal' as const,
    sourceId: order.id,
    label: order.number,
    amountCents: order.totalCents,
    buyerOrgId: order.orgId,
    issuerOrgId: issuer,
    paid: order.state === 'renewed',
    paidOn: order.state === 'renewed' && order.settledAt ? dayInZone(order.settledAt, PAID_ZONE) : '',
    paidIn: { currency: order.currency },
  }));
}

/** The shop's states once paid (decision 050): an order is invoiced for what was paid, the coupon taken off. */
const SHOP_PAID = ['paid', 'shipped', 'received', 'completed'] as const;

/** A shop order: the buyer asks the seller (the operator, or a rental company for its own shop). */
async function shopItems(db: Db, where: ReturnType<typeof and>): Promise<InvoiceableItem[]> {
  return (await db.select().from(shopOrders).where(where).all()).map((order) => ({
    source: 'shop' as const,
    sourceId: order.id,
    label: order.number,
    amountCents: order.paidCents ?? order.payCents,
    buyerOrgId: order.orgId,
    issuerOrgId: order.sellerOrgId,
    paid: (SHOP_PAID as readonly string[]).includes(order.state),
    paidOn: order.paidAt ? dayInZone(order.paidAt, PAID_ZONE) : '',
    // The buyer pays in its brand's currency, the one its console showed the order in (the shop's checkout).
    paidIn: { brandOf: order.orgId },
  }));
}

export const INVOICEABLE_SOURCES: Record<InvoiceSource, InvoiceableSource> = {
  bill: {
    one: async (db, id) => (await billItems(db, eq(bills.id, id)))[0],
    paidOf: (db, orgId) => billItems(db, and(eq(bills.renterOrgId, orgId), eq(bills.state, 'paid'))),
    // A receipt voided after the request leaves the bill open (decision 036); a voided bill is not paid either.
    paidFor: (id, cents) =>
      sql`exists (select 1 from ${bills} where ${bills.id} = ${id} and ${bills.state} = 'paid' and ${bills.paidCents} >= ${cents})`,
  },
  renewal: {
    one: async (db, id) => (await renewalItems(db, eq(renewalOrders.id, id)))[0],
    paidOf: (db, orgId) => renewalItems(db, and(eq(renewalOrders.orgId, orgId), eq(renewalOrders.state, 'renewed'))),
    paidFor: (id, cents) =>
      sql`exists (select 1 from ${renewalOrders} where ${renewalOrders.id} = ${id} and ${renewalOrders.state} = 'renewed' and ${renewalOrders.totalCents} >= ${cents})`,
  },
  shop: {
    one: async (db, id) => (await shopItems(db, eq(shopOrders.id, id)))[0],
    paidOf: (db, orgId) => shopItems(db, and(eq(shopOrders.orgId, orgId), inArray(shopOrders.state, [...SHOP_PAID]))),
    paidFor: (id, cents) =>
      sql`exists (select 1 from ${shopOrders} where ${shopOrders.id} = ${id} and ${inArray(shopOrders.state, [...SHOP_PAID])} and coalesce(${shopOrders.paidCents}, ${shopOrders.payCents}) >= ${cents})`,
  },
};

/**
 * As a condition on `invoice_items`: a live item its source no longer covers (not paid now, or paid less than the
 * amount invoiced). The one rule of an issued invoice's items, read by the issue (refused), the rows (no `issue`
 * action, the items named) and the queue of invoices to issue (left out).
 */
export const uncovered: SQL = and(
  eq(invoiceItems.live, true),
  sql`not (${or(
    ...INVOICE_SOURCES.map((source) =>
      and(
        eq(invoiceItems.source, source),
        INVOICEABLE_SOURCES[source].paidFor(invoiceItems.sourceId, invoiceItems.amountCents),
      ),
    ),
  )})`,
)!;

/** The labels of the items of these invoices that their sources no longer cover, by invoice. */
export async function uncoveredItems(db: Db, invoiceIds: number[]): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (invoiceIds.length === 0) return found;
  const rows = await db
    .select({ invoiceId: invoiceItems.invoiceId, label: invoiceItems.label })
    .from(invoiceItems)
    .where(and(inArray(invoiceItems.invoiceId, invoiceIds), uncovered))
    .orderBy(invoiceItems.id)
    .all();
  for (const r of rows) found.set(r.invoiceId, [...(found.get(r.invoiceId) ?? []), r.label]);
  return found;
}

/** The items of these that are on a live invoice, with that invoice's id. */
export async function liveItems(db: Db, source: InvoiceSource, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ sourceId: invoiceItems.sourceId, invoiceId: invoiceItems.invoiceId })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.source, source), eq(invoiceItems.live, true), inArray(invoiceItems.sourceId, ids)))
    .all();
  return new Map(rows.map((r) => [r.sourceId, r.invoiceId]));
}
