/**
 * The deposit invariants of the model-based lease test (decision 073), read from the database after every step
 * (invariants.ts reports them; the deposit moves are deposits.ts).
 */

export const DEPOSIT_INVARIANTS = {
  'deposit.moneyAddsUp':
    'for each deposit, money received (its live receipts) = allocated (their live allocations) + held + refunded (its refund moves), held never below zero, received never above what was requested',
  'deposit.notRent':
    "a deposit's receipt writes no bill record row and is allocated only by the deposit's apply moves, to bills of its own contract",
  'deposit.stateFollowsMoney':
    "a deposit's state is what its figures say (requested, partly received, held, settling, applied, refunded, settled)",
  'deposit.requestedInForce':
    'a contract signed by both parties (7, 8, 9) asking for a deposit has exactly one deposit request, of that amount; no other contract has one',
} as const;
export type DepositInvariantName = keyof typeof DEPOSIT_INVARIANTS;

import type { All } from './invariants.ts';

/** The rows that break each deposit invariant. */
export async function depositViolations(all: All): Promise<[DepositInvariantName, unknown[]][]> {
  return [
    [
      'deposit.moneyAddsUp',
      await all(
        `WITH f AS (
           SELECT d.id, d.number, d.amount_cents, d.received_cents, d.applied_cents, d.refunded_cents,
                  coalesce((SELECT sum(r.amount_cents) FROM receipts r WHERE r.deposit_id = d.id AND r.voided_at IS NULL), 0)
                    AS received,
                  coalesce((SELECT sum(a.amount_cents) FROM allocations a JOIN receipts r ON r.id = a.receipt_id
                             WHERE r.deposit_id = d.id AND r.voided_at IS NULL), 0) AS allocated,
                  coalesce((SELECT sum(m.amount_cents) FROM deposit_moves m WHERE m.deposit_id = d.id AND m.kind = 'refund'), 0)
                    AS refunded
             FROM deposits d)
         SELECT *, received - allocated - refunded AS held FROM f
          WHERE received <> received_cents OR allocated <> applied_cents OR refunded <> refunded_cents
             OR received - allocated - refunded < 0 OR received > amount_cents`,
      ),
    ],
    [
      'deposit.notRent',
      await all(
        `SELECT 'ledger' AS what, l.id, l.receipt_id FROM ledger_entries l JOIN receipts r ON r.id = l.receipt_id
          WHERE r.deposit_id IS NOT NULL AND l.type <> 'depositApplied'
         UNION ALL
         SELECT 'allocation', a.id, a.receipt_id FROM allocations a JOIN receipts r ON r.id = a.receipt_id
           JOIN deposits d ON d.id = r.deposit_id JOIN bills b ON b.id = a.bill_id
          WHERE b.contract_id IS DISTINCT FROM d.contract_id`,
      ),
    ],
    [
      'deposit.stateFollowsMoney',
      await all(
        `SELECT id, number, state, amount_cents, received_cents, applied_cents, refunded_cents FROM deposits
          WHERE state <> CASE
            WHEN received_cents = 0 THEN 'requested'
            WHEN received_cents - applied_cents - refunded_cents > 0 AND applied_cents + refunded_cents > 0 THEN 'settling'
            WHEN received_cents - applied_cents - refunded_cents > 0 AND received_cents < amount_cents THEN 'partlyReceived'
            WHEN received_cents - applied_cents - refunded_cents > 0 THEN 'held'
            WHEN applied_cents > 0 AND refunded_cents > 0 THEN 'settled'
            WHEN applied_cents > 0 THEN 'applied' ELSE 'refunded' END`,
      ),
    ],
    [
      'deposit.requestedInForce',
      // The request's amount as min(): one value even where a second request (a breach itself) exists.
      await all(
        `SELECT c.id AS contract, c.number, c.status, c.deposit_cents,
                (SELECT count(*) FROM deposits d WHERE d.contract_id = c.id) AS requests,
                (SELECT min(d.amount_cents) FROM deposits d WHERE d.contract_id = c.id) AS requested
           FROM contracts c
          WHERE c.kind = 'contract' AND c.id IN (SELECT contract_id FROM contract_events WHERE action = 'lessorSigned')
            AND c.deposit_cents > 0 AND c.status IN (7, 8, 9)
            AND ((SELECT count(*) FROM deposits d WHERE d.contract_id = c.id) <> 1
                 OR (SELECT min(d.amount_cents) FROM deposits d WHERE d.contract_id = c.id) <> c.deposit_cents)
         UNION ALL
         SELECT c.id, c.number, c.status, c.deposit_cents, 1, d.amount_cents
           FROM deposits d JOIN contracts c ON c.id = d.contract_id
          WHERE c.status NOT IN (7, 8, 9) OR c.kind <> 'contract'`,
      ),
    ],
  ];
}
