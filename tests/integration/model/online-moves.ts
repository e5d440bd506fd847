import fc from 'fast-check';
import { PAYMENT_TIMEOUT_MS } from '@console/contract/codes/shop-orders';
import { onlinePaymentEndpoints } from '@console/contract/http/online-payments';
import { payableEndpoints } from '@console/contract/http/payables';
import { handoverNoteEndpoints } from '@console/contract/http/handover-notes';
import { uploadEndpoints } from '@console/contract/http/uploads';
import { issuePayables } from '@console/server/src/payables/issue';
import type { Model } from './commands.ts';
import { LESSOR_KEYS, type Lessor, type LessorKey, type Person, type RenterKind, type World } from './world.ts';
import { Move } from './move.ts';

/**
 * Renters paying online (decision 077) and sub-lessor payables (decision 079) in the model-based lease test: a
 * renter's user pays some of its bills, or a deposit, at the simulated provider, in full or in part; the provider
 * refuses it, or the payer cancels, or nobody pays until it is closed here and the money arrives after (late money,
 * refunded); the payables pass issues months as the clock passes, the company pays them (and voids payments and
 * payables), by people who may and who may not. online-invariants.ts holds the money together after every step.
 */

type Outcome = 'pay' | 'refuse' | 'cancel' | 'late' | 'leave';

/** A renter's user pays its oldest open bills (one or two) or a deposit it owes, all or half, then what happens. */
export class PayOnline extends Move {
  readonly name = 'payOnline';
  constructor(
    readonly params: {
      lessor: LessorKey;
      renter: RenterKind;
      what: 'bill' | 'bills' | 'deposit';
      amount: 'all' | 'half' | 'over';
      outcome: Outcome;
    },
  ) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const p = this.params;
    const l = w.lessors[p.lessor];
    const renter = l.renters[p.renter];
    const payer = renter.users[0];
    if (!payer) return w.log('  (the renter has no user)');
    let body: { billIds: number[]; depositId?: number; amountCents?: number };
    let owed: number;
    if (p.what === 'deposit') {
      const d = await w.row<{ id: number; owed: number }>(
        `SELECT id, amount_cents - received_cents AS owed FROM deposits
          WHERE renter_org_id = ? AND lessor_org_id = ? AND state IN ('requested', 'partlyReceived') ORDER BY id`,
        renter.orgId,
        l.orgId,
      );
      if (!d) return w.log('  (no deposit to pay)');
      body = { billIds: [], depositId: d.id };
      owed = d.owed;
    } else {
      const bills = await w.sql<{ id: number; owed: number }>(
        `SELECT id, amount_cents - paid_cents AS owed FROM bills
          WHERE renter_org_id = ? AND lessor_org_id = ? AND state IN ('open', 'partlyPaid') ORDER BY due_on, id LIMIT ?`,
        renter.orgId,
        l.orgId,
        p.what === 'bills' ? 2 : 1,
      );
      if (bills.length === 0) return w.log('  (no open bill to pay)');
      body = { billIds: bills.map((b) => b.id) };
      owed = bills.reduce((s, b) => s + b.owed, 0);
    }
    if (p.amount !== 'all') body.amountCents = p.amount === 'half' ? Math.max(1, Math.floor(owed / 2)) : owed + 1;
    const opened = await w.api(onlinePaymentEndpoints.create, payer, { body });
    if (!opened.ok) return;
    const paygate = w.outside.paygate;
    const providerId = opened.data.payUrl.split('/pay/')[1]!.split('?')[0]!;
    const payment = paygate.payments.get(providerId)!;
    const id = opened.data.payment.id;
    w.log(`  (the provider's payment ${providerId}; the payer ${p.outcome === 'leave' ? 'leaves it' : p.outcome}s)`);
    if (p.outcome === 'refuse') paygate.steering.refuseNext = true;
    if (p.outcome === 'pay' || p.outcome === 'refuse') paygate.act(payment, 'pay', w.now());
    else if (p.outcome === 'cancel') paygate.act(payment, 'cancel', w.now());
    else if (p.outcome === 'late') {
      // Nobody pays within its time: checked past it, it is closed here and at the provider; then the money arrives.
      w.advance(PAYMENT_TIMEOUT_MS + 60_000);
      await w.api(onlinePaymentEndpoints.check, payer, { body: { id } });
      await w.paygateSettled();
      paygate.payLate(payment, w.now());
    }
    await w.paygateSettled();
    const state = (await w.row<{ state: string }>(`SELECT state FROM online_payments WHERE id = ?`, id))?.state;
    w.log(`    (payment ${id} is ${state}; at the provider ${payment.state})`);
  }
}

