import { and, eq, inArray } from 'drizzle-orm';
import type { InvoiceSource } from '@console/contract/codes/invoices';
import type { Db } from '@console/db/client';
import { invoiceItems, invoices } from '@console/db/schema/invoices';

/**
 * An issued invoice covering one of these items, with the item's label and the invoice's number: what stands in
 * the way of taking the item's payment back (a receipt's void, receipts.ts).
 */
export async function issuedInvoiceCovering(
  db: Db,
  source: InvoiceSource,
  ids: number[],
): Promise<{ label: string; number: string } | undefined> {
  if (ids.length === 0) return undefined;
  return db
    .select({ label: invoiceItems.label, number: invoices.number })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(
      and(
        eq(invoiceItems.source, source),
        eq(invoiceItems.live, true),
        inArray(invoiceItems.sourceId, ids),
        eq(invoices.state, 'issued'),
      ),
    )
    .orderBy(invoices.id)
    .get();
}
