import { and, eq, inArray } from 'drizzle-orm';
import { payments } from '@console/db/schema/shop-orders';
import type { ScopedData } from '../lib/data.ts';

/** The pay pages of the payments open at the provider for these renewal orders, by order. */
export async function openPayments(data: ScopedData, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  return new Map(
    (
      await data
        .select({ orderId: payments.orderId, payUrl: payments.payUrl })
        .from(payments, data.orgScope(payments.orgId))
        .where(and(eq(payments.kind, 'renewal'), eq(payments.state, 'charging'), inArray(payments.orderId, orderIds)))
        .all()
    ).map((p) => [p.orderId, p.payUrl]),
  );
}
