import { addDays } from '@console/contract/codes/lease-billing';
import { billingToday } from '@console/server/src/billing/zone';
import { dayInZone } from '@console/server/src/lib/time';
import type { Db } from '@console/db/client';
import { flatMapInOrder, mapInOrder } from '@console/db/in-order';
import { testEngine } from '../../fixtures/demo-database.ts';
import { rowsOf } from '../../fixtures/sql-rows.ts';
import { overtimeAmountCents, proratedAllowanceTenths } from '@console/contract/lease/overtime';
import { DEPOSIT_INVARIANTS, depositViolations } from './deposit-invariants.ts';
import { CHARGE_INVARIANTS, chargeViolations } from './charge-invariants.ts';
import { subleaseCostCents, type SubleaseTerms } from '@console/contract/lease/sublease-cost';
import { ONLINE_INVARIANTS, onlineViolations, type ProviderPayment } from './online-invariants.ts';

/**
 * The invariants of the lease business, read from the database after every step of the model test
 * (lease-model.test.ts). Each answers the rows that break it, so a failure names what is wrong and where. They read
 * the whole business (the seeded demo data as well as what the test did), as the product promises them for every
 * record, not just for the test's own.
 */

export interface Violation {
  /** The invariant's name (INVARIANTS below). */
  invariant: InvariantName;
  /** The rows that break it, a few at most. */
  rows: unknown[];
}

export const INVARIANTS = {
  'period.oneOpen': 'a machine has at most one open lease period',
  'period.noOverlap': "a machine's lease periods never overlap",
  'period.endNotFuture':
    "a return ends a period on a day that has come (not after the lessor's today), never before the period starts (a change's repricing cuts a period at the day before it takes effect, which may be ahead: decision 041)",
  'period.openIsLeased': "a machine on an open period is leaseStatus 'leased' with the period's renter as its customer",
  'period.leasedHasOpen': "a machine with no open period is not 'leased'",
  'machine.oneHolder':
    'a machine is held by one contract at most: those in review, approved, signing or running that name it, and the contract of its open period',
  'period.withinTerm':
    "a machine enters on a day within its contract's term (start..end) and within its line's days (a change's line from its day)",
  'bill.withinTerm':
    "a bill line (non-void bill, non-released line) lies within its lease period, so within its contract's term (past the planned end only for a machine kept late: it is billed to its return, decisions 035 and 041)",
  'bill.notFuture': "no bill line charges a day after the lessor's today",
  'bill.atMostOnce': 'a machine-day of a period is on at most one line of a non-void bill (non-released lines)',
  'bill.returnedFullyBilled':
    'every day of a period ended by a confirmed return is billed (or waived by a voided bill) once its day has come and billing ran',
  'ended.noOpenPeriod': 'a contract closed (8) or terminated (9) has no open lease period',
  'ended.noLaterBill':
    'a closed or terminated contract gets no bill after it ended (a bill voided and issued again is a correction, decision 036), and none charges a day after its end',
  'ended.noOpenArrearsStep': 'a closed or terminated contract has no open arrears step',
  'ended.changesEnded': 'the changes of a closed or terminated contract are completed (8) or ended (9)',
  'ended.publicLinkDead': "a closed or terminated contract's public link answers nothing",
  'arrears.lockOnlyInArrears':
    'an open arrears lock step (step >= 1 with a task) is for a machine on an open period of its contract, and that contract is in arrears',
  'arrears.clearedClosesSteps':
    'a contract not in arrears (nothing unpaid past due) or exempted has no open arrears step',
  'money.receiptNotOver': 'the allocations of a receipt never add up to more than its amount',
  'money.billNotOver': "a bill's live allocations never exceed its amount, and its paidCents and state follow them",
  'invoice.onlyPaid':
    "an issued invoice holds only bills paid in full; a live one (to be issued or issued) only bills of its buyer, issued by the bill's lessor, at their amounts (a request whose bill a receipt's void left unpaid waits and cannot be issued: decision 051)",
  'coupon.ownShop': 'a coupon is redeemed only at the shop of the organisation that issued it',
  'coupon.withinLimits':
    'a coupon stays within its limits: per-user limit, total, remaining, one use per received coupon, before it expires, by its holder, the minimum spend and category, the discount not above the amount',
  'overtime.fromMeasured':
    "a bill's overtime line charges max(0, measured − allowance prorated over its days) hours at its line's price, nothing when the machine reported no hours (the hours an adjustment set instead, decision 070)",
  'bill.addsUp':
    "a contract's bill not void amounts to its lines, its overtime lines and the charges it carries, less its credit notes (a void bill keeps its amount; its charges went back to pending)",
  'approval.autoAtListPrice':
    "a contract (or change) approved automatically has no line below the lessor's list price and no unverified renter (the lines the rule approved: a change in force adds lines approved with the change)",
  'hold.namedOnce':
    'a named machine is held by one record a day: a held reservation of a quote or contract overlaps no other held reservation of it, no lease period of another contract (an open one to its planned end) and no line of another contract in review to running naming it (decision 069)',
  'hold.modelFree':
    "a model's free count at a store never goes below zero on a day: its machines there, less those busy that day (named holds, lease periods, contracts in force naming them), less the counts model holds take that day",
  'quote.acceptedLinked':
    'an accepted quote links the contract draft it became, which is for its renter, from its store and days (unless the contract was moved to other days since), and no other quote links it; a quote not accepted links none',
  'hold.namedByLine':
    "a contract's held reservation of a named machine ends by the last day of a line of that contract naming it (a change that removes the line lets go of the days from its effective day; a change's own hold of a later end, by a line of the contract it changes)",
  'hold.releasedGone':
    'released holds are gone: a declined, expired or withdrawn quote holds nothing, an accepted one nothing of its own (its holds are its contract’s), a closed, terminated or cancelled contract nothing; a hold that ended says why',
  ...DEPOSIT_INVARIANTS,
  ...CHARGE_INVARIANTS,
  ...ONLINE_INVARIANTS,
} as const;
export type InvariantName = keyof typeof INVARIANTS;

