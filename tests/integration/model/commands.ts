import fc from 'fast-check';
import { addDays } from '@console/contract/codes/lease-billing';
import { requiredPrices } from '@console/contract/codes/lease-pricing';
import { couponEndpoints } from '@console/contract/http/coupons';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { leaseChangeEndpoints } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverEndpoints } from '@console/contract/http/lease-handover';
import { quoteEndpoints } from '@console/contract/http/quotes';
import { QUOTE_FLOW, type QuoteState, type QuoteUserAction } from '@console/contract/quotes/flow';
import { expireQuotes } from '@console/server/src/quotes/moves';
import { riskEndpoints } from '@console/contract/http/risk';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { issueBills } from '@console/server/src/billing/issue';
import { runArrearsLocks } from '@console/server/src/risk/arrears';
import { dayInZone } from '@console/server/src/lib/time';
import { flatMapInOrder, mapInOrder } from '@console/db/in-order';
import { depositCommands } from './deposits.ts';
import { chargeCommands } from './charges.ts';
import { onlineCommands, payablePass } from './online-moves.ts';
import { rescheduleCommands } from './reschedules.ts';
import {
  DAY_MS,
  HOUR_MS,
  LESSOR_KEYS,
  type Lessor,
  type LessorKey,
  type Person,
  type RenterKind,
  type World,
} from './world.ts';
import { Move } from './move.ts';

/**
 * The moves of the lease business as fast-check commands (lease-model.test.ts). Each takes its targets from the
 * model by position (`pick`), calls the API as the person who would, asserts the answer is legitimate (World.api),
 * updates the model only on success, and checks every invariant after each move (World.check). Its toString is
 * the move with its arguments; the calls it made, with their concrete ids, are in the run's transcript.
 */

export interface Doc {
  id: number;
  kind: 'contract' | 'change';
  lessor: LessorKey;
  renterOrgId: number;
  authorId: number;
  /** The contract a change changes. */
  parentId: number | null;
  status: number;
  signing: { lesseeUrl: string; lessorUrl: string } | null;
}

/** A quote of the run (decision 069): its state, and the contract draft it became once accepted. */
export interface QuoteDoc {
  id: number;
  lessor: LessorKey;
  authorId: number;
  /** A prospect's quote: accepting it names a renter. */
  prospect: boolean;
  state: QuoteState;
  contractId: number | null;
}

export interface Model {
  docs: Doc[];
  quotes: QuoteDoc[];
  receipts: { id: number; lessor: LessorKey; voided: boolean }[];
  invoices: { id: number; lessor: LessorKey; requester: Person; state: 'toBeIssued' | 'issued' | 'withdrawn' }[];
  coupons: number;
}

export const initialModel = (): Model => ({ docs: [], quotes: [], receipts: [], invoices: [], coupons: 0 });

const MAX_CONTRACTS = 8;
const PDF = new Uint8Array([...Buffer.from('%PDF-1.7\n% model test invoice\n'), ...new Array(64).fill(32)]);

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];
const docsIn = (m: Readonly<Model>, statuses: number[], kind?: Doc['kind']) =>
  m.docs.filter((d) => statuses.includes(d.status) && (kind === undefined || d.kind === kind));

const lessorOf = (w: World, key: LessorKey) => w.lessors[key];
const lessorOfDoc = (w: World, d: Doc) => w.lessors[d.lessor];
/** The lessor's administrator, or its staff where it has none (Pearl River). */
const manager = (l: Lessor, prefer: 'admin' | 'staff' = 'admin') =>
  prefer === 'admin' ? (l.admin ?? l.staff) : l.staff;
const personOf = (w: World, d: Doc, who: 'author' | 'admin' | 'staff' | 'sales'): Person => {
  const l = lessorOfDoc(w, d);
  if (who === 'author') {
    return [l.admin, l.sales, l.staff].find((p) => p?.id === d.authorId) ?? manager(l);
  }
  return who === 'sales' ? l.sales : manager(l, who);
};

/**
 * Refresh the statuses of the model's contracts, changes and quotes from the database (the provider and the
 * schedulers move them too).
 */
async function refresh(m: Model, w: World) {
  for (const d of m.docs) {
    d.status = (await w.row<{ status: number }>(`SELECT status FROM contracts WHERE id = ?`, d.id))!.status;
  }
  for (const q of m.quotes) {
    const row = (await w.row<{ state: QuoteState; contract_id: number | null }>(
      `SELECT state, contract_id FROM quotes WHERE id = ?`,
      q.id,
    ))!;
    q.state = row.state;
    q.contractId = row.contract_id;
  }
}

/** The answer of a move of the state machine. */
async function move(w: World, d: Doc, who: Person, body: Record<string, unknown>) {
  const answer = await w.api(leaseContractEndpoints.move, who, { body: { id: d.id, ...body } as never });
  return answer;
}

// ------------------------------------------------------------------------------------------------ contracts

type Stage = 'draft' | 'submitted' | 'signing' | 'running' | 'delivered';
const STAGES: Stage[] = ['draft', 'submitted', 'signing', 'running', 'delivered'];

export class CreateContract extends Move {
  readonly name = 'createContract';
  constructor(
    readonly params: {
      lessor: LessorKey;
      renter: RenterKind;
      by: 'sales' | 'admin' | 'staff';
      named: number;
      modelLine: number;
      businessModel: number;
      price: number;
      startIn: number;
      days: number;
      billingDay: number;
      dueDays: number;
      choice: number;
      /** How far the same move takes it on through the API (each step checked). */
      upTo: Stage;
    },
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.docs.filter((d) => d.kind === 'contract').length < MAX_CONTRACTS;
  }
  protected async act(m: Model, w: World) {
    const p = this.params;
    const l = lessorOf(w, p.lessor);
    const author = p.by === 'sales' ? l.sales : manager(l, p.by);
    // Machines in stock of the priced models that no contract holds, and a model shared with them (model lines
    // and named machines of one model meet at delivery).
    const free = await w.sql<{ id: number; model_id: number }>(
      `SELECT d.id, d.model_id FROM devices d
        WHERE d.org_id = ? AND d.lease_status = 'stock' AND d.model_id IN (${l.pricedModels.join(',')})
          AND NOT EXISTS (SELECT 1 FROM contract_lines cl JOIN contracts c ON c.id = cl.contract_id
                           WHERE cl.device_id = d.id AND c.status IN (1, 3, 5, 6, 7))
        ORDER BY d.id`,
      l.orgId,
    );
    const modelId = l.pricedModels[p.choice % l.pricedModels.length]!;
    const ofModel = free.filter((d) => d.model_id === modelId);
    const named = Array.from({ length: p.named }, (_, i) => ofModel[(p.choice * 7 + i) % Math.max(1, ofModel.length)])
      .filter((d): d is { id: number; model_id: number } => d !== undefined)
      .filter((d, i, all) => all.findIndex((x) => x.id === d.id) === i);
    const prices = await priceOf(w, l, modelId, p.businessModel, p.price);
    const lines = [
      ...named.map((d) => ({ deviceId: d.id, businessModel: p.businessModel, ...prices })),
      ...(p.modelLine > 0 ? [{ modelId, count: p.modelLine, businessModel: p.businessModel, ...prices }] : []),
    ];
    if (lines.length === 0) lines.push({ modelId, count: 1, businessModel: p.businessModel, ...prices });
    const startOn = addDays(await w.today(l), p.startIn);
    // The store with the most machines of the model: a model line holds a count of it there (decision 069).
    const store = await storeOfModel(w, l, modelId);
    const made = await w.api(leaseContractEndpoints.create, author, {
      body: {
        renterId: l.renters[p.renter].orgId,
        storeId: store,
        startOn,
        endOn: addDays(startOn, p.days - 1),
        siteAddress: '张江路1号',
        billingDay: p.billingDay,
        dueDays: p.dueDays,
        // One contract in three asks for a deposit (deposits.ts).
        depositCents: p.choice % 3 === 0 ? 200_000 + p.choice * 1_000 : 0,
        lines,
      },
    });
    if (!made.ok) return;
    const doc: Doc = {
      id: made.data.id,
      kind: 'contract',
      lessor: p.lessor,
      renterOrgId: l.renters[p.renter].orgId,
      authorId: author.id,
      parentId: null,
      status: 0,
      signing: null,
    };
    m.docs.push(doc);
    await takeOn(m, w, doc, p.upTo, p.choice);
  }
}

