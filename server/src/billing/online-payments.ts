/**
 * Renters paying their bills, or a contract's deposit, online (docs/decisions/077-renters-pay-online.md), through the shop's payment provider
 * and its client (shop/paygate-client.ts): a payment opened for some of a renter's open bills; what the provider says
 * of it (a signed notification, or the answer to a check) settles it once, and a paid one becomes a receipt written
 * by the desk's own receipt code (billing/receipts.ts writeReceipt), so it is allocated, ledgered and clears arrears
 * exactly as a receipt recorded at the desk; a deposit's paid payment is the deposit's receipt, written by the
 * deposit's own receive move (deposits/moves.ts writeDepositReceipt).
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { bills } from '@console/db/schema/lease-billing';
import { deposits } from '@console/db/schema/deposits';
import { onlinePaymentEvents, onlinePaymentRefunds, onlinePayments } from '@console/db/schema/online-payments';
import { depositAllows } from '@console/contract/lease/deposits';
import type { OnlinePaymentState } from '@console/contract/http/online-payments';
import { PAYMENT_TIMEOUT_MS } from '@console/contract/codes/shop-orders';
import type { PaymentNotification, PaymentView } from '@console/contract/shop/paygate-protocol';
import { API_STATUS } from '@console/contract/http/envelope';
import type { AppDeps } from '../lib/deps.ts';
import { ApiError, conflict, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { moneyOfOrgs } from '../lib/currencies.ts';
import { runArrearsLocks } from '../risk/arrears.ts';
import {
  createPaygateClient,
  PAYGATE_NOTIFY_PATH,
  paygateSettings,
  PaymentNotWaiting,
  PaymentUnknown,
  PaygateUnavailable,
  type PaygateClient,
} from '../shop/paygate-client.ts';
import { billingToday } from './zone.ts';
import { writeReceipt } from './receipts.ts';
import { writeDepositReceipt } from '../deposits/moves.ts';

export type OnlinePayment = typeof onlinePayments.$inferSelect;

/** Where the provider notifies the payments of bills: beside the shop's notification path, on the same address. */
export const BILL_PAY_NOTIFY_PATH = '/api/lease/onlinePayNotify.do';

/**
 * The shop's provider client, its notifications sent to the bills' path on the address the shop's are sent to (the
 * address the provider reaches this server at, PAYGATE_NOTIFY_URL).
 */
export function billPaygate(deps: AppDeps): PaygateClient {
  const settings = paygateSettings(deps.env);
  const notifyUrl = settings.notifyUrl.endsWith(PAYGATE_NOTIFY_PATH)
    ? `${settings.notifyUrl.slice(0, -PAYGATE_NOTIFY_PATH.length)}${BILL_PAY_NOTIFY_PATH}`
    : new URL(BILL_PAY_NOTIFY_PATH, settings.notifyUrl).toString();
  return createPaygateClient({ ...settings, notifyUrl }, deps.now);
}

const billIdsOf = (payment: OnlinePayment) => (payment.billIds === '' ? [] : payment.billIds.split(',').map(Number));
export { billIdsOf };

/** What a deposit still asks of the renter, or the refusal: another renter's is not found, a received one not open. */
async function depositOwed(tx: Db, depositId: number, renterOrgId: number) {
  const d = await tx.select().from(deposits).where(eq(deposits.id, depositId)).get();
  if (!d || d.renterOrgId !== renterOrgId) throw notFound();
  const owed = d.amountCents - d.receivedCents;
  if (!depositAllows('receive', d.state) || owed <= 0)
    throw new ApiError(API_STATUS.conflict, 'onlinePay.depositNotOpen');
  return { lessorOrgId: d.lessorOrgId, owed, numbers: [d.number] };
}

/**
 * Open a payment for some of the renter's own open bills, of one lessor, or for one of its contracts' deposits:
 * everything they still owe, or less (a part payment). The provider is asked first, outside the unit of work; the
 * bills (or the deposit) are read again inside it.
 */
