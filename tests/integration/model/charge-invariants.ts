/**
 * The charge and credit note invariants of the model-based lease test (decision 074), read from the database after
 * every step (invariants.ts reports them; the moves are charges.ts).
 */

export const CHARGE_INVARIANTS = {
  'charge.billedOnce':
    'nothing is billed twice: a billed charge names one bill, not void, of its own contract, renter and company; a pending or cancelled charge names none; a cancelled one says why',
  'credit.neverNegative':
    'a credit note never makes a bill negative: a bill credited asks no less than what was paid and no less than zero; a note is of a bill not void of its own company and renter, its lines add up to it',
  'credit.inLedger': 'each credit note has one creditNote row in the bill record, of minus its amount, on its bill',
} as const;
export type ChargeInvariantName = keyof typeof CHARGE_INVARIANTS;

import type { All } from './invariants.ts';

/** The rows that break each charge invariant. */
export async function chargeViolations(all: All): Promise<[ChargeInvariantName, unknown[]][]> {
  return [
    [
      'charge.billedOnce',
      await all(
        `SELECT c.id, c.state, c.bill_id, b.state AS bill_state, b.contract_id, c.contract_id AS charge_contract
           FROM charges c LEFT JOIN bills b ON b.id = c.bill_id
          WHERE (c.state = 'billed' AND (b.id IS NULL OR b.state = 'void' OR b.contract_id <> c.contract_id
                 OR b.renter_org_id <> c.renter_org_id OR b.lessor_org_id <> c.org_id))
             OR (c.state <> 'billed' AND c.bill_id IS NOT NULL)
             OR (c.state = 'cancelled' AND coalesce(c.cancel_reason, '') = '')`,
      ),
    ],
    [
      'credit.neverNegative',
      await all(
        `SELECT id, number, amount_cents, bill_id, state, bill_cents, paid_cents, lines FROM (
           SELECT n.id, n.number, n.amount_cents, b.id AS bill_id, b.state, b.amount_cents AS bill_cents, b.paid_cents,
                  (SELECT coalesce(sum(x.amount_cents), 0) FROM credit_note_lines x WHERE x.credit_note_id = n.id) AS lines,
                  n.org_id, n.renter_org_id, b.lessor_org_id, b.renter_org_id AS bill_renter
             FROM credit_notes n JOIN bills b ON b.id = n.bill_id) f
          WHERE amount_cents <= 0 OR org_id <> lessor_org_id OR renter_org_id <> bill_renter
             OR (state <> 'void' AND (bill_cents < 0 OR bill_cents < paid_cents))
             OR lines <> amount_cents`,
      ),
    ],
    [
      'credit.inLedger',
      await all(
        `SELECT n.id, n.number, n.amount_cents, count(e.id) AS rows_, sum(e.amount_cents) AS ledger_cents
           FROM credit_notes n LEFT JOIN ledger_entries e ON e.type = 'creditNote' AND e.subject = n.number
                AND e.bill_id = n.bill_id
          GROUP BY n.id, n.number, n.amount_cents
         HAVING count(e.id) <> 1 OR sum(e.amount_cents) <> -n.amount_cents`,
      ),
    ],
  ];
}
