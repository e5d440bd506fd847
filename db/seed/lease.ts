import { and, eq, inArray } from 'drizzle-orm';
import { LEASE_FLOW, type LeaseAction } from '@console/contract/codes/lease-flow';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import { allowancePerDay } from '@console/contract/lease/overtime';
import type { Db } from '../client.ts';
import { organisations, users } from '../schema/accounts.ts';
import { deviceModels, devices } from '../schema/devices.ts';
import { contractEvents, contractLines, contracts, renters, storeDevices } from '../schema/lease.ts';
import { signingFlows } from '../schema/lease-esign.ts';
import { leasePeriods } from '../schema/lease-periods.ts';
import { reservations } from '../schema/quotes.ts';
import type { DemoOrganisations } from './accounts.ts';
import { say, type SeedLang } from './business.ts';
import { machinesOf, seedLeaseParties, type LeaseParties } from './lease-parties.ts';
import { depositCents, listPrice, listRound } from './price-list.ts';
import { forEachInOrder } from '../in-order.ts';

/**
 * Lease contracts of every lessor (docs/decisions/029-lease-contracts.md): every machine the fleet seed put on lease
 * is on a contract in execution with its customer (at most ten machines a contract), and beside them one contract in
 * each other status with the timeline that led there, in the business's language. No faker: fixed texts and picks
 * by id, so nothing seeded before shifts.
 */
const DAY = 86_400_000;
const MODELS = [22, 23, 24, 25, 27];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The moves that lead from a draft to each status, as the state machine allows them. */
const STORY: Record<number, LeaseAction[]> = {
  0: [],
  1: ['submit'],
  2: ['submit', 'withdraw'],
  3: ['submit', 'approve'],
  4: ['submit', 'reject'],
  5: ['submit', 'approve', 'startSigning'],
  6: ['submit', 'approve', 'startSigning', 'lesseeSigned'],
  7: ['submit', 'approve', 'startSigning', 'lesseeSigned', 'lessorSigned'],
  8: ['submit', 'approve', 'startSigning', 'lesseeSigned', 'lessorSigned', 'close'],
  9: ['submit', 'approve', 'startSigning', 'lesseeSigned', 'lessorSigned', 'terminate'],
  10: ['submit', 'withdraw', 'cancel'],
};

interface Plan {
  status: number;
  renterId: number;
  storeId: number;
  createdAt: number;
  startOn: string;
  endOn: string;
  machines: number[];
  /** A model and a count instead of machines. */
  model?: { id: number; count: number };
  endedOn?: string;
}

export async function seedLease(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const numbers = new Map<string, number>();
  for (const parties of await seedLeaseParties(db, orgs, now)) {
    const plans = await planContracts(db, parties, now);
    await forEachInOrder(plans, (plan, n) => writeContract(db, parties, plan, n, numbers, now));
  }
}