/** What the test knows that the database does not keep. */
export interface InvariantContext {
  /** Per lessor, its billing day (`YYYY-MM-DD`) when a billing pass over every contract last ran. */
  billedThrough: Map<number, string>;
  /** Contracts closed or terminated, and the last of their bills (by id) when they ended. */
  endedBills: Map<number, number>;
  /** Bills a void issued again (decision 036, addendum): a correction of days already billed, not a new charge. */
  reissued: ReadonlySet<number>;
  /** Public link tokens the test holds, by contract (only their hashes are stored). */
  links: Map<number, string[]>;
  /** What the simulated payment provider holds of the run's payments (online.* invariants). */
  provider: readonly ProviderPayment[];
  /** Answers whether a public link token still opens the contract (the API's exportView). */
  linkOpens(token: string): Promise<boolean>;
}

const FAR = '9999-12-31';
const SAMPLE = 5;

/**
 * A boolean column's test in each engine's own terms: PostgreSQL compares it to false / true; SQLite keeps 0 / 1 and
 * uses a partial index (bill_lines' `released = 0`) only for that very term (with `= false` bill.atMostOnce took
 * seconds a step).
 */
const holds = (column: string, value: boolean) =>
  testEngine() === 'postgres' ? `${column} = ${value}` : `${column} = ${value ? 1 : 0}`;

/** Every row a statement answers, on either engine (fixtures/sql-rows.ts). */
export type All = (sql: string, ...params: unknown[]) => Promise<Record<string, unknown>[]>;