/** Someone checks a payment still charging (the renter's user, or the company's staff), as the minute's sweep does. */
export class CheckOnline extends Move {
  readonly name = 'checkOnline';
  constructor(readonly params: { pick: number; late: boolean; by: 'renter' | 'staff' }) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const rows = await w.sql<{ id: number; renter_org_id: number; lessor_org_id: number }>(
      `SELECT id, renter_org_id, lessor_org_id FROM online_payments WHERE state = 'charging' ORDER BY id`,
    );
    const row = rows.length === 0 ? undefined : rows[this.params.pick % rows.length];
    if (!row) return w.log('  (no payment charging)');
    const l = LESSOR_KEYS.map((k) => w.lessors[k]).find((x) => x.orgId === row.lessor_org_id)!;
    const renter = Object.values(l.renters).find((r) => r.orgId === row.renter_org_id);
    const who: Person | undefined = this.params.by === 'staff' ? l.staff : renter?.users[0];
    if (!who) return w.log('  (nobody to check it)');
    if (this.params.late) w.advance(PAYMENT_TIMEOUT_MS + 60_000);
    await w.api(onlinePaymentEndpoints.check, who, { body: { id: row.id } });
    await w.paygateSettled();
  }
}

// ------------------------------------------------------------------------------------------------ payables

/** The payables scheduler's pass on the server's clock (run by Advance with the schedulers, and on its own). */
export async function payablePass(w: World) {
  w.log("  issuePayables(db, now): the payables scheduler's pass");
  try {
    w.log(`    → ${JSON.stringify(await issuePayables(w.t.dbh.db, w.now()))}`);
  } catch (error) {
    w.systemError('payables pass', `the payables pass threw: ${(error as Error).stack}`);
  }
}

export class PayablePass extends Move {
  readonly name = 'payablePass';
  readonly params = {};
  protected async act(_m: Model, w: World) {
    await payablePass(w);
  }
}

type PayableBy = 'admin' | 'staff' | 'finance' | 'sales' | 'otherLessor';
const payableWriter = (w: World, l: Lessor, by: PayableBy): Person =>
  by === 'finance'
    ? w.operator.finance
    : by === 'sales'
      ? l.sales
      : by === 'otherLessor'
        ? w.lessors[LESSOR_KEYS.find((k) => w.lessors[k].orgId !== l.orgId)!].staff
        : by === 'admin'
          ? (l.admin ?? l.staff)
          : l.staff;

const pickPayable = async (w: World, where: string, n: number) => {
  const rows = await w.sql<{ id: number; org_id: number; owed: number }>(
    `SELECT id, org_id, amount_cents - paid_cents AS owed FROM payables WHERE ${where} ORDER BY id`,
  );
  return rows.length === 0 ? undefined : rows[n % rows.length];
};
const lessorOfOrg = (w: World, orgId: number) => LESSOR_KEYS.map((k) => w.lessors[k]).find((l) => l.orgId === orgId);

/** A payment against an open or part-paid payable: what it owes, half, or a cent more. */
export class PayPayable extends Move {
  readonly name = 'payPayable';
  constructor(readonly params: { pick: number; amount: 'owed' | 'half' | 'over'; by: PayableBy }) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const y = await pickPayable(w, `state IN ('open', 'partlyPaid')`, this.params.pick);
    if (!y) return w.log('  (no payable to pay)');
    const l = lessorOfOrg(w, y.org_id);
    if (!l) return w.log('  (a payable of a company outside the model)');
    const amountCents = { owed: y.owed, half: Math.max(1, Math.floor(y.owed / 2)), over: y.owed + 1 }[
      this.params.amount
    ];
    await w.api(payableEndpoints.pay, payableWriter(w, l, this.params.by), {
      body: { payableId: y.id, amountCents, paidOn: await w.today(l), method: 'transfer', reference: '', note: '' },
    });
  }
}

/** A live payment voided with a reason (its money owed again), or a payable voided (refused while paid on). */
export class VoidPayable extends Move {
  readonly name = 'voidPayable';
  constructor(readonly params: { pick: number; what: 'payment' | 'payable'; by: PayableBy }) {
    super();
  }
  protected async act(_m: Model, w: World) {
    if (this.params.what === 'payment') {
      const rows = await w.sql<{ id: number; org_id: number }>(
        `SELECT m.id, y.org_id FROM payable_payments m JOIN payables y ON y.id = m.payable_id
          WHERE m.state = 'live' ORDER BY m.id`,
      );
      const m = rows.length === 0 ? undefined : rows[this.params.pick % rows.length];
      if (!m) return w.log('  (no live payment)');
      const l = lessorOfOrg(w, m.org_id);
      if (!l) return w.log('  (a payment of a company outside the model)');
      await w.api(payableEndpoints.voidPayment, payableWriter(w, l, this.params.by), {
        body: { paymentId: m.id, reason: '金额有误' },
      });
      return;
    }
    const y = await pickPayable(w, `state IN ('open', 'partlyPaid')`, this.params.pick);
    if (!y) return w.log('  (no payable to void)');
    const l = lessorOfOrg(w, y.org_id);
    if (!l) return w.log('  (a payable of a company outside the model)');
    await w.api(payableEndpoints.void, payableWriter(w, l, this.params.by), {
      body: { payableId: y.id, reason: '转租方免收' },
    });
  }
}