async function planContracts(db: Db, p: LeaseParties, now: number): Promise<Plan[]> {
  const machines = await machinesOf(db, p.lessorId);
  const stock = machines.filter((m) => m.leaseStatus === 'stock').map((m) => m.id);
  const take = (count: number) => stock.splice(0, count);
  const plans: Plan[] = [];
  const fittedOn = new Map(machines.map((m) => [m.id, m.installedAt]));
  // Every leased machine on a running contract with the customer it is leased to. The contracts began over the last
  // ten months, most of them recently (a company whose fleet on hire grew through the year), each after its
  // machines' units were fitted: a renter's machines go on contracts in the order they were fitted.
  p.renterIds.forEach((renterId, r) => {
    const leased = machines
      .filter((m) => m.leaseStatus === 'leased' && m.customerOrgId === renterId)
      .sort((a, b) => (a.installedAt ?? '').localeCompare(b.installedAt ?? '') || a.id - b.id)
      .map((m) => m.id);
    for (let k = 0; k * 10 < leased.length; k++) {
      const group = leased.slice(k * 10, k * 10 + 10);
      const spread = ((r * 37 + k * 71) % 97) / 97;
      const age = Math.min(25 + Math.round(290 * spread ** 2), daysSinceFitted(group, fittedOn, now) - 3);
      const createdAt = now - age * DAY;
      plans.push({
        status: 7,
        renterId,
        storeId: p.storeIds[k % p.storeIds.length]!,
        createdAt,
        startOn: day(createdAt + 2 * DAY),
        endOn: day(now + (20 + ((k * 13 + r * 29) % 160)) * DAY),
        machines: group,
      });
    }
  });
  const running = plans.filter((x) => x.machines.length > 0);
  // A fleet too small to lease from (SEED_DEVICES, tests) still shows every status, with a model and a count.
  const fallbackModel = machines[0]?.modelId ?? (await db.select({ id: deviceModels.id }).from(deviceModels).get())?.id;
  if (fallbackModel === undefined) return plans;
  if (!plans.some((x) => x.status === 7)) {
    const createdAt = now - 30 * DAY;
    plans.push({
      status: 7,
      renterId: p.renterIds[0]!,
      storeId: p.storeIds[0]!,
      createdAt,
      startOn: day(createdAt + 2 * DAY),
      endOn: day(now + 60 * DAY),
      machines: [],
      model: { id: fallbackModel, count: 2 },
    });
  }
  // One contract in each other status. Pending, withdrawn and rejected ones are with renters no rule approves
  // (one still being verified, one in arrears), so what the rules would do agrees with what the seed shows.
  const renterFor: Record<number, number> = { 0: 3, 1: 1, 2: 2, 3: 0, 4: 1, 5: 3, 6: 0, 8: 2, 9: 3, 10: 2 };
  for (const status of [0, 1, 2, 3, 4, 5, 6, 8, 9, 10]) {
    const renterId = p.renterIds[renterFor[status]!]!;
    const storeId = p.storeIds[status % p.storeIds.length]!;
    if (status === 8 || status === 9) {
      const createdAt = now - (status === 8 ? 160 : 90) * DAY;
      const startOn = day(createdAt + 3 * DAY);
      const endOn = day(status === 8 ? now - 30 * DAY : now + 40 * DAY);
      const taken = take(2);
      // The closed one also promised one more of its machines' model, which the renter never took: the close lets
      // that hold go (`closed`), while the machines delivered consumed theirs.
      const promised = machines.find((m) => m.id === taken[0])?.modelId;
      plans.push({
        status,
        renterId,
        storeId,
        createdAt,
        startOn,
        endOn,
        machines: taken,
        model:
          taken.length === 0
            ? { id: fallbackModel, count: 1 }
            : status === 8 && promised !== undefined
              ? { id: promised, count: 1 }
              : undefined,
        endedOn: day(now - (status === 8 ? 30 : 10) * DAY),
      });
      continue;
    }
    const createdAt = now - (1 + status) * DAY;
    const startOn = day(now + (4 + status * 2) * DAY);
    const endOn = day(now + (4 + status * 2 + ([3, 30, 60, 14, 45, 90, 6][status] ?? 20)) * DAY);
    const taken = take(status === 3 ? 1 : 2);
    const model = status === 3 || taken.length === 0 ? { id: fallbackModel, count: 3 } : undefined;
    plans.push({ status, renterId, storeId, createdAt, startOn, endOn, machines: taken, model });
  }
  // The companies among the renters (a person hires a machine or two, not fleets for months).
  const hirers = (
    await db
      .select({ id: renters.orgId })
      .from(renters)
      .where(and(eq(renters.lessorOrgId, p.lessorId), eq(renters.identityType, 2)))
      .orderBy(renters.orgId)
      .all()
  ).map((r) => r.id);
  await fitModelLines(db, plans, stock, machines);
  if (hirers.length > 0) plans.push(...pastHires(p, running, stock, hirers, fittedOn, now));
  return plans;
}

/**
 * A model line holds a count of its model at its store (decision 069), which the store must have free on its days:
 * the contracts written with one and not ended take a store and model with that many machines still in stock and
 * named by no contract, one each, beside the store and model with the most in stock (where the quotes hold theirs).
 */
