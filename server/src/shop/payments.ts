import { eq } from 'drizzle-orm';
import { centsText } from '@console/contract/codes/lease-pricing';
import type { PaymentState } from '@console/contract/shop/paygate-protocol';
import type { Db } from '@console/db/client';
import { renewalOrders } from '@console/db/schema/renewals';
import { payments, shopOrders, type PaymentRecordState } from '@console/db/schema/shop-orders';
import { ScopedWrite } from '../lib/data.ts';
import { settleOrder, type Settled } from '../renewals/settle.ts';
import { moveOrder, noteOrder } from './order-moves.ts';

export type PaymentRecord = typeof payments.$inferSelect;

/**
 * What the provider says of a payment, by a notification or the answer to a query: one of its states with the amount
 * it names, or `abnormal` when it cannot account for the payment (unknown to it, or silent past the payment's time).
 */
export interface Finding {
  state: Exclude<PaymentState, 'waiting'> | 'abnormal';
  amountCents: number;
  /** Why it is abnormal: a message key (shopOrders.abnormal*) and its parameters. */
  reason?: { key: string; params?: Record<string, string | number> };
}

export interface Applied {
  /** `applied` moved the payment (and its order); `ignored` came for a payment or an order that had moved on. */
  outcome: 'applied' | 'ignored';
  payment: PaymentRecord;
  /** A renewal settled by it: its machines to unlock after the unit of work (risk/renewal-unlock.ts). */
  renewal: Settled | null;
}

const RECORD_STATE: Record<Finding['state'], PaymentRecordState> = {
  paid: 'paid',
  cancelled: 'unpaid',
  refused: 'failed',
  closed: 'closed',
  refunded: 'refunded',
  abnormal: 'abnormal',
};

/**
 * Apply what the provider says to a payment still charging and to the order it pays, inside the caller's unit of
 * work: the one way a payment settles, whether a notification or a query tells it. A "paid" whose amount is not the
 * payment's makes it abnormal (nothing is paid); anything for a payment that has moved on (closed, paid, given up:
 * a late or repeated notification) is ignored and, for a shop order, noted on its timeline.
 */
export async function applyFinding(tx: Db, payment: PaymentRecord, finding: Finding, now: number): Promise<Applied> {
  const reference = payment.providerPaymentId;
  const mismatch = finding.state === 'paid' && finding.amountCents !== payment.amountCents;
  const state: Finding['state'] = mismatch ? 'abnormal' : finding.state;
  const reason = mismatch
    ? {
        key: 'shopOrders.abnormalAmount',
        params: { notified: centsText(finding.amountCents), amount: centsText(payment.amountCents) },
      }
    : finding.reason;
  const ignored = async (): Promise<Applied> => {
    if (payment.kind === 'shop')
      await noteOrder(tx, payment.orderId, 'ignored', { reference, state: finding.state }, now);
    return { outcome: 'ignored', payment, renewal: null };
  };
  if (payment.state !== 'charging') return ignored();
  const settle = () =>
    tx
      .update(payments)
      .set({ state: RECORD_STATE[state], settledAt: new Date(now) })
      .where(eq(payments.id, payment.id))
      .returning()
      .get();

  if (payment.kind === 'shop') {
    const order = await tx.select().from(shopOrders).where(eq(shopOrders.id, payment.orderId)).get();
    if (!order || order.state !== 'charging' || order.paymentId !== payment.id) return ignored();
    const step = { actorId: null, now };
    if (state === 'paid')
      await moveOrder(tx, order, 'paid', {
        ...step,
        details: { reference, amount: centsText(payment.amountCents) },
        set: { paidCents: payment.amountCents, paidAt: new Date(now) },
      });
    else if (state === 'cancelled') await moveOrder(tx, order, 'unpaid', { ...step, details: { reference, state } });
    else if (state === 'abnormal')
      await moveOrder(tx, order, 'abnormal', {
        ...step,
        details: { reference, reasonKey: reason?.key ?? 'shopOrders.abnormalUnknown', ...reason?.params },
      });
    else await moveOrder(tx, order, 'fail', { ...step, details: { reference, state } });
    return { outcome: 'applied', payment: await settle(), renewal: null };
  }

  // A renewal order (decision 044): only a matching payment settles it, as finance's recorded payment does.
  const order = await tx.select().from(renewalOrders).where(eq(renewalOrders.id, payment.orderId)).get();
  if (!order || order.state !== 'pending') {
    // Money for an order no longer waiting (cancelled meanwhile) is kept abnormal, for a refund.
    if (order && state === 'paid')
      await tx
        .update(payments)
        .set({ state: 'abnormal', settledAt: new Date(now) })
        .where(eq(payments.id, payment.id))
        .run();
    return ignored();
  }
  if (state !== 'paid') return { outcome: 'applied', payment: await settle(), renewal: null };
  const scoped = new ScopedWrite(tx, null, [order.orgId]);
  const renewal = await settleOrder(scoped, order, { method: 'provider', reference, by: null, now });
  return { outcome: 'applied', payment: await settle(), renewal };
}
