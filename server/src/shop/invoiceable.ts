import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { shopOrders } from '@console/db/schema/shop-orders';

export interface Invoiceable {
  /** What was paid, in cents (the amount less the coupon). */
  amountCents: number;
  /** The buying organisation: the invoice's title is its invoice information. */
  buyerOrgId: number;
  sellerOrgId: number;
  number: string;
  /** Paid (paid, shipped, received or completed) and no invoice issued for it yet. */
  invoiceable: boolean;
}

/**
 * Whether an invoice may be requested against a shop order (decision 050): for the invoices area, which marks the
 * order `invoiced_at` in the unit of work that issues the invoice. Null: no such order.
 */
export function shopOrderInvoiceable(db: Db, orderId: number): Invoiceable | null {
  const order = db.select().from(shopOrders).where(eq(shopOrders.id, orderId)).get();
  if (!order) return null;
  const paid = ['paid', 'shipped', 'received', 'completed'].includes(order.state);
  return {
    amountCents: order.paidCents ?? order.payCents,
    buyerOrgId: order.orgId,
    sellerOrgId: order.sellerOrgId,
    number: order.number,
    invoiceable: paid && order.invoicedAt === null,
  };
}