async function fitModelLines(
  db: Db,
  plans: Plan[],
  stock: number[],
  machines: { id: number; modelId: number; leaseStatus: string }[],
): Promise<void> {
  const lines = plans.filter((x) => x.model && x.status <= 7);
  if (lines.length === 0) return;
  const placed = await db
    .select({ deviceId: storeDevices.deviceId, storeId: storeDevices.storeId })
    .from(storeDevices)
    .where(
      inArray(
        storeDevices.deviceId,
        machines.filter((m) => m.leaseStatus === 'stock').map((m) => m.id),
      ),
    )
    .all();
  const modelOf = new Map(machines.map((m) => [m.id, m.modelId]));
  const pairs = (ids: number[]) => {
    const counts = new Map<string, { storeId: number; modelId: number; n: number }>();
    for (const { deviceId, storeId } of placed.filter((x) => ids.includes(x.deviceId))) {
      const modelId = modelOf.get(deviceId)!;
      const key = `${storeId}:${modelId}`;
      counts.set(key, { storeId, modelId, n: (counts.get(key)?.n ?? 0) + 1 });
    }
    return [...counts.values()].sort((a, b) => b.n - a.n || a.storeId - b.storeId || a.modelId - b.modelId);
  };
  const busiest = pairs(placed.map((x) => x.deviceId))[0];
  const free = pairs(stock).filter((x) => x.storeId !== busiest?.storeId || x.modelId !== busiest?.modelId);
  for (const plan of lines) {
    const fit = free.find((x) => x.n >= plan.model!.count);
    if (!fit) continue;
    fit.n -= plan.model!.count;
    plan.storeId = fit.storeId;
    plan.model = { ...plan.model!, id: fit.modelId };
  }
}

/** Days since the last of the machines' units was fitted (none fitted: no limit). */
function daysSinceFitted(ids: number[], fittedOn: Map<number, string | null>, now: number): number {
  const days = ids.flatMap((id) => {
    const on = fittedOn.get(id);
    return on ? [Math.floor((now - Date.parse(`${on}T00:00:00Z`)) / DAY)] : [];
  });
  return days.length > 0 ? Math.min(...days) : Number.MAX_SAFE_INTEGER;
}

/**
 * The hires that came and went in the year before today, closed at their end, so the company's income, receipts and
 * machines' work run through each of the last twelve months (and from before, so the first is whole). Half the
 * machines now in stock (the lower ids; the others never left the yard and stay free for new contracts) went out in
 * groups of three to eight from the months before the year, half of the groups twice; the machines of every second
 * running contract that began in the last five months were on a hire with another customer until a week or more
 * before it. A hire begins after its machines' units were fitted and runs to the end of a month, as most hires are
 * billed and returned, the last of them at the end of last month.
 */
function pastHires(
  p: LeaseParties,
  running: Plan[],
  stock: number[],
  hirers: number[],
  fittedOn: Map<number, string | null>,
  now: number,
): Plan[] {
  const earliest = Date.parse(`${seededYearStart(now)}T00:00:00Z`) - 120 * DAY;
  const latestEnd = monthEndBy(now - 3 * DAY);
  const plans: Plan[] = [];
  const hire = (machines: number[], renterId: number, from: number, to: number, n: number) => {
    const fitted = now - Math.min(daysSinceFitted(machines, fittedOn, now), 3650) * DAY;
    const start = Math.max(from, earliest, Date.parse(`${day(fitted)}T00:00:00Z`) + 3 * DAY);
    const end = Math.min(to, latestEnd);
    if (machines.length === 0 || end - start < 20 * DAY) return end;
    plans.push({
      status: 8,
      renterId,
      storeId: p.storeIds[n % p.storeIds.length]!,
      createdAt: start - (3 + (n % 5)) * DAY + 3 * 3600_000,
      startOn: day(start),
      endOn: day(end),
      machines,
      endedOn: day(end),
    });
    return end;
  };
  // Grouped by the day their units were fitted, so a group's hire is not held back by one newly fitted machine.
  const pool = stock
    .slice(0, Math.floor(stock.length / 2))
    .sort((a, b) => (fittedOn.get(a) ?? '').localeCompare(fittedOn.get(b) ?? '') || a - b);
  for (let g = 0, i = 0; i < pool.length; g++) {
    const group = pool.slice(i, i + 3 + (g % 6));
    i += group.length;
    const start = earliest + ((g * 53) % 150) * DAY;
    const end = hire(group, hirers[g % hirers.length]!, start, monthEndBy(start + (100 + ((g * 41) % 150)) * DAY), g);
    if (g % 2 !== 0) continue;
    const again = end + (12 + ((g * 7) % 30)) * DAY;
    hire(group, hirers[(g + 1) % hirers.length]!, again, monthEndBy(again + (60 + ((g * 29) % 90)) * DAY), g + 1);
  }
  running.forEach((c, i) => {
    const others = hirers.filter((id) => id !== c.renterId);
    const began = Date.parse(`${c.startOn}T00:00:00Z`);
    if (i % 2 !== 0 || others.length === 0 || began < now - 150 * DAY) return;
    const end = monthEndBy(began - (7 + (i % 14)) * DAY);
    hire(c.machines, others[i % others.length]!, end - (60 + ((i * 37) % 120)) * DAY, end, i);
  });
  return plans;
}

