import fc from 'fast-check';
import { addDays } from '@console/contract/codes/lease-billing';
import { depositEndpoints } from '@console/contract/http/deposits';
import type { Model } from './commands.ts';
import { LESSOR_KEYS, type Lessor, type LessorKey, type Person, type World } from './world.ts';
import { Move } from './move.ts';

/**
 * Deposits in the model-based lease test (decision 073): receipts for a contract's deposit, and at the end of the
 * contract part of what is held applied to one of its bills or refunded, by the people who may and those who may
 * not, for amounts within and beyond what is allowed. Contracts ask for a deposit one time in three (commands.ts).
 * deposit-invariants.ts holds the money together after every step.
 */

interface DepositAt {
  id: number;
  contract_id: number;
  lessor_org_id: number;
  amount_cents: number;
  received_cents: number;
  applied_cents: number;
  refunded_cents: number;
}

const lessorOfOrg = (w: World, orgId: number): Lessor =>
  LESSOR_KEYS.map((k: LessorKey) => w.lessors[k]).find((l) => l.orgId === orgId)!;

/** Who acts: a writer of the deposit's lessor, the operator's finance, or one who may not (its salesperson). */
type By = 'admin' | 'staff' | 'finance' | 'sales';
const personFor = (w: World, l: Lessor, by: By): Person =>
  by === 'finance' ? w.operator.finance : by === 'sales' ? l.sales : by === 'admin' ? (l.admin ?? l.staff) : l.staff;

/** A deposit of the business (the seed's as well as the run's), by position among those matching. */
async function pickDeposit(w: World, where: string, n: number): Promise<DepositAt | undefined> {
  const rows = await w.sql<DepositAt>(
    `SELECT d.id, d.contract_id, d.lessor_org_id, d.amount_cents, d.received_cents, d.applied_cents, d.refunded_cents
       FROM deposits d JOIN contracts c ON c.id = d.contract_id WHERE ${where} ORDER BY d.id`,
  );
  return rows.length === 0 ? undefined : rows[n % rows.length];
}

const held = (d: DepositAt) => d.received_cents - d.applied_cents - d.refunded_cents;

/** Money received for a deposit still outstanding: all of it, half, or one cent more than is outstanding. */
export class ReceiveDeposit extends Move {
  readonly name = 'receiveDeposit';
  constructor(
    readonly params: { pick: number; amount: 'outstanding' | 'half' | 'over'; by: By; day: 'today' | 'tomorrow' },
  ) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const p = this.params;
    const d = await pickDeposit(
      w,
      'd.received_cents < d.amount_cents AND d.applied_cents + d.refunded_cents = 0',
      p.pick,
    );
    if (!d) return w.log('  (no deposit to receive)');
    const l = lessorOfOrg(w, d.lessor_org_id);
    const outstanding = d.amount_cents - d.received_cents;
    const amountCents = { outstanding, half: Math.max(1, Math.floor(outstanding / 2)), over: outstanding + 1 }[
      p.amount
    ];
    const today = await w.today(l);
    await w.api(depositEndpoints.receive, personFor(w, l, p.by), {
      body: {
        depositId: d.id,
        amountCents,
        method: 'transfer',
        receivedOn: p.day === 'today' ? today : addDays(today, 1),
        reference: `YJ-MODEL-${d.id}`,
        note: '',
      },
    });
  }
}

/** Part of what a deposit holds paid to an open bill of its contract: what the bill owes, half, or beyond. */
export class ApplyDeposit extends Move {
  readonly name = 'applyDeposit';
  constructor(
    readonly params: {
      pick: number;
      bill: number;
      amount: 'fit' | 'half' | 'overOwed' | 'overHeld';
      by: By;
      ended: boolean;
    },
  ) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const p = this.params;
    // Mostly a deposit of an ended contract (what may be settled), now and then one still running (refused).
    const d = await pickDeposit(
      w,
      `d.received_cents - d.applied_cents - d.refunded_cents > 0 AND c.status ${p.ended ? 'IN (8, 9)' : '= 7'}`,
      p.pick,
    );
    if (!d) return w.log('  (no deposit holding money)');
    const l = lessorOfOrg(w, d.lessor_org_id);
    const bills = await w.sql<{ id: number; owed: number }>(
      `SELECT id, amount_cents - paid_cents AS owed FROM bills
        WHERE contract_id = ? AND state IN ('open', 'partlyPaid') ORDER BY id`,
      d.contract_id,
    );
    const bill = bills.length === 0 ? undefined : bills[p.bill % bills.length];
    if (!bill) return w.log('  (no open bill of the deposit’s contract)');
    const fit = Math.min(held(d), bill.owed);
    const amountCents = {
      fit,
      half: Math.max(1, Math.floor(fit / 2)),
      overOwed: bill.owed + 1,
      overHeld: held(d) + 1,
    }[p.amount];
    await w.api(depositEndpoints.apply, personFor(w, l, p.by), {
      body: { depositId: d.id, billId: bill.id, amountCents, reason: 'damage', note: '模型测试' },
    });
  }
}

/** Part of what a deposit holds paid back: all of it, half, or one cent more. */
export class RefundDeposit extends Move {
  readonly name = 'refundDeposit';
  constructor(readonly params: { pick: number; amount: 'held' | 'half' | 'over'; by: By; ended: boolean }) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const p = this.params;
    // Mostly a deposit of an ended contract (what may be settled), now and then one still running (refused).
    const d = await pickDeposit(
      w,
      `d.received_cents - d.applied_cents - d.refunded_cents > 0 AND c.status ${p.ended ? 'IN (8, 9)' : '= 7'}`,
      p.pick,
    );
    if (!d) return w.log('  (no deposit holding money)');
    const l = lessorOfOrg(w, d.lessor_org_id);
    const amountCents = { held: held(d), half: Math.max(1, Math.floor(held(d) / 2)), over: held(d) + 1 }[p.amount];
    await w.api(depositEndpoints.refund, personFor(w, l, p.by), {
      body: {
        depositId: d.id,
        amountCents,
        method: 'transfer',
        refundedOn: await w.today(l),
        reference: '',
        reason: 'cleaning',
        note: '',
      },
    });
  }
}

/** The deposit moves, with their weights, for the model's command list. */
export function depositCommands(
  idx: fc.Arbitrary<number>,
): { arbitrary: fc.Arbitrary<fc.AsyncCommand<Model, World>>; weight: number }[] {
  const by = fc.constantFrom<By>('admin', 'staff', 'staff', 'finance', 'sales');
  return [
    {
      weight: 3,
      arbitrary: fc
        .record({
          pick: idx,
          amount: fc.constantFrom<'outstanding' | 'half' | 'over'>('outstanding', 'outstanding', 'half', 'over'),
          by,
          day: fc.constantFrom<'today' | 'tomorrow'>('today', 'today', 'tomorrow'),
        })
        .map((p) => new ReceiveDeposit(p)),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          pick: idx,
          bill: idx,
          amount: fc.constantFrom<'fit' | 'half' | 'overOwed' | 'overHeld'>(
            'fit',
            'half',
            'half',
            'overOwed',
            'overHeld',
          ),
          by,
          ended: fc.constantFrom(true, true, true, false),
        })
        .map((p) => new ApplyDeposit(p)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          pick: idx,
          amount: fc.constantFrom<'held' | 'half' | 'over'>('held', 'half', 'over'),
          by,
          ended: fc.constantFrom(true, true, true, false),
        })
        .map((p) => new RefundDeposit(p)),
    },
  ];
}
