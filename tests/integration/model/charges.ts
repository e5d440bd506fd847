import fc from 'fast-check';
import { CHARGE_KINDS, type ChargeKind } from '@console/contract/codes/charges';
import { chargeEndpoints } from '@console/contract/http/charges';
import type { Model } from './commands.ts';
import { LESSOR_KEYS, type Lessor, type LessorKey, type Person, type World } from './world.ts';
import { Move } from './move.ts';

/**
 * Charges beyond rent and credit notes in the model-based lease test (decision 074): charges added to contracts of
 * the business (the seed's as well as the run's) priced from the list or entered, billed on the next bill or at
 * once; cancelled or billed at once while pending and refused after; credit notes within and beyond what a bill still
 * asks, by those who may and those who may not. charge-invariants.ts holds the money together after every step.
 */

const lessorOfOrg = (w: World, orgId: number): Lessor | undefined =>
  LESSOR_KEYS.map((k: LessorKey) => w.lessors[k]).find((l) => l.orgId === orgId);

type By = 'admin' | 'staff' | 'sales' | 'finance';
const personFor = (w: World, l: Lessor, by: By): Person =>
  by === 'finance' ? w.operator.finance : by === 'sales' ? l.sales : by === 'admin' ? (l.admin ?? l.staff) : l.staff;

/** The price list entries a run made, per lessor (made on first use by the lessor's administrator). */
const priceLists = new WeakMap<World, Map<number, { fixed: number; banded: number }>>();

async function priceListOf(w: World, l: Lessor): Promise<{ fixed: number; banded: number } | undefined> {
  if (!l.admin) return undefined;
  const lists = priceLists.get(w) ?? new Map<number, { fixed: number; banded: number }>();
  priceLists.set(w, lists);
  if (!lists.has(l.orgId)) {
    const fixed = await w.api(chargeEndpoints.priceSave, l.admin, {
      body: { kind: 'cleaning', name: '清洁费', pricing: 'fixed', cents: 15_000 },
    });
    const banded = await w.api(chargeEndpoints.priceSave, l.admin, {
      body: {
        kind: 'delivery',
        name: '送机费',
        pricing: 'distance',
        bands: [
          { uptoKm: 10, cents: 20_000 },
          { uptoKm: 30, cents: 45_000 },
        ],
      },
    });
    if (!fixed.ok || !banded.ok) return undefined;
    lists.set(l.orgId, { fixed: fixed.data.id, banded: banded.data.id });
  }
  return lists.get(l.orgId);
}

/** A charge on a contract of the business: from the list (fixed or by distance) or entered; next bill or at once. */
export class AddCharge extends Move {
  readonly name = 'addCharge';
  constructor(
    readonly params: {
      pick: number;
      signed: boolean;
      how: 'fixed' | 'distance' | 'entered' | 'noReason';
      kind: ChargeKind;
      km: number;
      billing: 'next' | 'now';
      by: By;
    },
  ) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const p = this.params;
    const contracts = await w.sql<{ id: number; lessor_org_id: number }>(
      `SELECT id, lessor_org_id FROM contracts WHERE change_of IS NULL AND status ${p.signed ? 'IN (7, 8, 9)' : 'NOT IN (7, 8, 9)'}
        ORDER BY id`,
    );
    const c = contracts.length === 0 ? undefined : contracts[p.pick % contracts.length];
    if (!c) return w.log('  (no contract to charge)');
    const l = lessorOfOrg(w, c.lessor_org_id);
    if (!l) return w.log('  (a contract of a company outside the model)');
    const list = p.how === 'fixed' || p.how === 'distance' ? await priceListOf(w, l) : undefined;
    const body =
      list && p.how === 'fixed'
        ? { kind: 'cleaning' as const, priceId: list.fixed, quantity: 1 + (p.km % 3) }
        : list && p.how === 'distance'
          ? { kind: 'delivery' as const, priceId: list.banded, distanceKm: p.km }
          : { kind: p.kind, amountCents: 1_000 + p.km * 500, reason: p.how === 'noReason' ? '' : '现场加收' };
    await w.api(chargeEndpoints.create, personFor(w, l, p.by), {
      body: { contractId: c.id, billing: p.billing, ...body },
    });
  }
}

type ChargeAt = { id: number; org_id: number; state: string };
async function pickCharge(
  w: World,
  state: 'pending' | 'billed' | 'cancelled',
  n: number,
): Promise<ChargeAt | undefined> {
  // Of the model's companies (the seed charges the global brand's too, which the model does not act for).
  const ours = new Set(LESSOR_KEYS.map((k: LessorKey) => w.lessors[k].orgId));
  const rows = (
    await w.sql<ChargeAt>(`SELECT id, org_id, state FROM charges WHERE state = ? ORDER BY id`, state)
  ).filter((r) => ours.has(r.org_id));
  return rows.length === 0 ? undefined : rows[n % rows.length];
}

