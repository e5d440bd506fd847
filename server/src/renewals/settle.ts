import { and, eq, inArray } from 'drizzle-orm';
import { renewedExpiry } from '@console/contract/codes/renewals';
import type { RenewalPaymentMethod } from '@console/contract/codes/renewals';
import { devices } from '@console/db/schema/devices';
import { renewalLines, renewalOrders } from '@console/db/schema/renewals';
import { lockDaySettings } from '@console/db/schema/risk';
import { simCards } from '@console/db/schema/sim-cards';
import type { ScopedData, ScopedWrite } from '../lib/data.ts';
import { dayInZone } from '../lib/time.ts';

export type OrderRow = typeof renewalOrders.$inferSelect;

/** The lines of orders in scope. */
export async function linesOf(data: ScopedData, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return data
    .select()
    .from(
      renewalLines,
      data.within(
        renewalLines.orderId,
        data
          .select({ id: renewalOrders.id })
          .from(renewalOrders, data.orgScope(renewalOrders.orgId))
          .where(inArray(renewalOrders.id, orderIds)),
      ),
    )
    .orderBy(renewalLines.id)
    .all();
}

/**
 * The owner's calendar day: expiry days are that company's (the zone its lock day settings keep, decision 013), so
 * a service renewed after it stopped restarts on the company's today.
 */
async function ownersToday(tx: ScopedData, orgId: number, now: number): Promise<string> {
  const zone = (
    await tx
      .select({ timeZone: lockDaySettings.timeZone })
      .from(lockDaySettings, tx.orgScope(lockDaySettings.orgId))
      .where(eq(lockDaySettings.orgId, orgId))
      .get()
  )?.timeZone;
  return dayInZone(now, zone ?? 'Asia/Shanghai');
}

/** The machines or cards of an order as they are now: those still the owner's, by id. */
async function currentItems(tx: ScopedData, order: OrderRow, ids: number[]) {
  const table = order.kind === 'device' ? devices : simCards;
  return new Map(
    (
      await tx
        .select({ id: table.id, orgId: table.orgId, expiry: table.serviceExpiresAt })
        .from(table, tx.orgScope(table.orgId))
        .where(inArray(table.id, ids))
        .all()
    )
      .filter((item) => item.orgId === order.orgId)
      .map((item) => [item.id, item.expiry]),
  );
}

export interface Settled {
  order: OrderRow;
  /** The machines renewed with their expiry before, for the unlock (risk/renewal-unlock.ts). */
  renewed: { deviceId: number; previousExpiry: string | null }[];
}

/**
 * Settle a pending order with its payment: the one way an order is paid, whether finance records the payment or
 * (later) a payment provider notifies it. Every item still the owner's gets its new expiry from its expiry now
 * (not the one when the order was made: another renewal may have come between); if one is gone (deleted, moved to
 * another company) nothing is renewed and the order fails ('renewal failed'), its payment kept on it for a refund.
 */
export async function settleOrder(
  tx: ScopedWrite,
  order: OrderRow,
  payment: { method: RenewalPaymentMethod; reference: string; by: number | null; now: number },
): Promise<Settled> {
  const lines = await linesOf(tx, [order.id]);
  const current = await currentItems(
    tx,
    order,
    lines.map((l) => l.itemId),
  );
  const paid = {
    paymentMethod: payment.method,
    paymentReference: payment.reference,
    settledBy: payment.by,
    settledAt: new Date(payment.now),
  };
  const gone = lines.find((l) => !current.has(l.itemId));
  if (gone) {
    const failure = { key: 'renewal.failedItemGone', params: { label: gone.label } };
    const failed = await tx
      .update(renewalOrders)
      .set({ ...paid, state: 'failed', failure })
      .where(eq(renewalOrders.id, order.id))
      .returning()
      .get();
    return { order: failed, renewed: [] };
  }
  const today = await ownersToday(tx, order.orgId, payment.now);
  const table = order.kind === 'device' ? devices : simCards;
  const renewed: Settled['renewed'] = [];
  for (const line of lines) {
    const previous = current.get(line.itemId) ?? null;
    const next = renewedExpiry(previous, today, order.months);
    await tx.update(table).set({ serviceExpiresAt: next }).where(eq(table.id, line.itemId)).run();
    await tx
      .update(renewalLines)
      .set({ previousExpiry: previous, newExpiry: next })
      .where(and(eq(renewalLines.id, line.id)))
      .run();
    if (order.kind === 'device') renewed.push({ deviceId: line.itemId, previousExpiry: previous });
  }
  const done = await tx
    .update(renewalOrders)
    .set({ ...paid, state: 'renewed' })
    .where(eq(renewalOrders.id, order.id))
    .returning()
    .get();
  return { order: done, renewed };
}