/** The online payment and payables moves, with their weights, for the model's command list. */
export function onlineCommands(
  idx: fc.Arbitrary<number>,
): { arbitrary: fc.Arbitrary<fc.AsyncCommand<Model, World>>; weight: number }[] {
  const by = fc.constantFrom<PayableBy>('admin', 'staff', 'staff', 'finance', 'sales', 'otherLessor');
  return [
    {
      weight: 3,
      arbitrary: fc
        .record({
          lessor: fc.constantFrom<LessorKey>(...LESSOR_KEYS),
          renter: fc.constantFrom<RenterKind>('clear', 'arrears', 'arrears', 'pending'),
          what: fc.constantFrom<'bill' | 'bills' | 'deposit'>('bill', 'bill', 'bills', 'deposit'),
          amount: fc.constantFrom<'all' | 'half' | 'over'>('all', 'all', 'half', 'over'),
          outcome: fc.constantFrom<Outcome>('pay', 'pay', 'pay', 'refuse', 'cancel', 'late', 'leave'),
        })
        .map((p) => new PayOnline(p)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ pick: idx, late: fc.boolean(), by: fc.constantFrom<'renter' | 'staff'>('renter', 'staff') })
        .map((p) => new CheckOnline(p)),
    },
    { weight: 1, arbitrary: fc.constant(null).map(() => new PayablePass()) },
    ...handoverNoteCommands(idx),
    {
      weight: 2,
      arbitrary: fc
        .record({ pick: idx, amount: fc.constantFrom<'owed' | 'half' | 'over'>('owed', 'half', 'over'), by })
        .map((p) => new PayPayable(p)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ pick: idx, what: fc.constantFrom<'payment' | 'payable'>('payment', 'payable'), by })
        .map((p) => new VoidPayable(p)),
    },
  ];
}

// ------------------------------------------------------------------------------------------------ handover notes

/** A scan of a note signed on paper, as the desk uploads it. */
const SCAN = new Uint8Array([...Buffer.from('%PDF-1.7\n% model test signed note\n'), ...new Array(64).fill(32)]);

/**
 * A handover note for a confirmed handover (a delivery's, or a return's with a damage finding on its first machine),
 * made by the company's staff (or its salesperson, refused), then signed on paper with the scan uploaded: a return
 * note's findings become damage charges then, billed on the contract's next bill.
 */
export class HandoverNote extends Move {
  readonly name = 'handoverNote';
  constructor(
    readonly params: { pick: number; kind: 'entry' | 'exit'; by: 'staff' | 'admin' | 'sales'; sign: boolean },
  ) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const p = this.params;
    const rows = await w.sql<{ id: number; org_id: number }>(
      `SELECT h.id, h.org_id FROM lease_handovers h
        WHERE h.kind = ? AND h.state = 'confirmed'
          AND NOT EXISTS (SELECT 1 FROM handover_notes n WHERE n.handover_id = h.id) ORDER BY h.id`,
      p.kind,
    );
    const h = rows.length === 0 ? undefined : rows[p.pick % rows.length];
    if (!h) return w.log('  (no confirmed handover without a note)');
    const l = lessorOfOrg(w, h.org_id);
    if (!l) return w.log('  (a handover of a company outside the model)');
    const who = p.by === 'sales' ? l.sales : p.by === 'admin' ? (l.admin ?? l.staff) : l.staff;
    const machines = (
      await w.sql<{ device_id: number }>(
        `SELECT device_id FROM lease_handover_machines WHERE handover_id = ? ORDER BY id`,
        h.id,
      )
    ).map((m) => m.device_id);
    const made = await w.api(handoverNoteEndpoints.create, who, {
      body: {
        handoverId: h.id,
        lessorName: '王师傅',
        renterName: '李工',
        remark: '',
        machines: machines.map((deviceId) => ({ deviceId, checklist: [], photos: [] })),
        findings:
          p.kind === 'exit' && machines[0] !== undefined
            ? [{ deviceId: machines[0], description: '右侧护栏变形', amountCents: 80_000, photos: [] }]
            : [],
      },
    });
    if (!made.ok || !p.sign) return;
    const scan = await w.form(uploadEndpoints.upload, who, { kind: 'pdf' }, { bytes: SCAN, name: 'signed.pdf' });
    if (!scan.ok) return;
    await w.api(handoverNoteEndpoints.paper, who, {
      body: {
        id: made.data.id,
        scanUrl: (scan.data as { url: string }).url,
        lessorSigner: '王师傅',
        renterSigner: '李工',
      },
    });
  }
}

export function handoverNoteCommands(
  idx: fc.Arbitrary<number>,
): { arbitrary: fc.Arbitrary<fc.AsyncCommand<Model, World>>; weight: number }[] {
  return [
    {
      weight: 2,
      arbitrary: fc
        .record({
          pick: idx,
          kind: fc.constantFrom<'entry' | 'exit'>('entry', 'exit', 'exit'),
          by: fc.constantFrom<'staff' | 'admin' | 'sales'>('staff', 'staff', 'admin', 'sales'),
          sign: fc.constantFrom(true, true, true, false),
        })
        .map((p) => new HandoverNote(p)),
    },
  ];
}
