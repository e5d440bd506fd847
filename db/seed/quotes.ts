import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { lineAmountCents, requiredPrices } from '@console/contract/codes/lease-pricing';
import type { QuoteState } from '@console/contract/quotes/flow';
import type { Db } from '../client.ts';
import { quoteNumber } from '../doc-numbers.ts';
import { dayIn, orgTimeZone } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { contractEvents, contractLines, contracts, storeDevices, stores } from '../schema/lease.ts';
import { leasePrices } from '../schema/products.ts';
import { quoteEvents, quoteLines, quotes, reservations } from '../schema/quotes.ts';
import type { DemoOrganisations } from './accounts.ts';

/**
 * Quotes in every state for each demo rental company, in its language (decision 069): a prospect's draft, a draft
 * holding its machines, a sent one holding them, one accepted into a contract draft that holds them now, one declined,
 * one expired and one withdrawn (what they held released). Each holds one or two of a model its store has many of,
 * on days of its own, so the holding rule holds on the seeded data. No faker.
 */

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

interface Plan {
  state: QuoteState;
  /** Days from today: created, valid until, delivery, return. */
  created: number;
  valid: number;
  from: number;
  to: number;
  count: number;
  discountBp: number;
  prospect?: { zh: [string, string, string]; en: [string, string, string] };
  hold?: boolean;
  reason?: { zh: string; en: string };
  /** What it held before: other days (`shift` days later than now), let go by an edit or a move of its days. */
  before?: { shift: number; reason: 'edited' | 'rescheduled' };
}

const PLANS: Plan[] = [
  {
    state: 'draft',
    created: -1,
    valid: 10,
    from: 30,
    to: 44,
    count: 2,
    discountBp: 0,
    prospect: {
      zh: ['临港新城建设有限公司', '赵经理', '13911112222'],
      en: ['Harbourside Builders Pty Ltd', 'Grace Lee', '0412 345 678'],
    },
  },
  {
    state: 'draft',
    created: -2,
    valid: 7,
    from: 21,
    to: 27,
    count: 1,
    discountBp: 500,
    hold: true,
    before: { shift: 3, reason: 'edited' },
  },
  {
    state: 'sent',
    created: -3,
    valid: 5,
    from: 14,
    to: 40,
    count: 2,
    discountBp: 800,
    before: { shift: -4, reason: 'rescheduled' },
  },
  { state: 'accepted', created: -6, valid: 2, from: 10, to: 39, count: 1, discountBp: 300 },
  {
    state: 'declined',
    created: -12,
    valid: -2,
    from: 5,
    to: 15,
    count: 1,
    discountBp: 0,
    reason: { zh: '客户选择了价格更低的供应商', en: 'The customer went with a cheaper supplier' },
  },
  { state: 'expired', created: -20, valid: -5, from: 2, to: 9, count: 1, discountBp: 500 },
  {
    state: 'withdrawn',
    created: -9,
    valid: 3,
    from: 45,
    to: 52,
    count: 1,
    discountBp: 0,
    reason: { zh: '工期推迟，客户另行询价', en: 'The job was postponed; the customer will ask again' },
  },
];

/** What each state's story was: the moves that brought it there, and what its holds ended as. */
const STORY: Record<QuoteState, { moves: ('send' | 'accept' | 'decline' | 'expire' | 'withdraw')[]; ended: string }> = {
  draft: { moves: [], ended: '' },
  sent: { moves: ['send'], ended: '' },
  accepted: { moves: ['send', 'accept'], ended: '' },
  declined: { moves: ['send', 'decline'], ended: 'declined' },
  expired: { moves: ['send', 'expire'], ended: 'expired' },
  withdrawn: { moves: ['send', 'withdraw'], ended: 'withdrawn' },
};
const TO: Record<string, QuoteState> = {
  send: 'sent',
  accept: 'accepted',
  decline: 'declined',
  expire: 'expired',
  withdraw: 'withdrawn',
};

export async function seedQuotes(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  for (const [i, lessorId] of orgs.lessors.entries()) {
    // Northwind, the third company, works in English (decision 026).
    await seedCompany(db, lessorId, i === 2 ? 'en' : 'zh', now);
    await quotesOfContracts(db, {
      lessorId,
      lang: i === 2 ? 'en' : 'zh',
      zone: await orgTimeZone(db, lessorId),
      ...(await writerOf(db, lessorId)),
    });
  }
}

/** Who writes the company's quotes: its first salesperson, else its administrator. */
async function writerOf(db: Db, lessorId: number): Promise<{ author: number; sales: number | null }> {
  const person = async (roleId: number) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, lessorId), eq(users.roleId, roleId)))
        .orderBy(asc(users.id))
        .get()
    )?.id ?? null;
  const sales = await person(6);
  return { author: sales ?? (await person(5))!, sales };
}