export async function checkInvariants(db: Db, now: number, ctx: InvariantContext) {
  const violations: Violation[] = [];
  const all: All = (sql, ...params) => rowsOf<Record<string, unknown>>(db, sql, ...params);
  const report = (invariant: InvariantName, rows: unknown[]) => {
    if (rows.length > 0) violations.push({ invariant, rows: rows.slice(0, SAMPLE) });
  };
  const lessors = ((await all(`SELECT id FROM organisations WHERE kind = 'lessor'`)) as { id: number }[]).map(
    (r) => r.id,
  );
  const todayOf = new Map(await mapInOrder(lessors, async (id) => [id, await billingToday(db, id, now)]));
  const today = (lessorId: number) => todayOf.get(lessorId)!;

  // Lease periods and machines.
  report(
    'period.oneOpen',
    await all(
      `SELECT device_id, count(*) AS open FROM lease_periods WHERE end_on IS NULL GROUP BY device_id HAVING count(*) > 1`,
    ),
  );
  report(
    'period.noOverlap',
    await all(
      `SELECT a.device_id, a.id AS period, a.start_on, a.end_on, b.id AS other, b.start_on AS other_start,
              b.end_on AS other_end
         FROM lease_periods a JOIN lease_periods b ON b.device_id = a.device_id AND b.id > a.id
        WHERE a.start_on <= coalesce(b.end_on, '${FAR}') AND b.start_on <= coalesce(a.end_on, '${FAR}')`,
    ),
  );
  report(
    'period.endNotFuture',
    await flatMapInOrder(lessors, (lessor) =>
      all(
        `SELECT id AS period, device_id, contract_id, start_on, end_on, CAST(? AS TEXT) AS today FROM lease_periods
          WHERE lessor_org_id = ? AND end_on IS NOT NULL
            AND ((ended_by_change_id IS NULL AND end_on > ?) OR end_on < start_on)`,
        today(lessor),
        lessor,
        today(lessor),
      ),
    ),
  );
  report(
    'period.withinTerm',
    await all(
      `SELECT p.id AS period, p.device_id, p.start_on, c.id AS contract_id, c.start_on AS contract_start,
              c.end_on AS contract_end, l.id AS line, l.from_on AS line_from, l.until_on AS line_until
         FROM lease_periods p JOIN contracts c ON c.id = p.contract_id JOIN contract_lines l ON l.id = p.line_id
        WHERE (p.start_on < c.start_on OR p.start_on > c.end_on OR p.start_on < coalesce(l.from_on, p.start_on)
               OR p.start_on > coalesce(l.until_on, p.start_on))`,
    ),
  );
  report(
    'period.openIsLeased',
    await all(
      `SELECT p.id AS period, p.device_id, p.contract_id, p.renter_org_id, d.lease_status, d.customer_org_id
         FROM lease_periods p JOIN devices d ON d.id = p.device_id
        WHERE p.end_on IS NULL AND (d.lease_status <> 'leased' OR d.customer_org_id IS DISTINCT FROM p.renter_org_id)`,
    ),
  );
  report(
    'period.leasedHasOpen',
    await all(
      `SELECT d.id AS device_id, d.serial_number, d.customer_org_id,
              (SELECT string_agg(CAST(l.contract_id AS TEXT), ',') FROM contract_lines l JOIN contracts c ON c.id = l.contract_id
                WHERE l.device_id = d.id AND c.status IN (1, 3, 5, 6, 7)) AS named_by
         FROM devices d
        WHERE d.lease_status = 'leased'
          AND NOT EXISTS (SELECT 1 FROM lease_periods p WHERE p.device_id = d.id AND p.end_on IS NULL)`,
    ),
  );
  report(
    'machine.oneHolder',
    await all(
      `WITH holders AS (
         SELECT l.device_id, coalesce(c.change_of, c.id) AS contract_id
           FROM contract_lines l JOIN contracts c ON c.id = l.contract_id
          WHERE l.device_id IS NOT NULL AND l.until_on IS NULL AND coalesce(l.change_op, 'add') = 'add'
            AND ((c.kind = 'contract' AND c.status IN (1, 3, 5, 6, 7)) OR (c.kind = 'change' AND c.status IN (1, 3, 5, 6)))
         UNION
         SELECT device_id, contract_id FROM lease_periods WHERE end_on IS NULL)
       SELECT device_id, string_agg(CAST(contract_id AS TEXT), ',') AS contracts FROM holders GROUP BY device_id
       HAVING count(DISTINCT contract_id) > 1`,
    ),
  );

  // Bills.
  report(
    'bill.withinTerm',
    await all(
      `SELECT l.id AS line, b.number AS bill, l.device_id, l.from_on, l.to_on, p.id AS period, p.start_on AS period_start,
              p.end_on AS period_end, c.id AS contract_id, c.start_on AS contract_start, c.end_on AS contract_end
         FROM bill_lines l JOIN bills b ON b.id = l.bill_id
         JOIN lease_periods p ON p.id = l.lease_period_id
         JOIN contracts c ON c.id = p.contract_id
        WHERE b.state <> 'void' AND ${holds('l.released', false)}
          AND (l.from_on > l.to_on OR l.from_on < p.start_on OR l.to_on > coalesce(p.end_on, '${FAR}')
               OR l.from_on < c.start_on)`,
    ),
  );
  report(
    'bill.notFuture',
    await flatMapInOrder(lessors, (lessor) =>
      all(
        `SELECT l.id AS line, b.number AS bill, l.device_id, l.from_on, l.to_on, b.issued_on, CAST(? AS TEXT) AS today
           FROM bill_lines l JOIN bills b ON b.id = l.bill_id
          WHERE b.lessor_org_id = ? AND b.state <> 'void' AND ${holds('l.released', false)} AND l.to_on > ?`,
        today(lessor),
        lessor,
        today(lessor),
      ),
    ),
  );
  report(
    'bill.atMostOnce',
    await all(
      `SELECT a.lease_period_id AS period, a.device_id, a.id AS line, a.from_on, a.to_on, ba.number AS bill,
              b.id AS other_line, b.from_on AS other_from, b.to_on AS other_to, bb.number AS other_bill
         FROM bill_lines a JOIN bill_lines b ON b.lease_period_id = a.lease_period_id AND b.id > a.id
         JOIN bills ba ON ba.id = a.bill_id JOIN bills bb ON bb.id = b.bill_id
        WHERE ${holds('a.released', false)} AND ${holds('b.released', false)} AND ba.state <> 'void' AND bb.state <> 'void'
          AND a.from_on <= b.to_on AND b.from_on <= a.to_on`,
    ),
  );
  const returned = (await all(
    `SELECT p.id AS period, p.lessor_org_id AS lessor, p.device_id, p.contract_id, p.start_on, p.end_on, h.confirmed_at
       FROM lease_periods p JOIN lease_handovers h ON h.id = p.exit_id
      WHERE p.end_on IS NOT NULL AND p.ended_by_change_id IS NULL AND h.state = 'confirmed'`,
  )) as {
    period: number;
    lessor: number;
    device_id: number;
    contract_id: number;
    start_on: string;
    end_on: string;
    confirmed_at: number;
  }[];
  const due = returned.filter((p) => {
    const passed = ctx.billedThrough.get(p.lessor);
    const confirmedOn = dayInZone(p.confirmed_at, 'Asia/Shanghai');
    return p.end_on <= today(p.lessor) && ((passed !== undefined && p.end_on <= passed) || p.end_on <= confirmedOn);
  });
  if (due.length > 0) {
    const lines = (await all(
      `SELECT l.lease_period_id AS period, l.from_on, l.to_on FROM bill_lines l
        WHERE ${holds('l.released', false)} AND l.lease_period_id IN (${due.map((p) => p.period).join(',')}) ORDER BY l.from_on`,
    )) as { period: number; from_on: string; to_on: string }[];
    const byPeriod = new Map<number, { from_on: string; to_on: string }[]>();
    for (const l of lines) byPeriod.set(l.period, [...(byPeriod.get(l.period) ?? []), l]);
    report(
      'bill.returnedFullyBilled',
      due.flatMap((p) => {
        let next = p.start_on;
        for (const l of byPeriod.get(p.period) ?? []) {
          if (l.from_on > next) break;
          if (l.to_on >= next) next = addDays(l.to_on, 1);
        }
        return next > p.end_on ? [] : [{ ...p, firstUnbilled: next }];
      }),
    );
  }

  // Contracts that ended.
  report(
    'ended.noOpenPeriod',
    await all(
      `SELECT c.id AS contract_id, c.number, c.status, c.ended_on, p.id AS period, p.device_id
         FROM lease_periods p JOIN contracts c ON c.id = p.contract_id
        WHERE c.status IN (8, 9) AND p.end_on IS NULL`,
    ),
  );
  const endedBills = (await all(
    `SELECT c.id AS contract_id, c.number, coalesce(c.ended_on, c.end_on) AS ended_on, b.id AS bill_id,
            b.number AS bill, b.issued_on,
            (SELECT max(l.to_on) FROM bill_lines l WHERE l.bill_id = b.id AND ${holds('l.released', false)}) AS last_day
       FROM contracts c JOIN bills b ON b.contract_id = c.id
      WHERE c.kind = 'contract' AND c.status IN (8, 9) AND b.state <> 'void'`,
  )) as { contract_id: number; ended_on: string; bill_id: number; last_day: string | null }[];
  report(
    'ended.noLaterBill',
    endedBills.filter(
      (b) =>
        (b.bill_id > (ctx.endedBills.get(b.contract_id) ?? Number.MAX_SAFE_INTEGER) && !ctx.reissued.has(b.bill_id)) ||
        (b.last_day !== null && b.last_day > b.ended_on),
    ),
  );
  report(
    'ended.noOpenArrearsStep',
    await all(
      `SELECT c.id AS contract_id, c.number, c.status, s.id AS step_id, s.device_id, s.step
         FROM arrears_steps s JOIN contracts c ON c.id = s.contract_id
        WHERE c.status IN (8, 9) AND s.cleared_at IS NULL`,
    ),
  );
  report(
    'ended.changesEnded',
    await all(
      `SELECT c.id AS contract_id, c.number, c.status, ch.id AS change_id, ch.number AS change_number, ch.status AS change_status
         FROM contracts ch JOIN contracts c ON c.id = ch.change_of
        WHERE ch.kind = 'change' AND c.status IN (8, 9) AND ch.status NOT IN (8, 9)`,
    ),
  );
  const ended = new Set(
    ((await all(`SELECT id FROM contracts WHERE status IN (8, 9)`)) as { id: number }[]).map((r) => r.id),
  );
  const opened: unknown[] = [];
  for (const [contractId, tokens] of ctx.links) {
    if (!ended.has(contractId)) continue;
    for (const token of tokens)
      if (await ctx.linkOpens(token)) opened.push({ contractId, token: `${token.slice(0, 8)}…` });
  }
  report('ended.publicLinkDead', opened);

  // Arrears steps.
  const overdue = new Map<number, number>();
  for (const lessor of lessors) {
    for (const r of (await all(
      `SELECT contract_id, sum(amount_cents - paid_cents) AS cents FROM bills
        WHERE lessor_org_id = ? AND contract_id IS NOT NULL AND state IN ('open', 'partlyPaid') AND due_on < ?
        GROUP BY contract_id HAVING sum(amount_cents - paid_cents) > 0`,
      lessor,
      today(lessor),
    )) as { contract_id: number; cents: number }[]) {
      overdue.set(r.contract_id, r.cents);
    }
  }
  const openSteps = (await all(
    `SELECT s.id AS step_id, s.contract_id, s.device_id, s.step, s.task_id, c.number, c.status,
            EXISTS (SELECT 1 FROM lease_periods p WHERE p.contract_id = s.contract_id AND p.device_id = s.device_id
                     AND p.end_on IS NULL) AS on_lease,
            EXISTS (SELECT 1 FROM arrears_exemptions e WHERE e.contract_id = s.contract_id AND e.lifted_at IS NULL) AS exempt
       FROM arrears_steps s JOIN contracts c ON c.id = s.contract_id WHERE s.cleared_at IS NULL`,
  )) as {
    step_id: number;
    contract_id: number;
    device_id: number | null;
    step: number;
    task_id: number | null;
    on_lease: number;
    exempt: number;
  }[];
  report(
    'arrears.lockOnlyInArrears',
    openSteps
      .filter((s) => s.step >= 1 && s.task_id !== null && (!s.on_lease || !overdue.has(s.contract_id)))
      .map((s) => ({ ...s, overdueCents: overdue.get(s.contract_id) ?? 0 })),
  );
  report(
    'arrears.clearedClosesSteps',
    openSteps
      .filter((s) => !overdue.has(s.contract_id) || s.exempt)
      .map((s) => ({ ...s, overdueCents: overdue.get(s.contract_id) ?? 0 })),
  );

  // Money.
  report(
    'money.receiptNotOver',
    await all(
      `SELECT r.id AS receipt, r.amount_cents, sum(a.amount_cents) AS allocated
         FROM receipts r JOIN allocations a ON a.receipt_id = r.id GROUP BY r.id, r.amount_cents HAVING sum(a.amount_cents) > r.amount_cents`,
    ),
  );
  report(
    'money.billNotOver',
    await all(
      `WITH f AS (
         SELECT b.id, b.number, b.amount_cents, b.paid_cents, b.state,
                coalesce((SELECT sum(a.amount_cents) FROM allocations a JOIN receipts r ON r.id = a.receipt_id
                           WHERE a.bill_id = b.id AND r.voided_at IS NULL), 0) AS live
           FROM bills b)
       SELECT * FROM f
        WHERE live > amount_cents OR paid_cents <> live
           OR (state <> 'void' AND state <> CASE WHEN paid_cents <= 0 AND amount_cents > 0 THEN 'open'
                                                 WHEN paid_cents >= amount_cents THEN 'paid' ELSE 'partlyPaid' END)`,
    ),
  );
  report(
    'invoice.onlyPaid',
    await all(
      `SELECT i.id AS invoice, i.number, i.state, it.source_id AS bill_id, b.number AS bill, b.state AS bill_state,
              b.amount_cents, b.paid_cents, it.amount_cents AS item_cents, i.org_id, b.renter_org_id,
              i.issuer_org_id, b.lessor_org_id
         FROM invoice_items it JOIN invoices i ON i.id = it.invoice_id
         LEFT JOIN bills b ON b.id = it.source_id
        WHERE ${holds('it.live', true)} AND it.source = 'bill' AND i.state IN ('toBeIssued', 'issued')
          AND (b.id IS NULL OR (i.state = 'issued' AND (b.state <> 'paid' OR b.paid_cents < b.amount_cents))
               OR it.amount_cents <> b.amount_cents
               OR i.org_id <> b.renter_org_id OR i.issuer_org_id <> b.lessor_org_id)`,
    ),
  );

  // Coupons.
  report(
    'coupon.ownShop',
    await all(
      `SELECT o.id AS order_id, o.number, o.seller_org_id, r.id AS received_id, r.coupon_id, c.org_id AS coupon_org
         FROM shop_orders o JOIN coupon_receipts r ON r.id = o.coupon_receipt_id JOIN coupons c ON c.id = r.coupon_id
        WHERE c.org_id <> o.seller_org_id OR r.org_id <> o.seller_org_id`,
    ),
  );
  report('coupon.withinLimits', [
    ...(await all(
      `SELECT 'perUser' AS what, r.coupon_id, r.holder_id, count(*) AS held, c.per_user_limit
         FROM coupon_receipts r JOIN coupons c ON c.id = r.coupon_id
        GROUP BY r.coupon_id, r.holder_id, c.per_user_limit HAVING count(*) > c.per_user_limit`,
    )),
    ...(await all(
      `SELECT 'total' AS what, c.id AS coupon_id, c.total, c.remaining, count(r.id) AS received
         FROM coupons c LEFT JOIN coupon_receipts r ON r.coupon_id = c.id
        GROUP BY c.id, c.total, c.remaining
        HAVING count(r.id) > c.total OR c.remaining <> c.total - count(r.id) OR c.remaining < 0`,
    )),
    ...(await all(
      `SELECT 'use' AS what, r.id AS received_id, r.coupon_id, o.id AS order_id, o.buyer_id, r.holder_id, r.used_at,
              r.expires_at, o.created_at, o.amount_cents, o.discount_cents, c.min_spend_cents, c.category, o.category AS order_category,
              (SELECT count(*) FROM shop_orders x WHERE x.coupon_receipt_id = r.id) AS orders
         FROM shop_orders o JOIN coupon_receipts r ON r.id = o.coupon_receipt_id JOIN coupons c ON c.id = r.coupon_id
        WHERE o.buyer_id <> r.holder_id OR r.used_at IS NULL OR r.used_at >= r.expires_at
           OR o.amount_cents < c.min_spend_cents OR o.discount_cents > o.amount_cents OR o.discount_cents < 0
           OR (c.category <> 'all' AND c.category <> o.category)
           OR (SELECT count(*) FROM shop_orders x WHERE x.coupon_receipt_id = r.id) > 1`,
    )),
  ]);

  // Automatic approval.
  report(
    'approval.autoAtListPrice',
    await all(
      `SELECT c.id AS contract_id, c.number, c.kind, r.real_name_state, l.id AS line, coalesce(d.model_id, l.model_id) AS model_id,
              l.business_model, l.day_cents, l.month_cents, p.day_cents AS list_day, p.month_cents AS list_month
         FROM contracts c
         JOIN renters r ON r.org_id = c.renter_org_id
         JOIN contract_lines l ON l.contract_id = c.id
         LEFT JOIN devices d ON d.id = l.device_id
         LEFT JOIN lease_prices p ON p.org_id = c.lessor_org_id AND p.model_id = coalesce(d.model_id, l.model_id)
                                 AND p.business_model = l.business_model
        WHERE c.approval_rule_id IS NOT NULL AND coalesce(l.change_op, 'add') <> 'remove'
          -- What the rule approved: a contract's own lines (a change in force adds lines from its day, approved
          -- with the change), a change's own lines.
          AND (c.kind = 'change' OR l.from_on IS NULL)
          AND (r.real_name_state <> 'verified'
               OR (p.day_cents IS NOT NULL AND l.day_cents IS NOT NULL AND l.day_cents < p.day_cents)
               OR (p.month_cents IS NOT NULL AND l.month_cents IS NOT NULL AND l.month_cents < p.month_cents))`,
    ),
  );
  // Overtime from measured hours (decision 070).
  const overtime = (await all(
    `SELECT o.id, o.bill_id, o.from_on, o.to_on, o.allowance_tenths, o.measured_tenths, o.computed_tenths,
            o.hours_tenths, o.price_cents, o.amount_cents, l.business_model, l.allowance_tenths AS line_allowance,
            l.overtime_cents AS line_price,
            (SELECT count(*) FROM overtime_adjustments a WHERE a.overtime_id = o.id) AS adjusted
       FROM bill_overtime o JOIN contract_lines l ON l.id = o.line_id`,
  )) as {
    id: number;
    from_on: string;
    to_on: string;
    allowance_tenths: number;
    measured_tenths: number | null;
    computed_tenths: number;
    hours_tenths: number;
    price_cents: number;
    amount_cents: number;
    business_model: number;
    line_allowance: number | null;
    line_price: number | null;
    adjusted: number;
  }[];
  report(
    'overtime.fromMeasured',
    overtime.filter((o) => {
      const allowance =
        o.line_allowance === null
          ? null
          : proratedAllowanceTenths(o.business_model, o.line_allowance, o.from_on, o.to_on);
      const computed = o.measured_tenths === null ? 0 : Math.max(0, o.measured_tenths - o.allowance_tenths);
      return (
        allowance !== o.allowance_tenths ||
        o.price_cents !== o.line_price ||
        o.computed_tenths !== computed ||
        (o.adjusted === 0 && o.hours_tenths !== computed) ||
        o.amount_cents !== overtimeAmountCents(o.hours_tenths, o.price_cents)
      );
    }),
  );
  report(
    'bill.addsUp',
    await all(
      `SELECT * FROM (
         SELECT b.id, b.number, b.amount_cents,
                (SELECT coalesce(sum(l.amount_cents), 0) FROM bill_lines l WHERE l.bill_id = b.id) AS lines,
                (SELECT coalesce(sum(o.amount_cents), 0) FROM bill_overtime o WHERE o.bill_id = b.id) AS overtime,
                (SELECT coalesce(sum(c.amount_cents), 0) FROM charges c WHERE c.bill_id = b.id) AS charged,
                (SELECT coalesce(sum(n.amount_cents), 0) FROM credit_notes n WHERE n.bill_id = b.id) AS credited
           FROM bills b WHERE b.kind <> 'opening' AND b.state <> 'void') f
        WHERE amount_cents <> lines + overtime + charged - credited`,
    ),
  );
  // Reservations (decision 069).
  report(
    'hold.namedOnce',
    await all(
      `WITH spans AS (
         SELECT device_id, 'reservation ' || id AS what, coalesce(contract_id, -quote_id) AS holder, start_on, end_on
           FROM reservations WHERE state = 'held' AND device_id IS NOT NULL
         UNION ALL
         SELECT device_id, 'period ' || id, contract_id, start_on, coalesce(end_on, planned_end_on) FROM lease_periods
         UNION ALL
         SELECT l.device_id, 'line ' || l.id, coalesce(c.change_of, c.id), coalesce(l.from_on, c.start_on), c.end_on
           FROM contract_lines l JOIN contracts c ON c.id = l.contract_id
          WHERE l.device_id IS NOT NULL AND l.until_on IS NULL AND c.kind = 'contract' AND c.status IN (1, 3, 5, 6, 7))
       SELECT a.device_id, a.what, a.holder, a.start_on, a.end_on, b.what AS other, b.holder AS other_holder,
              b.start_on AS other_start, b.end_on AS other_end
         FROM spans a JOIN spans b ON b.device_id = a.device_id AND a.what LIKE 'reservation %' AND b.what <> a.what
        WHERE a.holder IS DISTINCT FROM b.holder AND a.start_on <= b.end_on AND b.start_on <= a.end_on
          AND (b.what NOT LIKE 'reservation %' OR a.what < b.what)`,
    ),
  );
  report('hold.modelFree', await modelShortfalls(all));
  report(
    'quote.acceptedLinked',
    await all(
      `SELECT q.id AS quote, q.number, q.state, q.contract_id, q.renter_org_id, c.renter_org_id AS contract_renter,
              c.store_id AS contract_store, c.start_on AS contract_start, c.end_on AS contract_end,
              (SELECT count(*) FROM quotes o WHERE o.contract_id = q.contract_id) AS linking
         FROM quotes q LEFT JOIN contracts c ON c.id = q.contract_id
        WHERE (q.state = 'accepted' AND (c.id IS NULL OR c.renter_org_id IS DISTINCT FROM q.renter_org_id
                 OR c.store_id <> q.store_id
                 OR ((c.start_on <> q.start_on OR c.end_on <> q.end_on) AND NOT EXISTS (
                       SELECT 1 FROM contract_events e WHERE e.contract_id = c.id AND e.action = 'reschedule'))
                 OR c.lessor_org_id <> q.org_id
                 OR (SELECT count(*) FROM quotes o WHERE o.contract_id = q.contract_id) <> 1))
           OR (q.state <> 'accepted' AND q.contract_id IS NOT NULL)`,
    ),
  );
  report(
    'hold.releasedGone',
    await all(
      `SELECT r.id AS reservation, r.state, r.end_reason, r.ended_at, r.quote_id, q.state AS quote_state,
              r.contract_id, c.status AS contract_status
         FROM reservations r LEFT JOIN quotes q ON q.id = r.quote_id LEFT JOIN contracts c ON c.id = r.contract_id
        WHERE (r.state = 'held' AND r.contract_id IS NULL AND q.state NOT IN ('draft', 'sent'))
           OR (r.state = 'held' AND r.contract_id IS NOT NULL AND c.status IN (8, 9, 10))
           OR (r.state <> 'held' AND (r.end_reason = '' OR r.ended_at IS NULL))
           OR (r.state = 'consumed' AND r.end_reason <> 'delivered')`,
    ),
  );
  report(
    'hold.namedByLine',
    await all(
      `SELECT r.id AS reservation, r.contract_id, r.device_id, r.start_on, r.end_on
         FROM reservations r
        WHERE r.state = 'held' AND r.contract_id IS NOT NULL AND r.device_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM contract_lines l
                           WHERE l.device_id = r.device_id
                             AND (l.contract_id = r.contract_id
                                  OR l.contract_id = (SELECT c.change_of FROM contracts c WHERE c.id = r.contract_id))
                             AND (l.until_on IS NULL OR l.until_on >= r.end_on))`,
    ),
  );
  for (const [name, rows] of await depositViolations(all)) report(name, rows);
  for (const [name, rows] of await chargeViolations(all)) report(name, rows);
  for (const [name, rows] of await onlineViolations(all, ctx.provider, (s, range) =>
    subleaseCostCents(s as unknown as SubleaseTerms, range),
  ))
    report(name, rows);
  return violations;
}

