import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint.ts';
import { moneyFormat } from '../codes/money.ts';
import { acrossFields, idParam, pageQuery, paged } from './fields.ts';
import { ROLE } from '../codes/roles.ts';
import { BILL_READERS } from '../access/lease-billing.ts';

/**
 * Renters paying their bills online through the mobile payment provider the shop uses
 * (docs/decisions/077-renters-pay-online.md). A renter's user opens a payment for one or more of its own bills, for
 * what they still owe or less; the provider's signed notification (or a check) settles it, and a paid payment
 * becomes an ordinary receipt, allocated as every receipt is.
 */

/** Who pays online: the renter's users, for their own organisation's bills. */
export const ONLINE_PAYERS = [ROLE.other] as const;
/** Who reads online payments: who reads bills (the renter's users their own, the lessor's people their lessor's). */
export const ONLINE_PAYMENT_READERS = BILL_READERS;
/** Who asks again for a refund of late money: the rental company's administrator and staff, for its own renters. */
export const LATE_MONEY_REFUNDERS = [ROLE.lessorAdmin, ROLE.lessorStaff] as const;

/**
 * charging: opened at the provider, the payer has not finished; paid: a receipt was recorded for it; refused: the
 * provider refused it; cancelled: the payer gave up; closed: nobody paid within its time, closed at the provider;
 * abnormal: the provider's account of it does not match ours (another amount, unknown to it), nothing recorded.
 */
export const ONLINE_PAYMENT_STATES = ['charging', 'paid', 'refused', 'cancelled', 'closed', 'abnormal'] as const;
export type OnlinePaymentState = (typeof ONLINE_PAYMENT_STATES)[number];

/**
 * A payment names either bills (one or more) or one contract's deposit (decision 073's online receipt), never both.
 */
export const onlinePayForm = z
  .object({
    billIds: z.array(z.number().int().positive()).max(50).default([]),
    /** A contract's deposit still to be received, instead of bills. */
    depositId: z.number().int().positive().optional(),
    /** Less than the bills (or the deposit) still owe is a part payment; omitted, everything they owe. */
    amountCents: z.number().int().positive().max(10_000_000_000).optional(),
  })
  .refine((f) => (f.depositId === undefined) === (Array.isArray(f.billIds) && f.billIds.length > 0), {
    path: ['billIds'],
    error: 'onlinePay.billsOrDeposit',
    ...acrossFields,
  });
export type OnlinePayForm = z.infer<typeof onlinePayForm>;

/**
 * Money the provider took for a payment that wrote no receipt (paid after it was closed, cancelled or refused here, or
 * abnormal): `refunding` (asked, or to be asked again), `refunded` (given back at the provider), `refused` (the
 * provider would not refund it: the company gives it back itself).
 */
export const LATE_MONEY_STATES = ['refunding', 'refunded', 'refused'] as const;
export type LateMoneyState = (typeof LATE_MONEY_STATES)[number];

export const lateMoneyRow = z.object({
  amountCents: z.number().int(),
  /** When the provider reported it, and what the payment was here then. */
  reportedAt: z.string(),
  paymentState: z.enum(ONLINE_PAYMENT_STATES),
  state: z.enum(LATE_MONEY_STATES),
  attempts: z.number().int(),
  /** The provider's last refusal or failure. */
  error: z.string(),
  /** Who asked for the refund that was made ('' when the server made it of itself), and when. */
  refundedByName: z.string(),
  refundedAt: z.string(),
});
export type LateMoneyRow = z.infer<typeof lateMoneyRow>;

export const onlinePaymentRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  amountCents: z.number().int(),
  /** What the chosen bills (or the deposit) still owed when it was opened. */
  owedCents: z.number().int(),
  bills: z.array(z.object({ id: z.number().int(), number: z.string() })),
  /** The deposit a deposit's payment pays (its number), null for a payment of bills. */
  deposit: z.object({ id: z.number().int(), number: z.string(), contractId: z.number().int() }).nullable(),
  state: z.enum(ONLINE_PAYMENT_STATES),
  /** The provider's pay page while it is charging, '' after. */
  payUrl: z.string(),
  /** The receipt a paid payment became. */
  receiptId: z.number().int().nullable(),
  /** Money the provider reported after the payment was settled here without a receipt, and its refund. */
  lateMoney: lateMoneyRow.nullable(),
  createdAt: z.string(),
  settledAt: z.string(),
  money: moneyFormat,
});
export type OnlinePaymentRow = z.infer<typeof onlinePaymentRow>;

export const onlinePaymentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/lease/onlinePay/list.do',
    summary: 'Online payments of bills, newest first: a renter its own, a lessor its renters',
    access: { roles: ONLINE_PAYMENT_READERS },
    scope: 'organisation',
    query: pageQuery.extend({ state: z.enum(ONLINE_PAYMENT_STATES).optional() }),
    body: noInput,
    response: paged(onlinePaymentRow),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/lease/onlinePay/create.do',
    summary:
      "Open a payment at the provider for some of the renter's own open bills, or a contract's deposit (all they owe, or less)",
    access: { roles: ONLINE_PAYERS },
    scope: 'organisation',
    query: noInput,
    body: onlinePayForm,
    response: z.object({ payment: onlinePaymentRow, payUrl: z.string() }),
  }),
  check: defineEndpoint({
    method: 'POST',
    path: '/lease/onlinePay/check.do',
    summary: 'Ask the provider about a payment still charging; past its time a waiting one is closed',
    access: { roles: ONLINE_PAYMENT_READERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam }),
    response: z.object({ payment: onlinePaymentRow }),
  }),
  refundLate: defineEndpoint({
    method: 'POST',
    path: '/lease/onlinePay/refundLate.do',
    summary: 'Ask the provider again to refund money it took after the payment was settled here without a receipt',
    access: { roles: LATE_MONEY_REFUNDERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam }),
    response: z.object({ payment: onlinePaymentRow }),
  }),
};