async function seedCompany(db: Db, lessorId: number, lang: 'zh' | 'en', now: number) {
  const zone = await orgTimeZone(db, lessorId);
  const today = dayIn(now, zone);
  const person = async (roleId: number) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, lessorId), eq(users.roleId, roleId)))
        .orderBy(asc(users.id))
        .get()
    )?.id ?? null;
  const sales = await person(6);
  const admin = (await person(5))!;
  const author = sales ?? admin;
  const renters = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.parentId, lessorId), eq(organisations.kind, 'customer')))
    .orderBy(asc(organisations.id))
    .limit(PLANS.length)
    .all();
  // The store and priced model with the most machines in stock: the quotes hold a few of many.
  const pool = await db
    .select({ storeId: storeDevices.storeId, modelId: devices.modelId, n: sql<number>`count(*)` })
    .from(devices)
    .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
    .innerJoin(stores, eq(stores.id, storeDevices.storeId))
    .innerJoin(
      leasePrices,
      and(eq(leasePrices.orgId, lessorId), eq(leasePrices.modelId, devices.modelId), eq(leasePrices.businessModel, 23)),
    )
    .where(and(eq(devices.orgId, lessorId), eq(devices.leaseStatus, 'stock'), eq(stores.orgId, lessorId)))
    .groupBy(storeDevices.storeId, devices.modelId)
    .orderBy(sql`count(*) desc`, storeDevices.storeId, devices.modelId)
    .get();
  if (!pool || renters.length === 0) return;
  const price = (await db
    .select()
    .from(leasePrices)
    .where(
      and(eq(leasePrices.orgId, lessorId), eq(leasePrices.modelId, pool.modelId), eq(leasePrices.businessModel, 23)),
    )
    .get())!;
  const store = (await db.select().from(stores).where(eq(stores.id, pool.storeId)).get())!;
  const site =
    lang === 'zh' ? `${store.city}${store.district}施工现场 ${store.address}` : `Site works near ${store.address}`;

  for (const [k, plan] of PLANS.entries()) {
    const created = now + plan.created * DAY_MS;
    const at = (step: number) => new Date(created + step * 3 * 3600_000);
    const startOn = addDays(today, plan.from);
    const endOn = addDays(today, plan.to);
    const needs = requiredPrices(23);
    const dayCents = needs.includes('day') ? Math.round((price.dayCents! * (10_000 - plan.discountBp)) / 10_000) : null;
    const amountCents = lineAmountCents(23, { dayCents, monthCents: null }, startOn, endOn, plan.count);
    const renterId = plan.prospect ? null : renters[k % renters.length]!.id;
    const [prospectName, prospectContact, prospectPhone] = plan.prospect?.[lang] ?? ['', '', ''];
    const row = await db
      .insert(quotes)
      .values({
        number: `seed-${lessorId}-${k}`,
        orgId: lessorId,
        state: plan.state,
        renterOrgId: renterId,
        prospectName,
        prospectContact,
        prospectPhone,
        storeId: store.id,
        salespersonId: sales,
        createdBy: author,
        validUntil: addDays(today, plan.valid),
        startOn,
        endOn,
        siteProvince: store.province,
        siteCity: store.city,
        siteDistrict: store.district,
        siteAddress: site,
        remark: '',
        lang,
        totalCents: amountCents,
        createdAt: new Date(created),
        updatedAt: at(STORY[plan.state].moves.length),
      })
      .returning({ id: quotes.id })
      .get();
    await db
      .update(quotes)
      .set({ number: quoteNumber(lang, row.id, dayIn(created, zone).replaceAll('-', '')) })
      .where(eq(quotes.id, row.id))
      .run();
    await db
      .insert(quoteLines)
      .values({
        quoteId: row.id,
        modelId: pool.modelId,
        count: plan.count,
        businessModel: 23,
        listDayCents: price.dayCents,
        discountBp: plan.discountBp,
        dayCents,
        amountCents,
      })
      .run();
    await db
      .insert(quoteEvents)
      .values({ quoteId: row.id, action: 'create', userId: author, toState: 'draft', at: at(0) })
      .run();
    let from: QuoteState = 'draft';
    for (const [s, action] of STORY[plan.state].moves.entries()) {
      const reason = action === 'decline' || action === 'withdraw' ? (plan.reason?.[lang] ?? '') : '';
      await db
        .insert(quoteEvents)
        .values({
          quoteId: row.id,
          action,
          userId: action === 'expire' ? null : author,
          fromState: from,
          toState: TO[action]!,
          reason,
          at: at(s + 1),
        })
        .run();
      from = TO[action]!;
    }
    if (plan.hold) {
      await db
        .insert(quoteEvents)
        .values({ quoteId: row.id, action: 'hold', userId: author, fromState: 'draft', toState: 'draft', at: at(1) })
        .run();
    }
    const contractId =
      plan.state === 'accepted'
        ? await contractDraft(db, {
            lessorId,
            lang,
            renterId: renterId!,
            store,
            sales,
            author,
            startOn,
            endOn,
            site,
            modelId: pool.modelId,
            count: plan.count,
            dayCents: dayCents!,
            amountCents,
            at: at(2),
          })
        : null;
    if (contractId !== null) await db.update(quotes).set({ contractId }).where(eq(quotes.id, row.id)).run();
    if (plan.before) {
      // Held first for other days: an edit of the holding draft, or a move of the sent quote's days, let them go.
      const fromStartOn = addDays(startOn, plan.before.shift);
      const fromEndOn = addDays(endOn, plan.before.shift);
      const moved = plan.before.reason === 'rescheduled';
      const fromTotalCents = lineAmountCents(23, { dayCents, monthCents: null }, fromStartOn, fromEndOn, plan.count);
      await db
        .insert(reservations)
        .values({
          orgId: lessorId,
          storeId: store.id,
          quoteId: row.id,
          modelId: pool.modelId,
          count: plan.count,
          startOn: fromStartOn,
          endOn: fromEndOn,
          state: 'released',
          endReason: plan.before.reason,
          endedAt: at(1.5),
          createdAt: at(1),
        })
        .run();
      await db
        .insert(quoteEvents)
        .values({
          quoteId: row.id,
          action: moved ? 'reschedule' : 'edit',
          userId: author,
          fromState: plan.state,
          toState: plan.state,
          details: moved
            ? { fromStartOn, fromEndOn, startOn, endOn, fromTotalCents, totalCents: amountCents }
            : { totalCents: amountCents },
          at: at(1.5),
        })
        .run();
    }
    if (plan.state !== 'draft' || plan.hold) {
      const ended = STORY[plan.state].ended;
      await db
        .insert(reservations)
        .values({
          orgId: lessorId,
          storeId: store.id,
          quoteId: row.id,
          contractId,
          modelId: pool.modelId,
          count: plan.count,
          startOn,
          endOn,
          state: ended ? 'released' : 'held',
          endReason: ended,
          endedAt: ended ? at(STORY[plan.state].moves.length) : null,
          createdAt: at(1),
        })
        .run();
    }
  }
}