/**
 * The first day of the demo's year: the first of the month twelve months before this one, so each of the last twelve
 * months is whole in its income and its machines' work.
 */
export function seededYearStart(now: number): string {
  const today = new Date(now);
  return day(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 12, 1));
}

/** The last day of a month on or before the moment, at midnight UTC. */
function monthEndBy(ms: number): number {
  const d = new Date(ms);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
  return end <= ms ? end : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0);
}

const REASONS = {
  reject: {
    zh: '押金低于公司标准，请调整押金后重新提交',
    en: 'The deposit is below the company minimum; adjust it and resubmit',
  },
  terminate: {
    zh: '承租方项目提前完工，双方协商提前终止',
    en: "The lessee's project finished early; ended by agreement",
  },
  close: { zh: '设备已全部退场验收', en: 'All machines returned and inspected' },
  cancel: {
    zh: '承租方改用自有设备，项目不再租赁',
    en: 'The renter is using its own machines; the hire will not go ahead',
  },
};

/**
 * What a contract asks above the list (price-list.ts), in percent: a short or small hire pays a little more, a
 * good customer the list price. Picked by the contract's place in the lessor's list, so it counts nothing.
 */
const MARKUP_PERCENT = [0, 5, 0, 10, 0, 5, 0];

/** A line's prices: its model's list price under its business model, with the contract's markup. */
function linePrices(modelName: string, businessModel: number, lang: SeedLang, n: number) {
  const list = listPrice(modelName, businessModel, lang);
  const up = (cents: number) => listRound((cents * (100 + MARKUP_PERCENT[n % 7]!)) / 100);
  return { dayCents: up(list.dayCents), monthCents: up(list.monthCents) };
}

/**
 * An hours allowance and an overtime price (decision 070) on every line of every third contract that begins in the
 * seeded year (by its place in the lessor's list: running ones, past hires, the other statuses): hires of renters
 * that work their machines long days, two shifts on site (daily-work.ts). A day model includes 8 h a billed day, or
 * 10 h in every other such contract; a month model 176 h a month, or 200 h. Each hour above costs the included
 * hour's share of the price and a quarter more, rounded as a price list writes it.
 */
const ALLOWANCE_EVERY = 3;
function overtimeTerms(
  businessModel: number,
  prices: { dayCents: number; monthCents: number },
  plan: Plan,
  n: number,
  now: number,
) {
  // The hires that began before the seeded year are billed before its daily work (daily-work.ts) begins.
  if (n % ALLOWANCE_EVERY !== 1 || plan.startOn < seededYearStart(now)) {
    return { allowanceTenths: null, overtimeCents: null };
  }
  const longer = n % 2 === 0;
  const hours = allowancePerDay(businessModel) ? (longer ? 10 : 8) : longer ? 200 : 176;
  const cents = allowancePerDay(businessModel) ? prices.dayCents : prices.monthCents;
  return { allowanceTenths: hours * 10, overtimeCents: listRound((cents / hours) * 1.25) };
}

/**
 * Weeks of hire a contract holds as deposit, by its renter (`renterIds` of lease-parties.ts): a customer in good
 * standing two, a person three, one still being verified or owing rent four. A rejected contract asked only one,
 * below the company's minimum of two, which is why it was sent back.
 */
const DEPOSIT_WEEKS = [2, 4, 4, 3];
const REJECTED_DEPOSIT_WEEKS = 1;

