import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint.ts';
import { moneyFormat, moneyTotal } from '../codes/money.ts';
import { idParam, pageQuery, paged } from './fields.ts';
import { RECEIPT_METHODS } from '../codes/lease-billing.ts';
import { BILL_READERS, RECEIPT_WRITERS } from '../access/lease-billing.ts';
import {
  DEPOSIT_MOVE_KINDS,
  DEPOSIT_REASONS,
  DEPOSIT_STATES,
  depositApplyForm,
  depositReceiveForm,
  depositRefundForm,
} from '../lease/deposits.ts';

/**
 * Contracts' deposits (docs/decisions/073-deposits.md). Scope `organisation`: a lessor's people see their lessor's,
 * the operator's finance every lessor's, a renter's users their own. Who reads them reads bills; who writes receipts
 * receives, applies and refunds them.
 */

export const DEPOSIT_READERS = BILL_READERS;
export const DEPOSIT_WRITERS = RECEIPT_WRITERS;

const optionalId = z.coerce.number().int().positive().optional();

export const depositRow = z.object({
  id: z.number().int(),
  number: z.string(),
  contractId: z.number().int(),
  contractNumber: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  lessorName: z.string(),
  amountCents: z.number().int(),
  receivedCents: z.number().int(),
  appliedCents: z.number().int(),
  refundedCents: z.number().int(),
  heldCents: z.number().int(),
  /** What is still to be received. */
  outstandingCents: z.number().int(),
  state: z.enum(DEPOSIT_STATES),
  requestedOn: z.string(),
  /** Its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type DepositRow = z.infer<typeof depositRow>;

export const depositMoveRow = z.object({
  id: z.number().int(),
  kind: z.enum(DEPOSIT_MOVE_KINDS),
  amountCents: z.number().int(),
  receiptId: z.number().int().nullable(),
  billId: z.number().int().nullable(),
  billNumber: z.string(),
  method: z.enum(RECEIPT_METHODS).nullable(),
  reference: z.string(),
  reason: z.enum(DEPOSIT_REASONS).nullable(),
  note: z.string(),
  day: z.string(),
  /** Who took it ('' for the request made by the contract's signing). */
  userName: z.string(),
  at: z.string(),
});
export type DepositMoveRow = z.infer<typeof depositMoveRow>;

export const depositEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/lease/deposit/list.do',
    summary: "Contracts' deposits by state, renter and contract, newest first, with what is held per currency",
    access: { roles: DEPOSIT_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      state: z.enum(DEPOSIT_STATES).optional(),
      renterId: optionalId,
      contractId: optionalId,
    }),
    body: noInput,
    response: paged(depositRow).extend({ totals: z.object({ held: z.array(moneyTotal) }) }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/lease/deposit/detail.do',
    summary: "A contract's deposit with its history, the open bills it may pay and what the user may do",
    access: { roles: DEPOSIT_READERS },
    scope: 'organisation',
    query: z.object({ contractId: idParam }),
    body: noInput,
    response: z.object({
      /** None: the contract asks for no deposit or is not yet in force. */
      deposit: depositRow.nullable(),
      moves: z.array(depositMoveRow),
      /** The contract's bills not yet paid in full: what `apply` may pay. */
      openBills: z.array(z.object({ id: z.number().int(), number: z.string(), unpaidCents: z.number().int() })),
      /** The contract is closed or terminated: apply and refund are open. */
      contractEnded: z.boolean(),
      mayWrite: z.boolean(),
      /** The lessor's calendar day now: the default day of a receipt or refund. */
      today: z.string(),
    }),
  }),
  held: defineEndpoint({
    method: 'GET',
    path: '/lease/deposit/held.do',
    summary: 'What deposits hold, per currency, of one renter or every renter the user sees (apart from rent)',
    access: { roles: DEPOSIT_READERS },
    scope: 'organisation',
    query: z.object({ renterId: optionalId }),
    body: noInput,
    response: z.object({ held: z.array(moneyTotal), deposits: z.number().int() }),
  }),
  receive: defineEndpoint({
    method: 'POST',
    path: '/lease/deposit/receive.do',
    summary: 'Record money received for a deposit: a receipt that is held, never allocated to rent',
    access: { roles: DEPOSIT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: depositReceiveForm,
    response: z.object({ id: z.number().int(), receiptId: z.number().int() }),
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: '/lease/deposit/apply.do',
    summary: 'Apply part of a held deposit to an open bill of its ended contract, with a reason',
    access: { roles: DEPOSIT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: depositApplyForm,
    response: z.object({ id: z.number().int() }),
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/lease/deposit/refund.do',
    summary: 'Refund part of a held deposit to the renter of its ended contract, with a reason',
    access: { roles: DEPOSIT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: depositRefundForm,
    response: z.object({ id: z.number().int() }),
  }),
};