/** Take a document on through submit, approval, signing and (a contract) delivery, checking after each move. */
async function takeOn(m: Model, w: World, d: Doc, upTo: Stage, choice: number) {
  const stage = STAGES.indexOf(upTo);
  const step = async (run: () => Promise<boolean>) => {
    const ok = await run();
    await refresh(m, w);
    await w.check();
    return ok;
  };
  if (stage < 1) return;
  if (!(await step(async () => (await move(w, d, personOf(w, d, 'author'), { action: 'submit' })).ok))) return;
  if (
    d.status === 1 &&
    !(await step(async () => (await move(w, d, personOf(w, d, 'admin'), { action: 'approve' })).ok))
  )
    return;
  if (stage < 2 || d.status !== 3) return;
  if (!(await step(() => startSigning(w, d, 'author')))) return;
  if (stage < 3) return;
  if (!(await step(() => sign(w, d, 'lessee', false)))) return;
  if (!(await step(() => sign(w, d, 'lessor', false)))) return;
  if (stage < 4 || d.kind !== 'contract' || statusOf(d) !== 7) return;
  const start = (await w.row<{ start_on: string }>(`SELECT start_on FROM contracts WHERE id = ?`, d.id))!.start_on;
  if (start > (await w.today(lessorOfDoc(w, d)))) return w.log('  (it starts later: nothing to deliver yet)');
  await step(() =>
    deliver(w, d, { n: 3, day: choice % 2 ? 'start' : 'today', contested: choice % 3 === 0, by: 'admin' }),
  );
}

const statusOf = (d: Doc): number => d.status;

/** The lessor's store with the most machines of the model (its first store when none has any). */
async function storeOfModel(w: World, l: Lessor, modelId: number): Promise<number> {
  const most = await w.row<{ store_id: number }>(
    `SELECT sd.store_id FROM store_devices sd JOIN devices d ON d.id = sd.device_id JOIN stores s ON s.id = sd.store_id
      WHERE s.org_id = ? AND d.model_id = ? GROUP BY sd.store_id ORDER BY count(*) DESC, sd.store_id LIMIT 1`,
    l.orgId,
    modelId,
  );
  return (
    most?.store_id ?? (await w.row<{ id: number }>(`SELECT id FROM stores WHERE org_id = ? ORDER BY id`, l.orgId))!.id
  );
}

/** Day and month prices: the lessor's list price of the model times `factor`, or a common price without one. */
async function priceOf(w: World, l: Lessor, modelId: number, businessModel: number, factor: number) {
  const list = await w.row<{ day_cents: number | null; month_cents: number | null }>(
    `SELECT day_cents, month_cents FROM lease_prices WHERE org_id = ? AND model_id = ? AND business_model = ?`,
    l.orgId,
    modelId,
    businessModel,
  );
  const needs = requiredPrices(businessModel);
  const day = Math.round((list?.day_cents ?? 35_000) * factor);
  const month = Math.round((list?.month_cents ?? 700_000) * factor);
  // Every other model's lines carry an hours allowance and an overtime price (decision 070): 8 h a day, 176 h a month.
  const allowance =
    businessModel % 2 === 1 ? { allowanceTenths: needs.includes('day') ? 80 : 1760, overtimeCents: 4_000 } : {};
  return {
    dayCents: needs.includes('day') ? day : null,
    monthCents: needs.includes('month') ? month : null,
    ...allowance,
  };
}

export class Submit extends Move {
  readonly name = 'submit';
  constructor(readonly params: { pick: number; by: 'author' | 'admin' | 'staff' }) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [0, 2, 4]).length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(docsIn(m, [0, 2, 4]), this.params.pick)!;
    if ((await move(w, d, personOf(w, d, this.params.by), { action: 'submit' })).ok) await refresh(m, w);
  }
}

export class Withdraw extends Move {
  readonly name = 'withdraw';
  constructor(readonly params: { pick: number }) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [1]).length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(docsIn(m, [1]), this.params.pick)!;
    if ((await move(w, d, personOf(w, d, 'author'), { action: 'withdraw' })).ok) await refresh(m, w);
  }
}

export class Review extends Move {
  readonly name = 'review';
  constructor(readonly params: { pick: number; verdict: 'approve' | 'reject'; by: 'admin' | 'staff' }) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [1]).length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(docsIn(m, [1]), this.params.pick)!;
    const body = this.params.verdict === 'approve' ? { action: 'approve' } : { action: 'reject', reason: '价格不符' };
    if ((await move(w, d, personOf(w, d, this.params.by), body)).ok) await refresh(m, w);
  }
}

async function startSigning(w: World, d: Doc, by: 'author' | 'admin' | 'staff' | 'sales') {
  const l = lessorOfDoc(w, d);
  let who = personOf(w, d, by);
  // The lessor signs with its seal: the administrator holds every seal, the others one granted to them.
  if (!l.sealHolders.has(who.id)) who = [l.admin, l.staff, l.sales].find((p) => p && l.sealHolders.has(p.id)) ?? who;
  const answer = await move(w, d, who, { action: 'startSigning', sealId: l.sealId });
  if (answer.ok) d.signing = answer.data.signing;
  return answer.ok;
}

export class StartSigning extends Move {
  readonly name = 'startSigning';
  constructor(readonly params: { pick: number; by: 'author' | 'admin' | 'staff' | 'sales' }) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [3]).length > 0;
  protected async act(m: Model, w: World) {
    if (await startSigning(w, pick(docsIn(m, [3]), this.params.pick)!, this.params.by)) await refresh(m, w);
  }
}

/** A party signs (or refuses) on the provider's page; the provider's signed callback must then move the contract. */
async function sign(w: World, d: Doc, party: 'lessee' | 'lessor', refuse: boolean) {
  const from = d.status;
  if (!d.signing) return false;
  const http = await w.signOnPage(
    party === 'lessee' ? d.signing.lesseeUrl : d.signing.lessorUrl,
    party === 'lessee' ? '王建国' : '李华',
    refuse ? 'refuse' : 'sign',
  );
  if (http !== 200) return false;
  const moved = await w.statusAfterCallback(d.id, from);
  if (moved === null) {
    w.systemError(
      'callback',
      `the provider took the ${party}'s ${refuse ? 'refusal' : 'signature'} of contract ${d.id}, and no callback moved it ` +
        `from ${from} (callbacks answered: ${w.callbacks.map((c) => c.http).join(', ') || 'none'})`,
    );
    return false;
  }
  d.status = moved;
  return moved === (party === 'lessee' ? 6 : 7) || refuse;
}