/** Cancel a charge: a pending one goes, a billed or cancelled one is refused. */
export class CancelCharge extends Move {
  readonly name = 'cancelCharge';
  constructor(readonly params: { pick: number; state: 'pending' | 'billed' | 'cancelled'; by: By }) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const c = await pickCharge(w, this.params.state, this.params.pick);
    if (!c) return w.log(`  (no ${this.params.state} charge)`);
    await w.api(chargeEndpoints.cancel, personFor(w, lessorOfOrg(w, c.org_id)!, this.params.by), {
      body: { id: c.id, reason: '客户已自行处理' },
    });
  }
}

/** Bill a charge at once: a pending one gets a bill of its own, a billed or cancelled one is refused. */
export class BillChargeNow extends Move {
  readonly name = 'billChargeNow';
  constructor(readonly params: { pick: number; state: 'pending' | 'billed' | 'cancelled'; by: By }) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const c = await pickCharge(w, this.params.state, this.params.pick);
    if (!c) return w.log(`  (no ${this.params.state} charge)`);
    await w.api(chargeEndpoints.billNow, personFor(w, lessorOfOrg(w, c.org_id)!, this.params.by), {
      body: { id: c.id },
    });
  }
}

/** A credit note on a bill of the business: what it still asks, half, one cent more, or on a void bill. */
export class CreditNote extends Move {
  readonly name = 'creditNote';
  constructor(
    readonly params: { pick: number; amount: 'remaining' | 'half' | 'over' | 'voidBill'; lines: number; by: By },
  ) {
    super();
  }
  protected async act(_m: Model, w: World) {
    const p = this.params;
    const bills = await w.sql<{ id: number; lessor_org_id: number; left: number }>(
      `SELECT id, lessor_org_id, amount_cents - paid_cents AS "left" FROM bills
        WHERE ${p.amount === 'voidBill' ? "state = 'void'" : "state IN ('open', 'partlyPaid')"} ORDER BY id`,
    );
    const bill = bills.length === 0 ? undefined : bills[p.pick % bills.length];
    if (!bill) return w.log('  (no bill to credit)');
    const l = lessorOfOrg(w, bill.lessor_org_id);
    if (!l) return w.log('  (a bill of a company outside the model)');
    const total = {
      remaining: bill.left,
      half: Math.max(1, Math.floor(bill.left / 2)),
      over: bill.left + 1,
      voidBill: 100,
    }[p.amount];
    const first = Math.max(1, Math.floor(total / p.lines));
    const lines = Array.from({ length: p.lines }, (_, i) => ({
      description: `更正 ${i + 1}`,
      amountCents: i === p.lines - 1 ? Math.max(1, total - first * (p.lines - 1)) : first,
    }));
    await w.api(chargeEndpoints.creditCreate, personFor(w, l, p.by), {
      body: { billId: bill.id, reason: '账单更正', lines },
    });
  }
}

export function chargeCommands(
  idx: fc.Arbitrary<number>,
): { arbitrary: fc.Arbitrary<fc.AsyncCommand<Model, World>>; weight: number }[] {
  const by = fc.constantFrom<By>('admin', 'staff', 'staff', 'sales', 'finance');
  const state = fc.constantFrom<'pending' | 'billed' | 'cancelled'>('pending', 'pending', 'billed', 'cancelled');
  return [
    {
      weight: 3,
      arbitrary: fc
        .record({
          pick: idx,
          signed: fc.constantFrom(true, true, true, false),
          how: fc.constantFrom<'fixed' | 'distance' | 'entered' | 'noReason'>(
            'fixed',
            'distance',
            'entered',
            'entered',
            'noReason',
          ),
          kind: fc.constantFrom(...CHARGE_KINDS),
          km: fc.integer({ min: 0, max: 40 }),
          billing: fc.constantFrom<'next' | 'now'>('next', 'next', 'now'),
          by,
        })
        .map((p) => new AddCharge(p)),
    },
    { weight: 1, arbitrary: fc.record({ pick: idx, state, by }).map((p) => new CancelCharge(p)) },
    { weight: 1, arbitrary: fc.record({ pick: idx, state, by }).map((p) => new BillChargeNow(p)) },
    {
      weight: 3,
      arbitrary: fc
        .record({
          pick: idx,
          amount: fc.constantFrom<'remaining' | 'half' | 'over' | 'voidBill'>(
            'remaining',
            'half',
            'half',
            'over',
            'voidBill',
          ),
          lines: fc.integer({ min: 1, max: 3 }),
          by: fc.constantFrom<By>('admin', 'admin', 'admin', 'staff', 'finance'),
        })
        .map((p) => new CreditNote(p)),
    },
  ];
}