async function writeContract(
  db: Db,
  p: LeaseParties,
  plan: Plan,
  n: number,
  numbers: Map<string, number>,
  now: number,
) {
  const lang = p.business.lang;
  const renter = (await db.select().from(organisations).where(eq(organisations.id, plan.renterId)).get())!;
  const salespersonId = p.sales[n % p.sales.length] ?? null;
  const author = salespersonId ?? p.managers[0]!;
  const manager = p.managers[n % p.managers.length]!;
  const modelOf = new Map(
    (
      await db
        .select({ deviceId: devices.id, name: deviceModels.name })
        .from(devices)
        .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
        .where(inArray(devices.id, plan.machines.length > 0 ? plan.machines : [-1]))
        .all()
    ).map((m) => [m.deviceId, m.name]),
  );
  const modelName = async (id: number) =>
    (await db.select({ name: deviceModels.name }).from(deviceModels).where(eq(deviceModels.id, id)).get())!.name;
  const lines = [
    ...plan.machines.map((deviceId, k) => ({
      deviceId,
      modelId: null,
      count: 1,
      businessModel: MODELS[(n + k) % 5]!,
      model: modelOf.get(deviceId)!,
    })),
    ...(plan.model
      ? [
          {
            deviceId: null,
            modelId: plan.model.id,
            count: plan.model.count,
            businessModel: 23,
            model: await modelName(plan.model.id),
          },
        ]
      : []),
  ].map(({ model, ...l }) => {
    const prices = linePrices(model, l.businessModel, lang, n);
    return {
      ...l,
      ...prices,
      ...overtimeTerms(l.businessModel, prices, plan, n, now),
      amountCents: lineAmountCents(l.businessModel, prices, plan.startOn, plan.endOn, l.count),
    };
  });
  const totalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const created = day(plan.createdAt).replaceAll('-', '');
  const prefix = `${lang === 'zh' ? 'HT' : 'LC'}-${created}-`;
  const seq = (numbers.get(`${p.lessorId}${prefix}`) ?? 0) + 1;
  numbers.set(`${p.lessorId}${prefix}`, seq);
  const story = STORY[plan.status]!;
  // Each move three hours after the one before; a contract is closed or terminated on the day it ended, that morning.
  const at = (k: number) =>
    new Date(
      plan.endedOn !== undefined && k === story.length - 1 && ['close', 'terminate'].includes(story[k]!)
        ? Date.parse(`${plan.endedOn}T02:00:00Z`)
        : plan.createdAt + (k + 1) * 3 * 3600_000,
    );
  const contract = await db
    .insert(contracts)
    .values({
      number: `${prefix}${String(seq).padStart(4, '0')}`,
      lessorOrgId: p.lessorId,
      renterOrgId: plan.renterId,
      storeId: plan.storeId,
      salespersonId,
      createdBy: author,
      status: plan.status,
      startOn: plan.startOn,
      endOn: plan.endOn,
      siteProvince: renter.province,
      siteCity: renter.city,
      siteDistrict: renter.district,
      siteAddress: renter.address,
      depositCents: depositCents(
        lines,
        plan.status === 4 ? REJECTED_DEPOSIT_WEEKS : DEPOSIT_WEEKS[p.renterIds.indexOf(plan.renterId)]!,
      ),
      billingDay: 1 + (n % 28),
      dueDays: [15, 30, 10][n % 3]!,
      remark:
        n % 4 === 0
          ? say(lang, {
              zh: '进场前由门店安排设备检查与操作培训',
              en: 'The store checks the machines and trains the operators on delivery',
            })
          : '',
      totalCents,
      lang,
      templateId: p.templateId,
      endedOn: plan.endedOn ?? null,
      createdAt: new Date(plan.createdAt),
      updatedAt: at(story.length - 1),
    })
    .returning({ id: contracts.id })
    .get();
  await db
    .insert(contractLines)
    .values(lines.map((l) => ({ ...l, contractId: contract.id })))
    .run();
  await db
    .insert(contractEvents)
    .values({
      contractId: contract.id,
      action: 'create',
      userId: author,
      toStatus: 0,
      details: { totalCents },
      at: new Date(plan.createdAt),
    })
    .run();
  let status = 0;
  const managerName =
    (await db.select({ name: users.name }).from(users).where(eq(users.id, manager)).get())?.name ?? '';
  const moves = story.map((action, k) => {
    const to = LEASE_FLOW[action].to;
    const actor = action === 'lesseeSigned' || action === 'lessorSigned' ? 'provider' : 'user';
    const userId = actor === 'provider' ? null : action === 'submit' || action === 'withdraw' ? author : manager;
    const reason = action in REASONS ? say(lang, REASONS[action as keyof typeof REASONS]) : '';
    const signer = action === 'lesseeSigned' ? renter.contactName : action === 'lessorSigned' ? managerName : undefined;
    const from = status;
    status = to;
    return {
      contractId: contract.id,
      action,
      userId,
      actor,
      fromStatus: from,
      toStatus: to,
      reason,
      day: action === 'close' || action === 'terminate' ? (plan.endedOn ?? null) : null,
      details: {
        ...(signer !== undefined ? { signer, flowId: `SEED${contract.id}` } : {}),
        ...(action === 'startSigning' ? { flowId: `SEED${contract.id}`, sealId: p.sealId } : {}),
      },
      at: at(k),
    } as const;
  });
  if (moves.length > 0) await db.insert(contractEvents).values(moves).run();
  if (plan.status >= 5) {
    const signedLessee = story.indexOf('lesseeSigned');
    const signedLessor = story.indexOf('lessorSigned');
    await db
      .insert(signingFlows)
      .values({
        contractId: contract.id,
        providerFlowId: `SEED${contract.id}`,
        state: plan.status === 5 ? 'lesseePending' : plan.status === 6 ? 'lessorPending' : 'completed',
        sealId: p.sealId,
        startedBy: manager,
        lesseeSigner: signedLessee >= 0 ? renter.contactName : '',
        lesseeSignedAt: signedLessee >= 0 ? at(signedLessee) : null,
        lessorSigner: signedLessor >= 0 ? managerName : '',
        lessorSignedAt: signedLessor >= 0 ? at(signedLessor) : null,
        createdAt: at(story.indexOf('startSigning')),
        updatedAt: at(story.length - 1),
      })
      .run();
  }
}