/**
 * Quotes accepted into contracts the lease seed wrote, holding what those contracts hold now: one running, whose
 * deliveries consumed the holds, the closed one with a machine never delivered, whose close let that hold go, and the
 * cancelled one, which let them go. Their holds are the contracts' (written by
 * seedContractHolds), marked as the quote's.
 */
async function quotesOfContracts(
  db: Db,
  q: { lessorId: number; lang: 'zh' | 'en'; zone: string; author: number; sales: number | null },
): Promise<void> {
  const linked = new Set(
    (await db.select({ id: quotes.contractId }).from(quotes).where(eq(quotes.orgId, q.lessorId)).all()).map(
      (r) => r.id,
    ),
  );
  const candidates = await db
    .select()
    .from(contracts)
    .where(
      and(eq(contracts.lessorOrgId, q.lessorId), eq(contracts.kind, 'contract'), inArray(contracts.status, [7, 8, 10])),
    )
    .orderBy(desc(contracts.createdAt), desc(contracts.id))
    .all();
  for (const status of [7, 8, 10]) {
    let chosen: { c: (typeof candidates)[number]; lines: (typeof contractLines.$inferSelect)[] } | null = null;
    for (const c of candidates.filter((x) => x.status === status && !linked.has(x.id))) {
      const lines = (await db.select().from(contractLines).where(eq(contractLines.contractId, c.id)).all()).filter(
        (l) => l.fromOn === null,
      );
      const held = await db
        .select({ state: reservations.state, endReason: reservations.endReason })
        .from(reservations)
        .where(and(eq(reservations.contractId, c.id), eq(reservations.startOn, c.startOn)))
        .all();
      // Running: every hold consumed by a delivery; cancelled: every hold let go; closed: a machine never delivered,
      // whose hold the close let go (beside those its deliveries consumed).
      const fits =
        status === 7
          ? held.every((r) => r.state === 'consumed')
          : status === 10
            ? held.every((r) => r.state === 'released')
            : held.every((r) => r.state !== 'held') &&
              held.some((r) => r.state === 'released' && r.endReason === 'closed');
      if (lines.length > 0 && held.length > 0 && fits) {
        chosen = { c, lines };
        break;
      }
    }
    if (!chosen) continue;
    const { c, lines } = chosen;
    const created = c.createdAt.getTime() - 2 * DAY_MS;
    const row = await db
      .insert(quotes)
      .values({
        number: `seed-${q.lessorId}-c${c.id}`,
        orgId: q.lessorId,
        state: 'accepted',
        renterOrgId: c.renterOrgId,
        storeId: c.storeId,
        salespersonId: c.salespersonId ?? q.sales,
        createdBy: q.author,
        validUntil: c.startOn,
        startOn: c.startOn,
        endOn: c.endOn,
        siteProvince: c.siteProvince,
        siteCity: c.siteCity,
        siteDistrict: c.siteDistrict,
        siteAddress: c.siteAddress,
        remark: '',
        lang: q.lang,
        totalCents: lines.reduce((n, l) => n + l.amountCents, 0),
        contractId: c.id,
        createdAt: new Date(created),
        updatedAt: c.createdAt,
      })
      .returning({ id: quotes.id })
      .get();
    await db
      .update(quotes)
      .set({ number: quoteNumber(q.lang, row.id, dayIn(created, q.zone).replaceAll('-', '')) })
      .where(eq(quotes.id, row.id))
      .run();
    for (const l of lines) {
      await db
        .insert(quoteLines)
        .values({
          quoteId: row.id,
          deviceId: l.deviceId,
          modelId: l.deviceId === null ? l.modelId : null,
          count: l.count,
          businessModel: l.businessModel,
          listDayCents: l.dayCents,
          listMonthCents: l.monthCents,
          dayCents: l.dayCents,
          monthCents: l.monthCents,
          amountCents: l.amountCents,
        })
        .run();
    }
    const steps: ['create' | 'hold' | 'send' | 'accept', string | null, string][] = [
      ['create', null, 'draft'],
      ['hold', 'draft', 'draft'],
      ['send', 'draft', 'sent'],
      ['accept', 'sent', 'accepted'],
    ];
    for (const [k, [action, fromState, toState]] of steps.entries()) {
      await db
        .insert(quoteEvents)
        .values({
          quoteId: row.id,
          action,
          userId: q.author,
          ...(fromState ? { fromState } : {}),
          toState,
          at: k === steps.length - 1 ? c.createdAt : new Date(created + k * 3 * 3600_000),
        })
        .run();
    }
    await db
      .update(reservations)
      .set({ quoteId: row.id })
      .where(and(eq(reservations.contractId, c.id), eq(reservations.startOn, c.startOn)))
      .run();
  }
}

