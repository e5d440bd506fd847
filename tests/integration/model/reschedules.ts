import fc from 'fast-check';
import { addDays } from '@console/contract/codes/lease-billing';
import { LEASE_RESCHEDULE, LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { availabilityEndpoints } from '@console/contract/http/availability';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { QUOTE_RESCHEDULE, type QuoteState } from '@console/contract/quotes/flow';
import type { Model } from './commands.ts';
import type { Lessor, LessorKey, Person, World } from './world.ts';
import { Move } from './move.ts';

/**
 * Moving days and giving contracts up in the model-based lease test (decisions 069 and 072 addenda): a quote (draft
 * or sent) or a contract not yet in review moves to other days, its holds with it or refused naming the holder; a
 * contract that will never be signed is cancelled and lets its machines go. Done by those who may and by those who
 * may not (a salesperson cancelling, a salesperson moving what others wrote). The invariants `hold.namedOnce` and
 * `hold.modelFree` hold after each, and `hold.releasedGone` counts a cancelled contract as ended.
 */

type By = 'author' | 'admin' | 'staff' | 'sales';

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];
const manager = (l: Lessor) => l.admin ?? l.staff;
const personFor = (l: Lessor, authorId: number, by: By): Person =>
  by === 'author'
    ? ([l.admin, l.sales, l.staff].find((p) => p?.id === authorId) ?? manager(l))
    : by === 'sales'
      ? l.sales
      : by === 'admin'
        ? manager(l)
        : l.staff;

/** The model's record statuses as the database has them after the move. */
async function refreshOne(m: Model, w: World, kind: 'quote' | 'contract', id: number) {
  if (kind === 'quote') {
    const q = m.quotes.find((x) => x.id === id)!;
    q.state = (await w.row<{ state: QuoteState }>(`SELECT state FROM quotes WHERE id = ?`, id))!.state;
    return;
  }
  const d = m.docs.find((x) => x.id === id)!;
  d.status = (await w.row<{ status: number }>(`SELECT status FROM contracts WHERE id = ?`, id))!.status;
}

const movableQuotes = (m: Readonly<Model>) => m.quotes.filter((q) => QUOTE_RESCHEDULE.from.includes(q.state));
const contractsIn = (m: Readonly<Model>, statuses: readonly number[]) =>
  m.docs.filter((d) => d.kind === 'contract' && statuses.includes(d.status));

/** A quote's days moved by `shift` days, `days` long. */
export class RescheduleQuote extends Move {
  readonly name = 'rescheduleQuote';
  constructor(readonly params: { pick: number; shift: number; days: number; by: By }) {
    super();
  }
  check = (m: Readonly<Model>) => movableQuotes(m).length > 0;
  protected async act(m: Model, w: World) {
    const q = pick(movableQuotes(m), this.params.pick)!;
    const l = w.lessors[q.lessor as LessorKey];
    const row = (await w.row<{ start_on: string }>(`SELECT start_on FROM quotes WHERE id = ?`, q.id))!;
    const startOn = addDays(row.start_on, this.params.shift);
    await w.api(availabilityEndpoints.reschedule, personFor(l, q.authorId, this.params.by), {
      body: { kind: 'quote', id: q.id, startOn, endOn: addDays(startOn, this.params.days - 1) },
    });
    await refreshOne(m, w, 'quote', q.id);
  }
}

/** A contract's days moved (only one not yet in review moves; the others are refused). */
export class RescheduleContract extends Move {
  readonly name = 'rescheduleContract';
  constructor(readonly params: { pick: number; shift: number; days: number; by: By; inReview: boolean }) {
    super();
  }
  private targets = (m: Readonly<Model>) =>
    contractsIn(m, this.params.inReview ? [LEASE_STATUS.pendingReview] : LEASE_RESCHEDULE.from);
  check = (m: Readonly<Model>) => this.targets(m).length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(this.targets(m), this.params.pick)!;
    const l = w.lessors[d.lessor];
    const row = (await w.row<{ start_on: string }>(`SELECT start_on FROM contracts WHERE id = ?`, d.id))!;
    const startOn = addDays(row.start_on, this.params.shift);
    await w.api(availabilityEndpoints.reschedule, personFor(l, d.authorId, this.params.by), {
      body: { kind: 'contract', id: d.id, startOn, endOn: addDays(startOn, this.params.days - 1) },
    });
    await refreshOne(m, w, 'contract', d.id);
  }
}

/** A contract that will never be signed is cancelled, with a reason (the lessor's staff; a salesperson may not). */
export class CancelContract extends Move {
  readonly name = 'cancelContract';
  constructor(readonly params: { pick: number; by: By }) {
    super();
  }
  private targets = (m: Readonly<Model>) =>
    contractsIn(m, [LEASE_STATUS.draft, LEASE_STATUS.withdrawn, LEASE_STATUS.rejected]);
  check = (m: Readonly<Model>) => this.targets(m).length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(this.targets(m), this.params.pick)!;
    const l = w.lessors[d.lessor];
    await w.api(leaseContractEndpoints.move, personFor(l, d.authorId, this.params.by), {
      body: { id: d.id, action: 'cancel', reason: '客户取消租赁计划' },
    });
    await refreshOne(m, w, 'contract', d.id);
  }
}

/** The moves with their weights, for commands.ts's mix. */
export function rescheduleCommands(idx: fc.Arbitrary<number>) {
  const by = fc.constantFrom<By>('author', 'author', 'admin', 'staff', 'sales');
  const shift = fc.integer({ min: -5, max: 20 });
  const days = fc.integer({ min: 1, max: 20 });
  return [
    {
      weight: 3,
      arbitrary: fc.record({ pick: idx, shift, days, by }).map((p) => new RescheduleQuote(p)),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({ pick: idx, shift, days, by, inReview: fc.constantFrom(false, false, false, true) })
        .map((p) => new RescheduleContract(p)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ pick: idx, by: fc.constantFrom<By>('admin', 'staff', 'staff', 'sales') })
        .map((p) => new CancelContract(p)),
    },
  ];
}