export class Sign extends Move {
  readonly name = 'sign';
  constructor(readonly params: { pick: number; party: 'lessee' | 'lessor'; refuse: boolean }) {
    super();
  }
  private targets = (m: Readonly<Model>) =>
    docsIn(m, [this.params.party === 'lessee' ? 5 : 6]).filter((d) => d.signing);
  check = (m: Readonly<Model>) => this.targets(m).length > 0;
  protected async act(m: Model, w: World) {
    await sign(w, pick(this.targets(m), this.params.pick)!, this.params.party, this.params.refuse);
    await refresh(m, w);
  }
}

export class CancelSigning extends Move {
  readonly name = 'cancelSigning';
  constructor(readonly params: { pick: number }) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [5, 6]).length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(docsIn(m, [5, 6]), this.params.pick)!;
    if ((await move(w, d, personOf(w, d, 'admin'), { action: 'cancelSigning', reason: '条款需修改' })).ok) {
      d.signing = null;
      await refresh(m, w);
    }
  }
}

export class EndContract extends Move {
  readonly name = 'endContract';
  constructor(
    readonly params: { pick: number; how: 'close' | 'terminate'; day: 'today' | 'end' | 'yesterday' | 'tomorrow' },
  ) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [7], 'contract').length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(docsIn(m, [7], 'contract'), this.params.pick)!;
    const today = await w.today(lessorOfDoc(w, d));
    const end = (await w.row<{ end_on: string }>(`SELECT end_on FROM contracts WHERE id = ?`, d.id))!.end_on;
    const day = { today, end, yesterday: addDays(today, -1), tomorrow: addDays(today, 1) }[this.params.day];
    const body =
      this.params.how === 'close' ? { action: 'close', day } : { action: 'terminate', day, reason: '客户违约' };
    if ((await move(w, d, personOf(w, d, 'admin'), body)).ok) await refresh(m, w);
  }
}

export class ExportLink extends Move {
  readonly name = 'exportLink';
  constructor(readonly params: { pick: number }) {
    super();
  }
  check = (m: Readonly<Model>) => m.docs.some((d) => d.kind === 'contract');
  protected async act(m: Model, w: World) {
    const d = pick(
      m.docs.filter((x) => x.kind === 'contract'),
      this.params.pick,
    )!;
    const answer = await w.api(leaseContractEndpoints.exportLink, personOf(w, d, 'admin'), { body: { id: d.id } });
    if (answer.ok) w.links.set(d.id, [...(w.links.get(d.id) ?? []), answer.data.token]);
  }
}

// ------------------------------------------------------------------------------------------------ handover

type DeliverParams = {
  n: number;
  day: 'today' | 'start' | 'yesterday' | 'tomorrow';
  /** Prefer, for a model line, a machine of its model that another contract names. */
  contested: boolean;
  by: 'admin' | 'staff' | 'sales';
};

async function deliver(w: World, d: Doc, p: DeliverParams) {
  const l = lessorOfDoc(w, d);
  const who = personOf(w, d, p.by);
  const options = await w.api(leaseHandoverEndpoints.options, who, { query: { contractId: d.id, kind: 'entry' } });
  if (!options.ok) return false;
  const chosen: { lineId: number; deviceId: number }[] = [];
  const taken = new Set<number>();
  for (const line of options.data.lines) {
    const row = (await w.row<{ device_id: number | null; model_id: number | null }>(
      `SELECT device_id, model_id FROM contract_lines WHERE id = ?`,
      line.lineId,
    ))!;
    if (row.device_id !== null) {
      // The contract's own machine, whether or not it is offered.
      if (!taken.has(row.device_id) && chosen.length < p.n) {
        chosen.push({ lineId: line.lineId, deviceId: row.device_id });
        taken.add(row.device_id);
      }
      continue;
    }
    const contested = p.contested
      ? (
          await w.sql<{ id: number }>(
            `SELECT d.id FROM devices d
              WHERE d.org_id = ? AND d.model_id = ? AND d.lease_status = 'stock'
                AND EXISTS (SELECT 1 FROM contract_lines cl JOIN contracts c ON c.id = cl.contract_id
                             WHERE cl.device_id = d.id AND c.id <> ? AND c.status IN (1, 3, 5, 6, 7))
              ORDER BY d.id`,
            l.orgId,
            row.model_id,
            d.id,
          )
        ).map((r) => r.id)
      : [];
    const pool = [...contested, ...line.candidates.map((c) => c.deviceId)];
    for (let left = line.count - line.onLease; left > 0 && chosen.length < p.n; left--) {
      const next = pool.find((id) => !taken.has(id));
      if (next === undefined) break;
      chosen.push({ lineId: line.lineId, deviceId: next });
      taken.add(next);
    }
  }
  if (chosen.length === 0) {
    w.log('  (nothing to deliver)');
    return false;
  }
  const today = await w.today(l);
  const start = (await w.row<{ start_on: string }>(`SELECT start_on FROM contracts WHERE id = ?`, d.id))!.start_on;
  const day = { today, start, yesterday: addDays(today, -1), tomorrow: addDays(today, 1) }[p.day];
  if (await handover(w, who, 'entry', d.id, day, chosen)) return true;
  // Refused with a machine the options did not offer (the contract's own, or one another contract names): the
  // machines offered alone, as a person at the console would do next.
  const offered = new Set(options.data.lines.flatMap((line) => line.candidates.map((c) => c.deviceId)));
  const only = chosen.filter((c) => offered.has(c.deviceId));
  if (only.length === 0 || only.length === chosen.length) return false;
  return handover(w, who, 'entry', d.id, day, only);
}

async function handover(
  w: World,
  who: Person,
  kind: 'entry' | 'exit',
  contractId: number,
  day: string,
  machines: { lineId: number; deviceId: number; damage?: string }[],
) {
  const made = await w.api(leaseHandoverEndpoints.create, who, {
    body: { kind, contractId, day, deliveredBy: '王师傅', receivedBy: '李工', machines },
  });
  if (!made.ok) return false;
  const confirmed = await w.api(leaseHandoverEndpoints.confirm, who, { body: { id: made.data.id } });
  if (!confirmed.ok) await w.api(leaseHandoverEndpoints.remove, who, { body: { id: made.data.id } });
  return confirmed.ok;
}

export class Deliver extends Move {
  readonly name = 'deliver';
  constructor(readonly params: DeliverParams & { pick: number }) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [7], 'contract').length > 0;
  protected async act(m: Model, w: World) {
    await deliver(w, pick(docsIn(m, [7], 'contract'), this.params.pick)!, this.params);
  }
}