/** Why a contract's holds ended, by the status it ended in (as its move released them: decision 069). */
const RELEASED_BY: Record<number, string> = { 8: 'closed', 9: 'terminated', 10: 'cancelled' };

/**
 * What the seeded contracts hold (decision 069, as the server's moves leave it): a contract holds its lines' machines
 * and counts for its days from the draft it was saved as, each delivery consumes one (a machine with a lease period
 * under the contract was delivered), and its close, termination or cancellation lets the rest go. A change submitted
 * and not yet in force holds the machines and counts it adds from its effective day. After the entries and changes,
 * so what was delivered and which lines are in force are known. No faker.
 */
export async function seedContractHolds(db: Db): Promise<void> {
  const all = await db.select().from(contracts).orderBy(contracts.id).all();
  const lines = await db.select().from(contractLines).orderBy(contractLines.id).all();
  const periods = await db
    .select({
      contractId: leasePeriods.contractId,
      lineId: leasePeriods.lineId,
      deviceId: leasePeriods.deviceId,
      startOn: leasePeriods.startOn,
    })
    .from(leasePeriods)
    .orderBy(leasePeriods.id)
    .all();
  const rows: (typeof reservations.$inferInsert)[] = [];
  for (const c of all) {
    const ended = RELEASED_BY[c.status];
    const mine = lines.filter((l) => l.contractId === c.id);
    const base = { orgId: c.lessorOrgId, storeId: c.storeId, contractId: c.id, endOn: c.endOn, createdAt: c.createdAt };
    if (c.kind === 'change') {
      // A change holds from its submission until it comes into force (then its lines are its contract's).
      if (c.status < 1 || c.status > 6) continue;
      for (const l of mine.filter((x) => x.changeOp === 'add')) {
        rows.push({
          ...base,
          deviceId: l.deviceId,
          modelId: l.deviceId === null ? l.modelId : null,
          count: l.count,
          startOn: c.startOn,
        });
      }
      continue;
    }
    const out = periods.filter((p) => p.contractId === c.id);
    for (const l of mine.filter((x) => x.untilOn === null)) {
      const startOn = l.fromOn ?? c.startOn;
      const release = ended
        ? {
            state: 'released' as const,
            endReason: ended,
            endedAt: new Date(Date.parse(`${c.endedOn ?? c.endOn}T10:00:00Z`)),
          }
        : {};
      if (l.deviceId !== null) {
        const delivered = out.find((p) => p.deviceId === l.deviceId);
        rows.push({
          ...base,
          deviceId: l.deviceId,
          count: 1,
          startOn,
          ...(delivered
            ? {
                state: 'consumed',
                endReason: 'delivered',
                endedAt: new Date(Date.parse(`${delivered.startOn}T02:00:00Z`)),
              }
            : release),
        });
        continue;
      }
      const delivered = out.filter((p) => p.lineId === l.id);
      const left = l.count - new Set(delivered.map((p) => p.deviceId)).size;
      rows.push({
        ...base,
        modelId: l.modelId,
        count: left > 0 ? left : l.count,
        startOn,
        ...(left > 0
          ? release
          : {
              state: 'consumed',
              endReason: 'delivered',
              endedAt: new Date(Date.parse(`${delivered[0]!.startOn}T02:00:00Z`)),
            }),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insert(reservations)
      .values(rows.slice(i, i + 200))
      .run();
}
