/**
 * The invariants of online payments and sub-lessor payables in the model-based lease test (decisions 077 and 079),
 * read from the database (and, for the money the payment provider took, the simulated provider's own account) after
 * every step; invariants.ts reports them; the moves are online-moves.ts.
 */

export const ONLINE_INVARIANTS = {
  'online.paymentIsReceipt':
    "a payment is paid exactly when it has a receipt, of its amount, its renter and lessor, method online (a deposit's payment the deposit's receipt); every receipt of method online is one payment's",
  'online.providerMoneyAccounted':
    'money the payment provider took (paid or refunded there) is its payment’s receipt or recorded late money of that amount, never both; late money is refunded here exactly when the provider refunded it; a payment the provider did not take money for has neither',
  'online.moneyAddsUp':
    'per rental company, money received online (what the provider took) = allocated to bills + held (deposits’ receipts and credit not yet allocated) + refunded or being refunded (late money)',
  'note.findingsCharged':
    "a signed return note's damage findings are each one damage charge of its amount, of the note's contract, handover and machine; a note not signed has no charge; a delivery note has no finding",
  'payable.oncePerMonth': 'a sub-lease has at most one payable per month, whatever its state',
  'payable.paidFollows':
    "a payable's paid amount is its live payments', never above its amount; its state follows (open, partly paid, paid), a void one has no live payment and nothing paid",
  'payable.issuedWhenOver':
    'a payable is issued after the last day it charges for, its days within its month and its sub-lease, and its amount the cost of those days',
} as const;
export type OnlineInvariantName = keyof typeof ONLINE_INVARIANTS;

import type { All } from './invariants.ts';

/** What the simulated provider holds of each payment of the run. */
export interface ProviderPayment {
  paymentId: string;
  state: string;
  amountCents: number;
}