export class Return extends Move {
  readonly name = 'return';
  constructor(
    readonly params: {
      pick: number;
      n: number;
      day: 'today' | 'yesterday' | 'tomorrow' | 'periodStart' | 'in3days';
      damage: boolean;
    },
  ) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [7, 8, 9], 'contract').length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(docsIn(m, [7, 8, 9], 'contract'), this.params.pick)!;
    const who = personOf(w, d, 'admin');
    const options = await w.api(leaseHandoverEndpoints.options, who, { query: { contractId: d.id, kind: 'exit' } });
    if (!options.ok) return;
    const machines = options.data.lines
      .flatMap((line) => line.candidates.map((c) => ({ lineId: line.lineId, deviceId: c.deviceId })))
      .slice(0, this.params.n)
      .map((x, i) => ({ ...x, damage: this.params.damage && i === 0 ? '护栏变形' : '' }));
    if (machines.length === 0) {
      w.log('  (nothing on lease to return)');
      return;
    }
    const today = await w.today(lessorOfDoc(w, d));
    const start = (await w.row<{ start_on: string | null }>(
      `SELECT max(start_on) AS start_on FROM lease_periods WHERE end_on IS NULL AND device_id IN (${machines.map((x) => x.deviceId).join(',')})`,
    ))!.start_on;
    const day = {
      today,
      yesterday: addDays(today, -1),
      tomorrow: addDays(today, 1),
      in3days: addDays(today, 3),
      periodStart: start ?? today,
    }[this.params.day];
    await handover(w, who, 'exit', d.id, day, machines);
  }
}

// ------------------------------------------------------------------------------------------------ changes

export class CreateChange extends Move {
  readonly name = 'createChange';
  constructor(
    readonly params: {
      pick: number;
      /** `remove` takes a line off from the effective day (its undelivered holds let go, decision 069 addendum). */
      what: 'reprice' | 'extend' | 'both' | 'remove';
      effectiveIn: number;
      extendDays: number;
      price: number;
      line: number;
      upTo: 'draft' | 'submitted' | 'signing' | 'running';
    },
  ) {
    super();
  }
  check = (m: Readonly<Model>) => docsIn(m, [7], 'contract').length > 0;
  protected async act(m: Model, w: World) {
    const p = this.params;
    const d = pick(docsIn(m, [7], 'contract'), p.pick)!;
    const l = lessorOfDoc(w, d);
    const who = personOf(w, d, 'admin');
    const options = await w.api(leaseChangeEndpoints.options, who, { query: { contractId: d.id } });
    if (!options.ok) return;
    const contract = (await w.row<{ end_on: string }>(`SELECT end_on FROM contracts WHERE id = ?`, d.id))!;
    const line = pick(options.data.lines, p.line);
    const reprice = (p.what === 'reprice' || p.what === 'both') && line !== undefined;
    const remove = p.what === 'remove' && line !== undefined;
    const factor = (cents: number | null) => (cents === null ? null : Math.max(1, Math.round(cents * p.price)));
    const made = await w.api(leaseChangeEndpoints.create, who, {
      body: {
        contractId: d.id,
        effectiveOn: addDays(await w.today(l), p.effectiveIn),
        endOn: (p.what === 'reprice' && reprice) || remove ? null : addDays(contract.end_on, p.extendDays),
        remark: '',
        lines: reprice
          ? [
              {
                op: 'reprice',
                lineId: line.id,
                businessModel: line.businessModel,
                dayCents: factor(line.dayCents),
                monthCents: factor(line.monthCents),
              },
            ]
          : remove
            ? [{ op: 'remove', lineId: line.id }]
            : [],
      },
    });
    if (!made.ok) return;
    const change: Doc = {
      id: made.data.id,
      kind: 'change',
      lessor: d.lessor,
      renterOrgId: d.renterOrgId,
      authorId: who.id,
      parentId: d.id,
      status: 0,
      signing: null,
    };
    m.docs.push(change);
    await takeOn(m, w, change, p.upTo, 0);
  }
}

// ------------------------------------------------------------------------------------------------ billing

export class BillingPass extends Move {
  readonly name = 'billingPass';
  constructor(readonly params: Record<string, never> = {}) {
    super();
  }
  check = () => true;
  protected async act(_m: Model, w: World) {
    await billingPass(w);
  }
}

async function billingPass(w: World) {
  w.log("  issueBills(db, now): the billing scheduler's pass over every lessor");
  try {
    w.log(`    → ${JSON.stringify(await issueBills(w.t.dbh.db, w.now()))}`);
  } catch (error) {
    w.systemError('billing pass', `the billing pass threw: ${(error as Error).stack}`);
  }
  for (const key of LESSOR_KEYS) w.billedThrough.set(w.lessors[key].orgId, await w.today(w.lessors[key]));
}

export class BillingRun extends Move {
  readonly name = 'billingRun';
  constructor(readonly params: { pick: number }) {
    super();
  }
  // Only an administrator runs a contract now: the seed gives Pearl River none.
  private targets = (m: Readonly<Model>) => docsIn(m, [7, 8, 9], 'contract').filter((d) => d.lessor === 'huadong');
  check = (m: Readonly<Model>) => this.targets(m).length > 0;
  protected async act(m: Model, w: World) {
    const d = pick(this.targets(m), this.params.pick)!;
    await w.api(billingEndpoints.run, w.lessors.huadong.admin!, { body: { contractId: d.id } });
  }
}

export class Receipt extends Move {
  readonly name = 'receipt';
  constructor(
    readonly params: {
      lessor: LessorKey;
      renter: RenterKind;
      amount: 'owed' | 'half' | 'fixed';
      day: 'today' | 'yesterday' | 'tomorrow';
      by: 'admin' | 'staff' | 'finance';
    },
  ) {
    super();
  }
  check = () => true;
  protected async act(m: Model, w: World) {
    const p = this.params;
    const l = lessorOf(w, p.lessor);
    const renterId = l.renters[p.renter].orgId;
    const owed =
      (await w.row<{ owed: number | null }>(
        `SELECT sum(amount_cents - paid_cents) AS owed FROM bills
          WHERE lessor_org_id = ? AND renter_org_id = ? AND state IN ('open', 'partlyPaid')`,
        l.orgId,
        renterId,
      ))!.owed ?? 0;
    const amountCents = p.amount === 'fixed' || owed <= 0 ? 50_000 : p.amount === 'owed' ? owed : Math.ceil(owed / 2);
    const today = await w.today(l);
    const who = p.by === 'finance' ? w.operator.finance : manager(l, p.by);
    const answer = await w.api(billingEndpoints.receiptCreate, who, {
      body: {
        renterId,
        amountCents,
        method: 'transfer',
        receivedOn: { today, yesterday: addDays(today, -1), tomorrow: addDays(today, 1) }[p.day],
        reference: `MODEL-${m.receipts.length + 1}`,
      },
    });
    if (answer.ok) m.receipts.push({ id: answer.data.id, lessor: p.lessor, voided: false });
  }
}

export class VoidReceipt extends Move {
  readonly name = 'voidReceipt';
  constructor(readonly params: { pick: number }) {
    super();
  }
  check = (m: Readonly<Model>) => m.receipts.some((r) => !r.voided);
  protected async act(m: Model, w: World) {
    const r = pick(
      m.receipts.filter((x) => !x.voided),
      this.params.pick,
    )!;
    const answer = await w.api(billingEndpoints.receiptVoid, manager(lessorOf(w, r.lessor), 'staff'), {
      body: { id: r.id, reason: '款项退回' },
    });
    if (answer.ok) r.voided = true;
  }
}