/**
 * Each store's model, each day a held count of it covers: the days its free count is below zero, with the figures.
 * Machines out on an open lease period count as busy to its planned end.
 */
async function modelShortfalls(all: All) {
  const counts = (await all(
    `SELECT store_id, model_id, count, start_on, end_on FROM reservations
      WHERE state = 'held' AND device_id IS NULL AND model_id IS NOT NULL`,
  )) as { store_id: number; model_id: number; count: number; start_on: string; end_on: string }[];
  const groups = new Map<string, typeof counts>();
  for (const c of counts) {
    const key = `${c.store_id}:${c.model_id}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const short: unknown[] = [];
  for (const rows of groups.values()) {
    const { store_id: storeId, model_id: modelId } = rows[0]!;
    const fleet = (
      (await all(
        `SELECT d.id FROM devices d JOIN store_devices sd ON sd.device_id = d.id
          JOIN stores s ON s.id = sd.store_id WHERE sd.store_id = ? AND d.model_id = ? AND d.org_id = s.org_id`,
        storeId,
        modelId,
      )) as { id: number }[]
    ).map((r) => r.id);
    const busy = fleet.length
      ? ((await all(
          `SELECT device_id, start_on, end_on FROM reservations
            WHERE state = 'held' AND device_id IN (${fleet.join(',')})
           UNION ALL
           SELECT device_id, start_on, coalesce(end_on, planned_end_on) FROM lease_periods
            WHERE device_id IN (${fleet.join(',')})
           UNION ALL
           SELECT l.device_id, coalesce(l.from_on, c.start_on), c.end_on
             FROM contract_lines l JOIN contracts c ON c.id = l.contract_id
            WHERE l.device_id IN (${fleet.join(',')}) AND l.until_on IS NULL AND c.kind = 'contract'
              AND c.status IN (1, 3, 5, 6, 7)`,
        )) as { device_id: number; start_on: string; end_on: string }[])
      : [];
    const days = new Set<string>();
    for (const r of rows) for (let d = r.start_on; d <= r.end_on; d = addDays(d, 1)) days.add(d);
    for (const day of [...days].sort()) {
      const out = new Set(busy.filter((b) => b.start_on <= day && day <= b.end_on).map((b) => b.device_id)).size;
      const held = rows.filter((r) => r.start_on <= day && day <= r.end_on).reduce((n, r) => n + r.count, 0);
      if (fleet.length - out - held < 0) {
        short.push({ storeId, modelId, day, fleet: fleet.length, busy: out, heldCounts: held });
        break;
      }
    }
  }
  return short;
}