export async function openPayment(
  deps: AppDeps,
  payer: { userId: number; renterOrgId: number },
  form: { billIds: number[]; depositId?: number; amountCents?: number },
): Promise<OnlinePayment> {
  const { db } = deps.dbh;
  const ids = [...new Set(form.billIds)];
  const { depositId } = form;
  const overOwed = depositId === undefined ? 'onlinePay.overOwed' : 'onlinePay.depositOverOwed';
  const owedOf = async (tx: Db) => {
    if (depositId !== undefined) return depositOwed(tx, depositId, payer.renterOrgId);
    const chosen = await tx.select().from(bills).where(inArray(bills.id, ids)).all();
    // Another renter's bill is not there for this payer at all.
    if (chosen.length !== ids.length || chosen.some((b) => b.renterOrgId !== payer.renterOrgId)) throw notFound();
    if (chosen.some((b) => b.state !== 'open' && b.state !== 'partlyPaid'))
      throw new ApiError(API_STATUS.conflict, 'onlinePay.billNotOpen');
    const lessors = new Set(chosen.map((b) => b.lessorOrgId));
    if (lessors.size !== 1) throw new ApiError(API_STATUS.conflict, 'onlinePay.oneLessor');
    return {
      lessorOrgId: chosen[0]!.lessorOrgId,
      owed: chosen.reduce((s, b) => s + b.amountCents - b.paidCents, 0),
      numbers: chosen.map((b) => b.number),
    };
  };
  const seen = await owedOf(db);
  const amountCents = form.amountCents ?? seen.owed;
  if (amountCents > seen.owed) throw new ApiError(API_STATUS.conflict, overOwed);
  const money = (await moneyOfOrgs(deps, db))(seen.lessorOrgId);
  const settings = paygateSettings(deps.env);
  const reference = `RP${deps.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  let view: PaymentView;
  try {
    view = await billPaygate(deps).create({
      reference,
      amountCents,
      currency: money.currency.code,
      subject: seen.numbers.join(', ').slice(0, 120),
      returnUrl: `${settings.consoleUrl}/financeCenter/payOnline`,
    });
  } catch (error) {
    deps.log('warn', `online payment ${reference} not opened: ${(error as Error).message}`);
    throw new ApiError(API_STATUS.conflict, 'onlinePay.unavailable');
  }
  try {
    return await unitOfWork(db, async (tx) => {
      const now = await owedOf(tx);
      if (amountCents > now.owed) throw new ApiError(API_STATUS.conflict, overOwed);
      return tx
        .insert(onlinePayments)
        .values({
          lessorOrgId: now.lessorOrgId,
          renterOrgId: payer.renterOrgId,
          reference,
          providerPaymentId: view.paymentId,
          amountCents: view.amountCents,
          owedCents: now.owed,
          billIds: ids.join(','),
          depositId: depositId ?? null,
          payUrl: view.payUrl,
          createdBy: payer.userId,
          createdAt: new Date(deps.now()),
        })
        .returning()
        .get();
    });
  } catch (error) {
    // Paid meanwhile by someone else: the payment just opened is not needed.
    await billPaygate(deps)
      .close(view.paymentId)
      .catch((e: unknown) => deps.log('warn', `payment ${view.paymentId} not closed: ${(e as Error).message}`));
    throw error;
  }
}

/** What the provider says of a payment: one of its final states with the amount it names, or that it is lost. */
export interface BillFinding {
  state: 'paid' | 'cancelled' | 'refused' | 'closed' | 'refunded' | 'abnormal';
  amountCents: number;
}

const STATE_OF: Record<BillFinding['state'], OnlinePaymentState> = {
  paid: 'paid',
  cancelled: 'cancelled',
  refused: 'refused',
  closed: 'closed',
  refunded: 'abnormal',
  abnormal: 'abnormal',
};

/** Whether the deposit a payment pays still asks for at least its amount. */
async function depositTakes(tx: Db, payment: OnlinePayment): Promise<boolean> {
  const d = await tx.select().from(deposits).where(eq(deposits.id, payment.depositId!)).get();
  return !!d && depositAllows('receive', d.state) && payment.amountCents <= d.amountCents - d.receivedCents;
}

/**
 * A paid deposit's payment becomes the deposit's receipt through the deposit's own receive move (decision 073): a
 * receipt with the deposit named, its history row, never rent; written by the paying user.
 */
async function depositReceipt(tx: Db, payment: OnlinePayment, now: number): Promise<{ id: number }> {
  const made = await writeDepositReceipt(
    tx,
    {
      depositId: payment.depositId!,
      amountCents: payment.amountCents,
      method: 'online',
      receivedOn: await billingToday(tx, payment.lessorOrgId, now),
      reference: payment.reference,
      note: payment.providerPaymentId,
    },
    { userId: payment.createdBy, mayWrite: (lessorOrgId) => lessorOrgId === payment.lessorOrgId },
    now,
  );
  return { id: made.receiptId };
}

export type LateMoney = typeof onlinePaymentRefunds.$inferSelect;

export interface BillApplied {
  outcome: 'applied' | 'ignored';
  payment: OnlinePayment;
  /** Money the provider took that no receipt takes (the payment no longer charging, or abnormal): to refund. */
  lateMoney?: LateMoney;
}

/**
 * Record money the provider reports taken for a payment that writes no receipt for it, once per payment (a unique
 * index; a second report of it finds the first): it is refunded at the provider after the unit of work.
 */
async function recordLateMoney(
  tx: Db,
  payment: OnlinePayment,
  finding: BillFinding,
  eventId: string,
  now: number,
): Promise<LateMoney> {
  await tx
    .insert(onlinePaymentRefunds)
    .values({
      paymentId: payment.id,
      amountCents: finding.amountCents,
      eventId,
      paymentState: payment.state,
      reportedAt: new Date(now),
    })
    .onConflictDoNothing()
    .run();
  return (await tx.select().from(onlinePaymentRefunds).where(eq(onlinePaymentRefunds.paymentId, payment.id)).get())!;
}

/**
 * Settle a payment still charging by what the provider says, inside the caller's unit of work: the one way it
 * settles, by a notification or a check. The state moves from `charging` by a guarded update first, so of two
 * accounts of the same payment (a repeated notification, a notification racing a check) only one moves it and only
 * that one writes a receipt; the other is ignored. A "paid" of another amount is abnormal and records nothing.
 */
export async function applyBillFinding(
  tx: Db,
  payment: OnlinePayment,
  finding: BillFinding,
  now: number,
  eventId = `check-${now}`,
): Promise<BillApplied> {
  // Paid at the provider after it was settled here without money (closed past its time, cancelled, refused,
  // abnormal): no receipt, no allocation; the money is recorded and refunded.
  if (finding.state === 'paid' && payment.state !== 'charging' && payment.state !== 'paid') {
    const lateMoney = await recordLateMoney(tx, payment, finding, eventId, now);
    return { outcome: 'applied', payment, lateMoney };
  }
  const mismatch = finding.state === 'paid' && finding.amountCents !== payment.amountCents;
  let state = mismatch ? 'abnormal' : STATE_OF[finding.state];
  // A deposit received meanwhile at the desk can no longer take the money: abnormal, for the company to refund.
  if (state === 'paid' && payment.depositId !== null && !(await depositTakes(tx, payment))) state = 'abnormal';
  const moved = await tx
    .update(onlinePayments)
    .set({ state, settledAt: new Date(now) })
    .where(and(eq(onlinePayments.id, payment.id), eq(onlinePayments.state, 'charging')))
    .returning()
    .get();
  if (!moved) {
    // Settled meanwhile by the other account of it: what it settled to decides, as above.
    const current = await tx.select().from(onlinePayments).where(eq(onlinePayments.id, payment.id)).get();
    if (finding.state === 'paid' && current && current.state !== 'charging' && current.state !== 'paid')
      return {
        outcome: 'applied',
        payment: current,
        lateMoney: await recordLateMoney(tx, current, finding, eventId, now),
      };
    return { outcome: 'ignored', payment };
  }
  // Paid at the provider but taken by nothing here (another amount, a deposit no longer asking for it): refunded.
  if (state !== 'paid')
    return finding.state === 'paid'
      ? { outcome: 'applied', payment: moved, lateMoney: await recordLateMoney(tx, moved, finding, eventId, now) }
      : { outcome: 'applied', payment: moved };
  const receipt =
    payment.depositId !== null
      ? await depositReceipt(tx, payment, now)
      : await writeReceipt(
          tx,
          {
            renterOrgId: payment.renterOrgId,
            amountCents: payment.amountCents,
            method: 'online',
            receivedOn: await billingToday(tx, payment.lessorOrgId, now),
            reference: payment.reference,
            note: payment.providerPaymentId,
          },
          // The payer's own money for its own lessor: the payment was opened for bills of that lessor.
          { userId: payment.createdBy, mayWrite: (lessorOrgId) => lessorOrgId === payment.lessorOrgId },
          now,
        );
  const paid = await tx
    .update(onlinePayments)
    .set({ receiptId: receipt.id })
    .where(eq(onlinePayments.id, payment.id))
    .returning()
    .get();
  return { outcome: 'applied', payment: paid! };
}

/** After the unit of work: a paid payment clears the renter's arrears and unlocks at once, as a receipt does. */
export async function afterBillApplied(deps: AppDeps, applied: BillApplied | null): Promise<void> {
  if (applied?.lateMoney && applied.lateMoney.state === 'refunding')
    await refundLateMoney(deps, applied.lateMoney.id, null).catch((e: unknown) =>
      deps.log('warn', `late money of payment ${applied.payment.reference} not refunded: ${(e as Error).message}`),
    );
  // A deposit's receipt moves no arrears (decision 073): nothing to clear.
  if (applied?.outcome !== 'applied' || applied.payment.state !== 'paid' || applied.payment.depositId !== null) return;
  await runArrearsLocks(deps, {
    lessorOrgId: applied.payment.lessorOrgId,
    clearing: { by: 'receipt', renterOrgId: applied.payment.renterOrgId },
  });
}

export type BillNotificationOutcome = 'applied' | 'ignored' | 'repeated' | 'unknown';

/** A verified notification, applied in one unit of work: the same event twice applies once. */
export async function applyBillNotification(
  deps: AppDeps,
  event: PaymentNotification,
): Promise<BillNotificationOutcome> {
  const now = deps.now();
  const applied = await unitOfWork(deps.dbh.db, async (tx) => {
    if (await tx.select().from(onlinePaymentEvents).where(eq(onlinePaymentEvents.eventId, event.eventId)).get())
      return 'repeated' as const;
    const payment = await tx
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.providerPaymentId, event.paymentId))
      .get();
    if (!payment || payment.reference !== event.reference) return 'unknown' as const;
    const result = await applyBillFinding(
      tx,
      payment,
      { state: event.state, amountCents: event.amountCents },
      now,
      event.eventId,
    );
    await tx
      .insert(onlinePaymentEvents)
      .values({
        eventId: event.eventId,
        paymentId: payment.id,
        state: event.state,
        outcome: result.outcome,
        receivedAt: new Date(now),
      })
      .run();
    return result;
  });
  if (typeof applied === 'string') return applied;
  await afterBillApplied(deps, applied);
  return applied.outcome;
}

/**
 * Ask the provider about a payment still charging and apply its answer. Past the payment's time (the shop's, decision
 * 050) a payment still waiting is closed at the provider, and one it does not know or cannot be asked about is
 * abnormal; within its time an unreachable provider is "try again later" and a waiting payment stays charging.
 */
export async function checkBillPayment(deps: AppDeps, payment: OnlinePayment): Promise<OnlinePayment> {
  if (payment.state !== 'charging') return payment;
  const paygate = billPaygate(deps);
  const overdue = deps.now() - payment.createdAt.getTime() >= PAYMENT_TIMEOUT_MS;
  let finding: BillFinding | 'waiting';
  try {
    let view = await paygate.get(payment.providerPaymentId);
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
    if (error instanceof PaymentUnknown || (error instanceof PaygateUnavailable && overdue))
      finding = { state: 'abnormal', amountCents: 0 };
    else if (error instanceof PaygateUnavailable) throw new ApiError(API_STATUS.conflict, 'onlinePay.unavailable');
    else throw error;
  }
  if (finding === 'waiting') return payment;
  const found = finding;
  const applied = await unitOfWork(deps.dbh.db, async (tx) => {
    const now = await tx.select().from(onlinePayments).where(eq(onlinePayments.id, payment.id)).get();
    if (!now) throw conflict();
    return applyBillFinding(tx, now, found, deps.now());
  });
  await afterBillApplied(deps, applied);
  return applied.payment;
}

/**
 * Give late money back at the provider, whole, by a signed refund request (the shop's client): refunded, the row says
 * so with who asked (null: the server of itself) and when; refused by the provider (it no longer holds that payment
 * paid, or does not know it), `refused` with its answer, for the company to give the money back itself; unreachable,
 * still `refunding`, asked again by the minute's sweep. A refund already made is not asked again.
 */
export async function refundLateMoney(deps: AppDeps, refundId: number, by: number | null): Promise<LateMoney> {
  const { db } = deps.dbh;
  const row = await db.select().from(onlinePaymentRefunds).where(eq(onlinePaymentRefunds.id, refundId)).get();
  if (!row) throw notFound();
  if (row.state === 'refunded') return row;
  const payment = (await db.select().from(onlinePayments).where(eq(onlinePayments.id, row.paymentId)).get())!;
  let outcome: Pick<LateMoney, 'state' | 'error'>;
  try {
    const view = await billPaygate(deps).refund(payment.providerPaymentId, {
      amountCents: row.amountCents,
      reason: `Paid after payment ${payment.reference} was ${payment.state}`.slice(0, 200),
    });
    outcome =
      view.state === 'refunded'
        ? { state: 'refunded', error: '' }
        : { state: 'refunding', error: `answered ${view.state}` };
  } catch (error) {
    const message = (error as Error).message.slice(0, 200);
    // Not paid there (409), not known (404), or the request itself refused (another 4xx): the provider says no.
    const refused =
      error instanceof PaymentNotWaiting ||
      error instanceof PaymentUnknown ||
      (error instanceof PaygateUnavailable && /answered 4\d\d/.test(message));
    if (refused) outcome = { state: 'refused', error: message };
    else if (error instanceof PaygateUnavailable) outcome = { state: 'refunding', error: message };
    else throw error;
  }
  const now = deps.now();
  return (
    (await db
      .update(onlinePaymentRefunds)
      .set({
        ...outcome,
        attempts: row.attempts + 1,
        refundedBy: by,
        refundedAt: outcome.state === 'refunded' ? new Date(now) : null,
      })
      .where(and(eq(onlinePaymentRefunds.id, row.id), eq(onlinePaymentRefunds.attempts, row.attempts)))
      .returning()
      .get()) ?? (await db.select().from(onlinePaymentRefunds).where(eq(onlinePaymentRefunds.id, row.id)).get())!
  );
}

/**
 * Every minute, payments of bills left charging past their time are checked (and closed), as the shop's are; late
 * money the provider could not be reached to refund is asked again.
 */
export function startBillPaymentTimeouts(deps: AppDeps, everyMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const due = await deps.dbh.db
        .select()
        .from(onlinePayments)
        .where(
          and(
            eq(onlinePayments.state, 'charging'),
            lt(onlinePayments.createdAt, new Date(deps.now() - PAYMENT_TIMEOUT_MS)),
          ),
        )
        .limit(50)
        .all();
      for (const payment of due) {
        try {
          await checkBillPayment(deps, payment);
        } catch (error) {
          deps.log('warn', `online payment ${payment.reference} could not be checked: ${(error as Error).message}`);
        }
      }
      const refunding = await deps.dbh.db
        .select()
        .from(onlinePaymentRefunds)
        .where(eq(onlinePaymentRefunds.state, 'refunding'))
        .limit(20)
        .all();
      for (const late of refunding)
        await refundLateMoney(deps, late.id, null).catch((error: unknown) =>
          deps.log('warn', `late money ${late.id} could not be refunded: ${(error as Error).message}`),
        );
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