export class VoidBill extends Move {
  readonly name = 'voidBill';
  constructor(readonly params: { pick: number; reissue: boolean; ofModel: boolean }) {
    super();
  }
  // Only the administrator of the bill's company voids it: Huadong's (Pearl River has none in the seed).
  check = () => true;
  protected async act(m: Model, w: World) {
    const l = w.lessors.huadong;
    const ours = m.docs.filter((d) => d.kind === 'contract' && d.lessor === 'huadong').map((d) => d.id);
    const open = await w.sql<{ id: number; contract_id: number | null }>(
      `SELECT id, contract_id FROM bills WHERE lessor_org_id = ? AND state = 'open' ORDER BY id`,
      l.orgId,
    );
    const mine = open.filter((b) => b.contract_id !== null && ours.includes(b.contract_id));
    const bill = pick(this.params.ofModel && mine.length > 0 ? mine : open, this.params.pick);
    if (!bill) {
      w.log('  (no open bill to void)');
      return;
    }
    const answer = await w.api(billingEndpoints.billVoid, l.admin!, {
      body: { id: bill.id, reason: '账单有误', reissue: this.params.reissue },
    });
    if (answer.ok) for (const id of answer.data.reissued ?? []) w.reissued.add(id);
  }
}

export class Exemption extends Move {
  readonly name = 'exemption';
  constructor(readonly params: { pick: number; lift: boolean }) {
    super();
  }
  check = () => true;
  protected async act(m: Model, w: World) {
    const l = w.lessors.huadong;
    if (this.params.lift) {
      const exempt = await w.sql<{ contract_id: number }>(
        `SELECT e.contract_id FROM arrears_exemptions e JOIN contracts c ON c.id = e.contract_id
          WHERE e.lifted_at IS NULL AND c.lessor_org_id = ? ORDER BY e.id`,
        l.orgId,
      );
      const target = pick(exempt, this.params.pick);
      if (!target) return w.log('  (no exemption to lift)');
      await w.api(billingEndpoints.liftExemption, l.admin!, { body: { contractId: target.contract_id } });
      return;
    }
    // The model's running contracts first, then those with bills past due.
    const ours = docsIn(m, [7], 'contract')
      .filter((d) => d.lessor === 'huadong')
      .map((d) => d.id);
    const inArrears = (
      await w.sql<{ contract_id: number }>(
        `SELECT DISTINCT contract_id FROM bills WHERE lessor_org_id = ? AND contract_id IS NOT NULL
          AND state IN ('open', 'partlyPaid') AND due_on < ? ORDER BY contract_id`,
        l.orgId,
        await w.today(l),
      )
    ).map((r) => r.contract_id);
    const contractId = pick([...ours, ...inArrears], this.params.pick);
    if (contractId === undefined) return w.log('  (no contract to exempt)');
    await w.api(billingEndpoints.exempt, l.admin!, { body: { contractId, reason: '客户已承诺付款' } });
  }
}

export class ArrearsSettings extends Move {
  readonly name = 'arrearsSettings';
  constructor(readonly params: { lessor: LessorKey; days: 'fast' | 'default'; unlockOnPayment: boolean }) {
    super();
  }
  check = () => true;
  protected async act(_m: Model, w: World) {
    const l = lessorOf(w, this.params.lessor);
    // The operator's administrator keeps the settings of a company without an administrator of its own.
    const who = l.admin ?? w.operator.admin;
    const current = await w.api(riskEndpoints.lockDays, who, { query: { orgId: l.orgId } });
    if (!current.ok) return;
    const days = this.params.days === 'fast' ? [0, 1, 2, 3, 4] : [1, 7, 15, 30, 45];
    await w.api(riskEndpoints.saveLockDays, who, {
      body: {
        ...current.data.settings,
        orgId: l.orgId,
        arrearsEnabled: true,
        arrearsReminderDays: days[0]!,
        arrearsPreLock1Days: days[1]!,
        arrearsLock1Days: days[2]!,
        arrearsPreLock2Days: days[3]!,
        arrearsLock2Days: days[4]!,
        arrearsUnlockOnPayment: this.params.unlockOnPayment,
      },
    });
  }
}

export class ArrearsPass extends Move {
  readonly name = 'arrearsPass';
  constructor(readonly params: Record<string, never> = {}) {
    super();
  }
  check = () => true;
  protected async act(_m: Model, w: World) {
    await arrearsPass(w);
  }
}

async function arrearsPass(w: World) {
  w.log("  runArrearsLocks(deps): the risk scheduler's arrears pass over every company");
  try {
    w.log(`    → ${await runArrearsLocks(w.t.deps)} tasks and reminders`);
  } catch (error) {
    w.systemError('arrears pass', `the arrears pass threw: ${(error as Error).stack}`);
  }
}

export class Advance extends Move {
  readonly name = 'advance';
  constructor(readonly params: { hours: number; scheduler: boolean }) {
    super();
  }
  check = () => true;
  protected async act(m: Model, w: World) {
    w.advance(this.params.hours * HOUR_MS);
    if (!this.params.scheduler) return;
    // The running server's schedulers as the time passes: a billing pass, the arrears pass, the quotes' expiry, the
    // payables' pass.
    await billingPass(w);
    await arrearsPass(w);
    await quotePass(w);
    await payablePass(w);
    await refresh(m, w);
  }
}

// ------------------------------------------------------------------------------------------------ invoices

export class RequestInvoice extends Move {
  readonly name = 'requestInvoice';
  constructor(readonly params: { lessor: LessorKey; renter: RenterKind; n: number; unpaid: boolean }) {
    super();
  }
  check = () => true;
  protected async act(m: Model, w: World) {
    const l = lessorOf(w, this.params.lessor);
    const renter = l.renters[this.params.renter];
    const requester = renter.users[0];
    if (!requester) return w.log('  (the renter has no user)');
    const listed = await w.api(invoiceEndpoints.invoiceable, requester);
    if (!listed.ok) return;
    // The bills paid last first (those the run's receipts paid), then the seed's.
    const paid = listed.data.list.filter((i) => i.source === 'bill').sort((a, b) => b.sourceId - a.sourceId);
    const issuer = paid[0]?.issuerName;
    const items = paid
      .filter((i) => i.issuerName === issuer)
      .slice(0, this.params.n)
      .map((i) => ({ source: 'bill' as const, id: i.sourceId }));
    if (this.params.unpaid) {
      // A bill not paid in full, asked for among paid ones (the server must refuse it).
      const unpaid = await w.row<{ id: number }>(
        `SELECT id FROM bills WHERE renter_org_id = ? AND lessor_org_id = ? AND state IN ('open', 'partlyPaid') ORDER BY id DESC`,
        renter.orgId,
        l.orgId,
      );
      if (unpaid) items.push({ source: 'bill', id: unpaid.id });
    }
    if (items.length === 0) return w.log('  (nothing to invoice)');
    const answer = await w.api(invoiceEndpoints.request, requester, {
      body: {
        items,
        type: 'ordinary',
        taxRate: 13,
        title: '上海浦江建设工程有限公司',
        taxNumber: '91310000MA1FL0XX2B',
        contact: '李雷',
        bank: '',
        account: '',
        address: '',
        phone: '',
      },
    });
    if (answer.ok) m.invoices.push({ id: answer.data.id, lessor: l.key, requester, state: 'toBeIssued' });
  }
}