/** The rows that break each invariant. */
export async function onlineViolations(
  all: All,
  provider: readonly ProviderPayment[],
  subleaseCost: (sublease: Record<string, unknown>, range: { from: string; to: string }) => number,
): Promise<[OnlineInvariantName, unknown[]][]> {
  const payments = (await all(
    `SELECT p.id, p.reference, p.provider_payment_id, p.state, p.amount_cents, p.renter_org_id, p.lessor_org_id,
            p.deposit_id, p.receipt_id, r.amount_cents AS receipt_cents, r.method, r.renter_org_id AS receipt_renter,
            r.lessor_org_id AS receipt_lessor, r.deposit_id AS receipt_deposit,
            l.amount_cents AS late_cents, l.state AS late_state
       FROM online_payments p LEFT JOIN receipts r ON r.id = p.receipt_id
       LEFT JOIN online_payment_refunds l ON l.payment_id = p.id`,
  )) as {
    id: number;
    reference: string;
    provider_payment_id: string;
    state: string;
    amount_cents: number;
    renter_org_id: number;
    lessor_org_id: number;
    deposit_id: number | null;
    receipt_id: number | null;
    receipt_cents: number | null;
    method: string | null;
    receipt_renter: number | null;
    receipt_lessor: number | null;
    receipt_deposit: number | null;
    late_cents: number | null;
    late_state: string | null;
  }[];
  const byProvider = new Map(payments.map((p) => [p.provider_payment_id, p]));
  const taken = provider.filter((p) => p.state === 'paid' || p.state === 'refunded');

  const perLessor = new Map<number, { took: number; accounted: number }>();
  for (const p of taken) {
    const ours = byProvider.get(p.paymentId);
    if (!ours) continue;
    const sums = perLessor.get(ours.lessor_org_id) ?? { took: 0, accounted: 0 };
    sums.took += p.amountCents;
    perLessor.set(ours.lessor_org_id, sums);
  }
  // Where online money went: allocated to bills, held (a deposit's receipt, credit not yet allocated), late money.
  const placed = (await all(
    `SELECT r.lessor_org_id, sum(r.amount_cents) AS received,
            coalesce(sum((SELECT sum(a.amount_cents) FROM allocations a WHERE a.receipt_id = r.id)), 0) AS allocated
       FROM receipts r WHERE r.method = 'online' GROUP BY r.lessor_org_id`,
  )) as { lessor_org_id: number; received: number; allocated: number }[];
  const late = (await all(
    `SELECT p.lessor_org_id, sum(l.amount_cents) AS cents FROM online_payment_refunds l
       JOIN online_payments p ON p.id = l.payment_id GROUP BY p.lessor_org_id`,
  )) as { lessor_org_id: number; cents: number }[];
  for (const row of placed) {
    const sums = perLessor.get(row.lessor_org_id) ?? { took: 0, accounted: 0 };
    // allocated + held is what was received: held = received - allocated (never below zero: money.receiptNotOver).
    sums.accounted += row.allocated + (row.received - row.allocated);
    perLessor.set(row.lessor_org_id, sums);
  }
  for (const row of late) {
    const sums = perLessor.get(row.lessor_org_id) ?? { took: 0, accounted: 0 };
    sums.accounted += row.cents;
    perLessor.set(row.lessor_org_id, sums);
  }

  const payables = (await all(
    `SELECT y.id, y.number, y.sublease_id, y.month, y.from_on, y.to_on, y.amount_cents, y.paid_cents, y.state,
            y.issued_on,
            coalesce((SELECT sum(m.amount_cents) FROM payable_payments m WHERE m.payable_id = y.id AND m.state = 'live'), 0)
              AS live_cents,
            (SELECT count(*) FROM payable_payments m WHERE m.payable_id = y.id AND m.state = 'live') AS live_count
       FROM payables y`,
  )) as {
    id: number;
    number: string;
    sublease_id: number;
    month: string;
    from_on: string;
    to_on: string;
    amount_cents: number;
    paid_cents: number;
    state: string;
    issued_on: string;
    live_cents: number;
    live_count: number;
  }[];
  const subleases = new Map((await all(`SELECT * FROM subleases`)).map((s) => [s.id as number, s] as const));
  const camel = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
    );

  return [
    [
      'online.paymentIsReceipt',
      [
        ...payments.filter(
          (p) =>
            (p.state === 'paid') !== (p.receipt_id !== null) ||
            (p.receipt_id !== null &&
              (p.receipt_cents !== p.amount_cents ||
                p.method !== 'online' ||
                p.receipt_renter !== p.renter_org_id ||
                p.receipt_lessor !== p.lessor_org_id ||
                p.receipt_deposit !== p.deposit_id)),
        ),
        ...(await all(
          `SELECT r.id AS receipt, r.amount_cents FROM receipts r WHERE r.method = 'online'
             AND (SELECT count(*) FROM online_payments p WHERE p.receipt_id = r.id) <> 1`,
        )),
      ],
    ],
    [
      'online.providerMoneyAccounted',
      [
        ...taken.flatMap((p): unknown[] => {
          const ours = byProvider.get(p.paymentId);
          if (!ours) return [{ provider: p, ours: null }];
          const asReceipt = ours.state === 'paid' && ours.receipt_cents === p.amountCents;
          const asLate = ours.late_cents === p.amountCents;
          const refundedHere = ours.late_state === 'refunded';
          return asReceipt === asLate || refundedHere !== (p.state === 'refunded') ? [{ provider: p, ours }] : [];
        }),
        ...provider
          .filter((p) => p.state !== 'paid' && p.state !== 'refunded')
          .flatMap((p) => {
            const ours = byProvider.get(p.paymentId);
            return ours && (ours.state === 'paid' || ours.late_cents !== null) ? [{ provider: p, ours }] : [];
          }),
      ],
    ],
    [
      'online.moneyAddsUp',
      [...perLessor.entries()].filter(([, s]) => s.took !== s.accounted).map(([lessor, s]) => ({ lessor, ...s })),
    ],
    [
      'note.findingsCharged',
      await all(
        `SELECT n.id AS note, n.kind, n.state, f.id AS finding, f.amount_cents, f.charge_id, c.kind AS charge_kind,
                c.amount_cents AS charge_cents, c.contract_id, c.handover_id, c.device_id
           FROM handover_notes n JOIN handover_note_findings f ON f.note_id = n.id
           LEFT JOIN charges c ON c.id = f.charge_id
          WHERE n.kind = 'delivery'
             OR (n.state <> 'signed' AND f.charge_id IS NOT NULL)
             OR (n.state = 'signed' AND (c.id IS NULL OR c.kind <> 'damage' OR c.amount_cents <> f.amount_cents
                 OR c.contract_id <> n.contract_id OR c.handover_id IS DISTINCT FROM n.handover_id
                 OR c.device_id IS DISTINCT FROM f.device_id
                 OR (SELECT count(*) FROM handover_note_findings g WHERE g.charge_id = f.charge_id) <> 1))`,
      ),
    ],
    [
      'payable.oncePerMonth',
      await all(
        `SELECT sublease_id, month, count(*) AS n FROM payables GROUP BY sublease_id, month HAVING count(*) > 1`,
      ),
    ],
    [
      'payable.paidFollows',
      payables.filter((y) =>
        y.state === 'void'
          ? y.live_count > 0 || y.paid_cents !== 0
          : y.paid_cents !== y.live_cents ||
            y.paid_cents > y.amount_cents ||
            y.state !== (y.paid_cents >= y.amount_cents ? 'paid' : y.paid_cents > 0 ? 'partlyPaid' : 'open'),
      ),
    ],
    [
      'payable.issuedWhenOver',
      payables.filter((y) => {
        const s = subleases.get(y.sublease_id);
        if (!s) return true;
        const last = (s.returned_on as string | null) ?? (s.end_on as string);
        return (
          y.issued_on <= y.to_on ||
          y.from_on.slice(0, 7) !== y.month ||
          y.to_on.slice(0, 7) !== y.month ||
          y.from_on < (s.start_on as string) ||
          y.to_on > last ||
          y.amount_cents !== subleaseCost(camel(s), { from: y.from_on, to: y.to_on })
        );
      }),
    ],
  ];
}
