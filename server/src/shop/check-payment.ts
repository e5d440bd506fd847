import { and, eq, lt } from 'drizzle-orm';
import { PAYMENT_TIMEOUT_MS } from '@console/contract/codes/shop-orders';
import type { PaymentView } from '@console/contract/shop/paygate-protocol';
import { payments } from '@console/db/schema/shop-orders';
import type { AppDeps } from '../lib/deps.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { unlockRenewed } from '../risk/renewal-unlock.ts';
import { noteOrder } from './order-moves.ts';
import {
  createPaygateClient,
  paygateSettings,
  PaymentNotWaiting,
  PaymentUnknown,
  PaygateUnavailable,
  type PaygateClient,
} from './paygate-client.ts';
import { applyFinding, type Applied, type Finding, type PaymentRecord } from './payments.ts';

export const paygateOf = (deps: AppDeps): PaygateClient => createPaygateClient(paygateSettings(deps.env), deps.now);

/** After the unit of work: a renewal the payment settled unlocks the machines locked for their expired service. */
export async function afterApplied(deps: AppDeps, applied: Applied | null): Promise<void> {
  const settled = applied?.renewal;
  if (settled) await unlockRenewed(deps, settled.order, settled.renewed);
}

/**
 * Ask the provider about a payment still charging and apply its answer (the slow call first, then one unit of work
 * that reads the payment again). Past the payment's time a payment still waiting is closed at the provider (the
 * order fails); one the provider does not know, or that it cannot be asked about, is abnormal. Within its time an
 * unreachable provider is PaygateUnavailable (try again later) and a waiting payment only noted.
 */
export async function checkPayment(deps: AppDeps, payment: PaymentRecord): Promise<Applied | null> {
  const paygate = paygateOf(deps);
  const overdue = deps.now() - payment.createdAt.getTime() >= PAYMENT_TIMEOUT_MS;
  let finding: Finding | 'waiting';
  try {
    let view: PaymentView = await paygate.get(payment.providerPaymentId);
    if (view.state === 'waiting' && overdue) {
      try {
        view = await paygate.close(payment.providerPaymentId);
      } catch (error) {
        // Paid (or given up) just before the close: its state now is the answer.
        if (!(error instanceof PaymentNotWaiting)) throw error;
        view = await paygate.get(payment.providerPaymentId);
      }
    }
    finding = view.state === 'waiting' ? 'waiting' : { state: view.state, amountCents: view.amountCents };
  } catch (error) {
    if (error instanceof PaymentUnknown)
      finding = { state: 'abnormal', amountCents: 0, reason: { key: 'shopOrders.abnormalUnknown' } };
    else if (error instanceof PaygateUnavailable && overdue)
      finding = { state: 'abnormal', amountCents: 0, reason: { key: 'shopOrders.abnormalTimeout' } };
    else throw error;
  }
  const applied = await unitOfWork(deps.dbh.db, async (tx) => {
    const now = (await tx.select().from(payments).where(eq(payments.id, payment.id)).get())!;
    if (finding === 'waiting') {
      if (now.kind === 'shop')
        await noteOrder(tx, now.orderId, 'query', { reference: now.providerPaymentId, state: 'waiting' }, deps.now());
      return null;
    }
    if (now.kind === 'shop' && now.state === 'charging')
      await noteOrder(tx, now.orderId, 'query', { reference: now.providerPaymentId, state: finding.state }, deps.now());
    return applyFinding(tx, now, finding, deps.now());
  });
  await afterApplied(deps, applied);
  return applied;
}

/**
 * Every minute, the payments left charging past their time are asked about and closed (decision 050): a payer who
 * walked away, a notification that never came. One at a time; a provider down is tried again next minute.
 */
export function startPaymentTimeouts(deps: AppDeps, everyMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const due = await deps.dbh.db
        .select()
        .from(payments)
        .where(and(eq(payments.state, 'charging'), lt(payments.createdAt, new Date(deps.now() - PAYMENT_TIMEOUT_MS))))
        .limit(50)
        .all();
      for (const payment of due) {
        try {
          await checkPayment(deps, payment);
        } catch (error) {
          deps.log('warn', `payment ${payment.reference} could not be checked: ${(error as Error).message}`);
        }
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