export class InvoiceAction extends Move {
  readonly name = 'invoiceAction';
  constructor(readonly params: { pick: number; action: 'issue' | 'withdraw'; by: 'admin' | 'finance' }) {
    super();
  }
  check = (m: Readonly<Model>) => m.invoices.some((i) => i.state === 'toBeIssued');
  protected async act(m: Model, w: World) {
    const invoice = pick(
      m.invoices.filter((i) => i.state === 'toBeIssued'),
      this.params.pick,
    )!;
    if (this.params.action === 'withdraw') {
      const answer = await w.api(invoiceEndpoints.withdraw, invoice.requester, {
        body: { id: invoice.id, reason: '' },
      });
      if (answer.ok) invoice.state = 'withdrawn';
      return;
    }
    const who =
      this.params.by === 'admin' ? (lessorOf(w, invoice.lessor).admin ?? w.operator.finance) : w.operator.finance;
    const answer = await w.form(
      invoiceEndpoints.issue,
      who,
      { id: String(invoice.id) },
      { bytes: PDF, name: 'invoice.pdf' },
    );
    if (answer.ok) invoice.state = 'issued';
  }
}

// ------------------------------------------------------------------------------------------------ coupons

export class GrantCoupon extends Move {
  readonly name = 'grantCoupon';
  constructor(
    readonly params: {
      issuer: 'operator' | 'huadong';
      type: 'cash' | 'discount';
      category: 'all' | 'parts';
      total: number;
      perUser: number;
      count: number;
      validHours: number;
      minSpend: boolean;
      to: LessorKey | 'both';
    },
  ) {
    super();
  }
  check = () => true;
  protected async act(m: Model, w: World) {
    const p = this.params;
    const who = p.issuer === 'operator' ? w.operator.finance : w.lessors.huadong.admin!;
    const day = (offset: number) => dayInZone(w.now() + offset * DAY_MS, 'Asia/Shanghai');
    const made = await w.api(couponEndpoints.create, who, {
      body: {
        name: `模型测试券 ${m.coupons + 1}`,
        type: p.type,
        faceValueCents: p.type === 'cash' ? 2000 : null,
        discount: p.type === 'discount' ? 8.5 : null,
        issueFrom: day(-1),
        issueTo: day(30),
        minSpendCents: p.minSpend ? 20_000 : 0,
        total: p.total,
        perUserLimit: Math.min(p.perUser, p.total),
        validHours: p.validHours,
        category: p.category,
      },
    });
    if (!made.ok) return;
    m.coupons += 1;
    const keys = p.to === 'both' ? LESSOR_KEYS : [p.to];
    const mobiles = await flatMapInOrder(keys, (k) =>
      mapInOrder(
        w.lessors[k].renters.clear.users.slice(0, 1),
        async (u) => (await w.row<{ mobile: string }>(`SELECT mobile FROM users WHERE id = ?`, u.id))!.mobile,
      ),
    );
    await w.api(couponEndpoints.grant, who, { body: { id: made.data.id, mobiles, count: p.count } });
  }
}

export class Redeem extends Move {
  readonly name = 'redeem';
  constructor(readonly params: { buyer: LessorKey; seller: 'operator' | 'own'; product: number; coupon: number }) {
    super();
  }
  // The demo renters hold coupons of the seed as well as those the run grants.
  check = () => true;
  protected async act(_m: Model, w: World) {
    const l = lessorOf(w, this.params.buyer);
    const buyer = l.renters.clear.users[0];
    if (!buyer) return w.log('  (the renter has no user)');
    const catalog = await w.api(shopOrderEndpoints.catalog, buyer);
    if (!catalog.ok) return;
    const sellerOrg = this.params.seller === 'operator' ? w.operator.orgId : l.orgId;
    const ofSeller = new Set(
      (await w.sql<{ id: number }>(`SELECT id FROM products WHERE org_id = ?`, sellerOrg)).map((r) => r.id),
    );
    const product = pick(
      catalog.data.products.filter((x) => ofSeller.has(x.id)),
      this.params.product,
    );
    const coupon = pick(catalog.data.coupons, this.params.coupon);
    if (!product || !coupon) return w.log('  (no product of that shop, or no coupon to use)');
    await w.api(shopOrderEndpoints.create, buyer, {
      body: {
        productId: product.id,
        quantity: 1,
        receiver: '王建国',
        receiverPhone: '13912345678',
        address: '上海市浦东新区世纪大道 88 号',
        couponReceiptId: coupon.receiptId,
      },
    });
  }
}

// ------------------------------------------------------------------------------------------------ quotes

const MAX_QUOTES = 8;
const quotesIn = (m: Readonly<Model>, states: readonly QuoteState[]) =>
  m.quotes.filter((q) => states.includes(q.state));
const quoteAuthor = (w: World, q: QuoteDoc, who: 'author' | 'admin' | 'staff'): Person => {
  const l = lessorOf(w, q.lessor);
  if (who === 'author') return [l.admin, l.sales, l.staff].find((p) => p?.id === q.authorId) ?? manager(l);
  return manager(l, who);
};