/** The contract draft the accepted quote became, numbered as the server numbers one written that day. */
async function contractDraft(
  db: Db,
  c: {
    lessorId: number;
    lang: 'zh' | 'en';
    renterId: number;
    store: typeof stores.$inferSelect;
    sales: number | null;
    author: number;
    startOn: string;
    endOn: string;
    site: string;
    modelId: number;
    count: number;
    dayCents: number;
    amountCents: number;
    at: Date;
  },
): Promise<number> {
  const zone = await orgTimeZone(db, c.lessorId);
  const prefix = `${c.lang === 'zh' ? 'HT' : 'LC'}-${dayIn(c.at.getTime(), zone).replaceAll('-', '')}-`;
  const taken = await db
    .select({ n: sql<number>`count(*)` })
    .from(contracts)
    .where(and(eq(contracts.lessorOrgId, c.lessorId), like(contracts.number, `${prefix}%`)))
    .get();
  const row = await db
    .insert(contracts)
    .values({
      number: `${prefix}${String((taken?.n ?? 0) + 1).padStart(4, '0')}`,
      lessorOrgId: c.lessorId,
      renterOrgId: c.renterId,
      storeId: c.store.id,
      salespersonId: c.sales,
      createdBy: c.author,
      status: 0,
      startOn: c.startOn,
      endOn: c.endOn,
      siteProvince: c.store.province,
      siteCity: c.store.city,
      siteDistrict: c.store.district,
      siteAddress: c.site,
      totalCents: c.amountCents,
      lang: c.lang,
      createdAt: c.at,
      updatedAt: c.at,
    })
    .returning({ id: contracts.id })
    .get();
  await db
    .insert(contractLines)
    .values({
      contractId: row.id,
      modelId: c.modelId,
      count: c.count,
      businessModel: 23,
      dayCents: c.dayCents,
      amountCents: c.amountCents,
    })
    .run();
  await db
    .insert(contractEvents)
    .values({
      contractId: row.id,
      action: 'create',
      userId: c.author,
      toStatus: 0,
      details: { totalCents: c.amountCents },
      at: c.at,
    })
    .run();
  return row.id;
}
