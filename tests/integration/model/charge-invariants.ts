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

type All = (sql: string, ...params: unknown[]) => Record<string, unknown>[];

/** The rows that break each charge invariant. */
export function chargeViolations(all: All): [ChargeInvariantName, unknown[]][] {
  return [
    [
      'charge.billedOnce',
      all(
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
      all(
        `SELECT n.id, n.number, n.amount_cents, b.id AS bill_id, b.state, b.amount_cents AS bill_cents, b.paid_cents,
                (SELECT coalesce(sum(x.amount_cents), 0) FROM credit_note_lines x WHERE x.credit_note_id = n.id) AS lines
           FROM credit_notes n JOIN bills b ON b.id = n.bill_id
          WHERE n.amount_cents <= 0 OR n.org_id <> b.lessor_org_id OR n.renter_org_id <> b.renter_org_id
             OR (b.state <> 'void' AND (b.amount_cents < 0 OR b.amount_cents < b.paid_cents))
             OR lines <> n.amount_cents`,
      ),
    ],
    [
      'credit.inLedger',
      all(
        `SELECT n.id, n.number, n.amount_cents, count(e.id) AS rows_, sum(e.amount_cents) AS ledger_cents
           FROM credit_notes n LEFT JOIN ledger_entries e ON e.type = 'creditNote' AND e.subject = n.number
                AND e.bill_id = n.bill_id
          GROUP BY n.id, n.number, n.amount_cents
         HAVING count(e.id) <> 1 OR sum(e.amount_cents) <> -n.amount_cents`,
      ),
    ],
  ];
}