export class CreateQuote extends Move {
  readonly name = 'createQuote';
  constructor(
    readonly params: {
      lessor: LessorKey;
      by: 'sales' | 'admin' | 'staff';
      prospect: boolean;
      named: number;
      modelLine: number;
      startIn: number;
      days: number;
      validIn: number;
      choice: number;
      /** A draft, a draft holding its machines, sent, or accepted (a contract draft the contract moves take on). */
      upTo: 'draft' | 'held' | 'sent' | 'accepted';
    },
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.quotes.length < MAX_QUOTES;
  protected async act(m: Model, w: World) {
    const p = this.params;
    const l = lessorOf(w, p.lessor);
    const author = p.by === 'sales' ? l.sales : manager(l, p.by);
    // A model with a daily list price (a quote's prices are the list's), at the store with most of its machines.
    const priced = (
      await w.sql<{ model_id: number }>(
        `SELECT model_id FROM lease_prices WHERE org_id = ? AND business_model = 23 AND day_cents IS NOT NULL
          ORDER BY model_id`,
        l.orgId,
      )
    ).map((r) => r.model_id);
    const modelId = pick(priced, p.choice);
    if (modelId === undefined) return w.log('  (no model with a daily list price)');
    const storeId = await storeOfModel(w, l, modelId);
    // Its machines there, those nothing holds first (a named machine someone holds is refused, naming the holder).
    const machines = (
      await w.sql<{ id: number }>(
        `SELECT d.id FROM devices d JOIN store_devices sd ON sd.device_id = d.id
          WHERE sd.store_id = ? AND d.model_id = ?
          ORDER BY (d.lease_status = 'stock'
                    AND NOT EXISTS (SELECT 1 FROM reservations r WHERE r.device_id = d.id AND r.state = 'held')
                    AND NOT EXISTS (SELECT 1 FROM contract_lines cl JOIN contracts c ON c.id = cl.contract_id
                                     WHERE cl.device_id = d.id AND c.status IN (1, 3, 5, 6, 7))) DESC, d.id`,
        storeId,
        modelId,
      )
    ).map((r) => r.id);
    const named = [
      ...new Set(
        Array.from(
          { length: Math.min(p.named, machines.length) },
          (_, i) => machines[(p.choice % 3) + i] ?? machines[i]!,
        ),
      ),
    ];
    const lines = [
      ...named.map((deviceId) => ({ deviceId, businessModel: 23 })),
      ...(p.modelLine > 0 || named.length === 0
        ? [{ modelId, count: Math.max(1, p.modelLine), businessModel: 23 }]
        : []),
    ];
    const today = await w.today(l);
    const startOn = addDays(today, p.startIn);
    const made = await w.api(quoteEndpoints.create, author, {
      body: {
        ...(p.prospect
          ? { prospectName: '未来建设有限公司', prospectPhone: '13900001111' }
          : { renterId: l.renters.clear.orgId }),
        storeId,
        validUntil: addDays(today, Math.min(p.validIn, p.startIn)),
        startOn,
        endOn: addDays(startOn, p.days - 1),
        siteAddress: '张江路1号',
        lines,
      },
    });
    if (!made.ok) return;
    const q: QuoteDoc = {
      id: made.data.id,
      lessor: p.lessor,
      authorId: author.id,
      prospect: p.prospect,
      state: 'draft',
      contractId: null,
    };
    m.quotes.push(q);
    if (p.upTo === 'held') await w.api(quoteEndpoints.hold, author, { body: { id: q.id, hold: true } });
    if (p.upTo === 'sent' || p.upTo === 'accepted') {
      await w.api(quoteEndpoints.move, author, { body: { id: q.id, action: 'send' } });
    }
    await refresh(m, w);
    if (p.upTo !== 'accepted' || q.state !== 'sent') return;
    await w.check();
    await acceptQuote(m, w, q, author);
  }
}

/** The customer took the quote: the contract draft it became joins the model's contracts. */
async function acceptQuote(m: Model, w: World, q: QuoteDoc, who: Person) {
  const l = lessorOf(w, q.lessor);
  const answer = await w.api(quoteEndpoints.move, who, {
    body: { id: q.id, action: 'accept', ...(q.prospect ? { renterId: l.renters.clear.orgId } : {}) },
  });
  await refresh(m, w);
  if (!answer.ok || answer.data.contractId === null) return;
  const c = (await w.row<{ renter_org_id: number; created_by: number }>(
    `SELECT renter_org_id, created_by FROM contracts WHERE id = ?`,
    answer.data.contractId,
  ))!;
  m.docs.push({
    id: answer.data.contractId,
    kind: 'contract',
    lessor: q.lessor,
    renterOrgId: c.renter_org_id,
    authorId: c.created_by,
    parentId: null,
    status: 0,
    signing: null,
  });
  await refresh(m, w);
}

/** A draft holds its machines before it is sent, or lets them go. */
export class HoldQuote extends Move {
  readonly name = 'holdQuote';
  constructor(readonly params: { pick: number; hold: boolean }) {
    super();
  }
  check = (m: Readonly<Model>) => quotesIn(m, ['draft']).length > 0;
  protected async act(m: Model, w: World) {
    const q = pick(quotesIn(m, ['draft']), this.params.pick)!;
    await w.api(quoteEndpoints.hold, quoteAuthor(w, q, 'author'), { body: { id: q.id, hold: this.params.hold } });
    await refresh(m, w);
  }
}

/** A person's move on a quote: send, accept (a contract draft, which the contract moves then take on), decline, withdraw. */
export class QuoteMove extends Move {
  readonly name = 'quoteMove';
  constructor(readonly params: { pick: number; action: QuoteUserAction; by: 'author' | 'admin' | 'staff' }) {
    super();
  }
  private targets = (m: Readonly<Model>) => quotesIn(m, QUOTE_FLOW[this.params.action].from);
  check = (m: Readonly<Model>) => this.targets(m).length > 0;
  protected async act(m: Model, w: World) {
    const q = pick(this.targets(m), this.params.pick)!;
    const who = quoteAuthor(w, q, this.params.by);
    if (this.params.action === 'accept') return acceptQuote(m, w, q, who);
    const body = {
      id: q.id,
      action: this.params.action,
      ...(this.params.action === 'decline' ? { reason: '客户选择了别家' } : {}),
    };
    await w.api(quoteEndpoints.move, who, { body });
    await refresh(m, w);
  }
}

/** The quote scheduler's pass, as the running server makes it every 15 minutes of its clock. */
async function quotePass(w: World) {
  w.log("  expireQuotes(db, now): the quote scheduler's pass");
  try {
    w.log(`    → ${await expireQuotes(w.t.dbh.db, w.now())} expired`);
  } catch (error) {
    w.systemError('quote pass', `the quote pass threw: ${(error as Error).stack}`);
  }
}

/** The clock moves past a sent quote's validity, and the scheduler expires it. */
export class ExpireQuote extends Move {
  readonly name = 'expireQuote';
  constructor(readonly params: { pick: number }) {
    super();
  }
  check = (m: Readonly<Model>) => quotesIn(m, ['sent']).length > 0;
  protected async act(m: Model, w: World) {
    const q = pick(quotesIn(m, ['sent']), this.params.pick)!;
    const valid = (await w.row<{ valid_until: string }>(`SELECT valid_until FROM quotes WHERE id = ?`, q.id))!
      .valid_until;
    const today = await w.today(lessorOf(w, q.lessor));
    const days = Math.round((Date.parse(valid) - Date.parse(today)) / DAY_MS) + 1;
    if (days > 0) w.advance(days * DAY_MS);
    await quotePass(w);
    await refresh(m, w);
  }
}

// ------------------------------------------------------------------------------------------------ the mix

const idx = fc.nat({ max: 7 });
const lessorKey = fc.constantFrom<LessorKey>('huadong', 'pearl');

/** Every move with its weight: the flow of a contract most, then billing, arrears, money and the shop. */
export function moveArbitrary(): fc.Arbitrary<Move> {
  const create = fc
    .record({
      lessor: lessorKey,
      renter: fc.constantFrom<RenterKind>('clear', 'clear', 'pending', 'arrears'),
      by: fc.constantFrom<'sales' | 'admin' | 'staff'>('sales', 'admin', 'staff'),
      named: fc.integer({ min: 0, max: 2 }),
      modelLine: fc.integer({ min: 0, max: 2 }),
      businessModel: fc.constantFrom(23, 23, 22, 25, 24, 27),
      price: fc.constantFrom(1, 1, 0.5, 1.5),
      startIn: fc.integer({ min: -5, max: 2 }),
      days: fc.integer({ min: 1, max: 45 }),
      billingDay: fc.integer({ min: 1, max: 28 }),
      dueDays: fc.integer({ min: 0, max: 5 }),
      choice: fc.nat({ max: 99 }),
      upTo: fc.constantFrom<Stage>('draft', 'submitted', 'signing', 'running', 'delivered', 'delivered', 'delivered'),
    })
    .map((p) => new CreateContract(p));
  const entries: { arbitrary: fc.Arbitrary<Move>; weight: number }[] = [
    { weight: 6, arbitrary: create },
    {
      weight: 2,
      arbitrary: fc
        .record({ pick: idx, by: fc.constantFrom<'author' | 'admin' | 'staff'>('author', 'author', 'admin', 'staff') })
        .map((p) => new Submit(p)),
    },
    { weight: 1, arbitrary: fc.record({ pick: idx }).map((p) => new Withdraw(p)) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          pick: idx,
          verdict: fc.constantFrom<'approve' | 'reject'>('approve', 'approve', 'reject'),
          by: fc.constantFrom<'admin' | 'staff'>('admin', 'staff'),
        })
        .map((p) => new Review(p)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          pick: idx,
          by: fc.constantFrom<'author' | 'admin' | 'staff' | 'sales'>('author', 'admin', 'staff', 'sales'),
        })
        .map((p) => new StartSigning(p)),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          pick: idx,
          party: fc.constantFrom<'lessee' | 'lessor'>('lessee', 'lessor'),
          refuse: fc.constantFrom(false, false, false, true),
        })
        .map((p) => new Sign(p)),
    },
    { weight: 1, arbitrary: fc.record({ pick: idx }).map((p) => new CancelSigning(p)) },
    {
      weight: 4,
      arbitrary: fc
        .record({
          pick: idx,
          n: fc.integer({ min: 1, max: 3 }),
          day: fc.constantFrom<DeliverParams['day']>('today', 'today', 'start', 'yesterday', 'tomorrow'),
          contested: fc.boolean(),
          by: fc.constantFrom<DeliverParams['by']>('admin', 'staff', 'sales'),
        })
        .map((p) => new Deliver(p)),
    },
    {
      weight: 4,
      arbitrary: fc
        .record({
          pick: idx,
          n: fc.integer({ min: 1, max: 3 }),
          day: fc.constantFrom<'today' | 'yesterday' | 'tomorrow' | 'periodStart' | 'in3days'>(
            'today',
            'today',
            'yesterday',
            'periodStart',
            'tomorrow',
            'in3days',
          ),
          damage: fc.boolean(),
        })
        .map((p) => new Return(p)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          pick: idx,
          what: fc.constantFrom<'reprice' | 'extend' | 'both' | 'remove'>('reprice', 'extend', 'both', 'remove'),
          effectiveIn: fc.integer({ min: 0, max: 5 }),
          extendDays: fc.integer({ min: 3, max: 30 }),
          price: fc.constantFrom(0.8, 1.2),
          line: idx,
          upTo: fc.constantFrom<'draft' | 'submitted' | 'signing' | 'running'>(
            'running',
            'running',
            'submitted',
            'draft',
          ),
        })
        .map((p) => new CreateChange(p)),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          pick: idx,
          how: fc.constantFrom<'close' | 'terminate'>('close', 'terminate'),
          day: fc.constantFrom<'today' | 'end' | 'yesterday' | 'tomorrow'>(
            'today',
            'today',
            'end',
            'yesterday',
            'tomorrow',
          ),
        })
        .map((p) => new EndContract(p)),
    },
    { weight: 1, arbitrary: fc.record({ pick: idx }).map((p) => new ExportLink(p)) },
    {
      weight: 4,
      arbitrary: fc
        .record({
          lessor: lessorKey,
          by: fc.constantFrom<'sales' | 'admin' | 'staff'>('sales', 'sales', 'admin', 'staff'),
          prospect: fc.constantFrom(false, false, true),
          named: fc.integer({ min: 0, max: 2 }),
          modelLine: fc.integer({ min: 0, max: 3 }),
          startIn: fc.integer({ min: 0, max: 20 }),
          days: fc.integer({ min: 1, max: 20 }),
          validIn: fc.integer({ min: 0, max: 5 }),
          choice: fc.nat({ max: 99 }),
          upTo: fc.constantFrom<'draft' | 'held' | 'sent' | 'accepted'>('draft', 'held', 'sent', 'sent', 'accepted'),
        })
        .map((p) => new CreateQuote(p)),
    },
    { weight: 1, arbitrary: fc.record({ pick: idx, hold: fc.boolean() }).map((p) => new HoldQuote(p)) },
    {
      weight: 4,
      arbitrary: fc
        .record({
          pick: idx,
          action: fc.constantFrom<QuoteUserAction>('send', 'accept', 'accept', 'decline', 'withdraw'),
          by: fc.constantFrom<'author' | 'admin' | 'staff'>('author', 'author', 'admin', 'staff'),
        })
        .map((p) => new QuoteMove(p)),
    },
    { weight: 1, arbitrary: fc.record({ pick: idx }).map((p) => new ExpireQuote(p)) },
    { weight: 2, arbitrary: fc.constant(null).map(() => new BillingPass()) },
    { weight: 1, arbitrary: fc.record({ pick: idx }).map((p) => new BillingRun(p)) },
    {
      weight: 3,
      arbitrary: fc
        .record({
          lessor: lessorKey,
          renter: fc.constantFrom<RenterKind>('clear', 'clear', 'arrears', 'pending'),
          amount: fc.constantFrom<'owed' | 'half' | 'fixed'>('owed', 'half', 'fixed'),
          day: fc.constantFrom<'today' | 'yesterday' | 'tomorrow'>('today', 'today', 'yesterday', 'tomorrow'),
          by: fc.constantFrom<'admin' | 'staff' | 'finance'>('admin', 'staff', 'finance'),
        })
        .map((p) => new Receipt(p)),
    },
    { weight: 1, arbitrary: fc.record({ pick: idx }).map((p) => new VoidReceipt(p)) },
    {
      weight: 1,
      arbitrary: fc.record({ pick: idx, reissue: fc.boolean(), ofModel: fc.boolean() }).map((p) => new VoidBill(p)),
    },
    { weight: 1, arbitrary: fc.record({ pick: idx, lift: fc.boolean() }).map((p) => new Exemption(p)) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          lessor: lessorKey,
          days: fc.constantFrom<'fast' | 'default'>('fast', 'default'),
          unlockOnPayment: fc.boolean(),
        })
        .map((p) => new ArrearsSettings(p)),
    },
    { weight: 2, arbitrary: fc.constant(null).map(() => new ArrearsPass()) },
    {
      weight: 5,
      arbitrary: fc
        .record({
          hours: fc.oneof(
            fc.integer({ min: 1, max: 36 }),
            fc.integer({ min: 1, max: 40 }).map((d) => d * 24),
          ),
          scheduler: fc.boolean(),
        })
        .map((p) => new Advance(p)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          lessor: lessorKey,
          renter: fc.constantFrom<RenterKind>('clear', 'arrears', 'pending'),
          n: fc.integer({ min: 1, max: 3 }),
          unpaid: fc.boolean(),
        })
        .map((p) => new RequestInvoice(p)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          pick: idx,
          action: fc.constantFrom<'issue' | 'withdraw'>('issue', 'issue', 'withdraw'),
          by: fc.constantFrom<'admin' | 'finance'>('admin', 'finance'),
        })
        .map((p) => new InvoiceAction(p)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          issuer: fc.constantFrom<'operator' | 'huadong'>('operator', 'huadong'),
          type: fc.constantFrom<'cash' | 'discount'>('cash', 'discount'),
          category: fc.constantFrom<'all' | 'parts'>('all', 'all', 'parts'),
          total: fc.integer({ min: 1, max: 4 }),
          perUser: fc.integer({ min: 1, max: 2 }),
          count: fc.integer({ min: 1, max: 2 }),
          validHours: fc.constantFrom(48, 1),
          minSpend: fc.constantFrom(false, false, true),
          to: fc.constantFrom<LessorKey | 'both'>('huadong', 'huadong', 'pearl', 'both'),
        })
        .map((p) => new GrantCoupon({ ...p, count: Math.min(p.count, p.perUser) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          buyer: lessorKey,
          seller: fc.constantFrom<'operator' | 'own'>('operator', 'own'),
          product: idx,
          coupon: idx,
        })
        .map((p) => new Redeem(p)),
    },
    ...(depositCommands(idx) as unknown as typeof entries),
    ...(chargeCommands(idx) as unknown as typeof entries),
    ...(onlineCommands(idx) as unknown as typeof entries),
    ...(rescheduleCommands(idx) as unknown as typeof entries),
  ];
  return fc.oneof(...entries);
}
