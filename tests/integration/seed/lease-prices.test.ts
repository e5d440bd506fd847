import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { subleaseCostCents } from '@console/contract/lease/sublease-cost';
import { PLATFORM_HEIGHT_M } from '@console/contract/codes/lift-heights';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractLines, contracts } from '@console/db/schema/lease';
import { billLines, bills } from '@console/db/schema/lease-billing';
import { subleases } from '@console/db/schema/lease-sublease';
import { leasePrices } from '@console/db/schema/products';
import { quotes } from '@console/db/schema/quotes';
import { BUSINESSES, type SeedLang } from '@console/db/seed/business';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * A rental company prices a machine by what it is and how big, at its market's rates (docs/decisions/026-demo-data.md,
 * addendum on prices): the contract lines, the lease price list and everything billed from them.
 */
describe('the seeded lease prices follow the machine and the market', () => {
  let t: TestApp;
  let langOf: Map<number, SeedLang>;
  const db = () => t.dbh.db;

  /** Each machine line of a lease contract with its company, model and prices. */
  const lines = () =>
    db()
      .select({
        lessor: contracts.lessorOrgId,
        model: deviceModels.name,
        businessModel: contractLines.businessModel,
        dayCents: contractLines.dayCents,
        monthCents: contractLines.monthCents,
      })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .innerJoin(devices, eq(devices.id, contractLines.deviceId))
      .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .where(eq(contracts.kind, 'contract'))
      .all();

  /** The machine models in the order of their size, smaller first: each pair of one kind. */
  const BIGGER: [smaller: string, bigger: string][] = [
    ['JCPT1412DC scissor lift', 'GTZZ22J boom lift'],
    ['CPD30 electric forklift', 'CPCD50 diesel forklift'],
    ['HBT6016C trailer pump', '56X-6RZ boom pump'],
    ['CH-48V-100A charger', 'GTZZ22J boom lift'],
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const lessors = await db()
      .select()
      .from(organisations)
      .where(eq(organisations.kind, 'lessor'))
      .orderBy(organisations.id)
      .all();
    langOf = new Map(lessors.slice(0, BUSINESSES.length).map((o, i) => [o.id, BUSINESSES[i]!.lang]));
  });
  afterAll(() => t?.dbh.close());

  it('asks more for a bigger machine than a smaller one of its kind, in every company', async () => {
    // The lift table says which lift is the bigger.
    expect(PLATFORM_HEIGHT_M['GTZZ22J boom lift']!).toBeGreaterThan(PLATFORM_HEIGHT_M['JCPT1412DC scissor lift']!);
    const all = await lines();
    for (const lessor of langOf.keys()) {
      const mine = all.filter((l) => l.lessor === lessor);
      for (const [smaller, bigger] of BIGGER) {
        const small = mine.filter((l) => l.model === smaller);
        const big = mine.filter((l) => l.model === bigger);
        if (small.length === 0 || big.length === 0) continue;
        const most = (rows: typeof mine, unit: 'dayCents' | 'monthCents') => Math.max(...rows.map((r) => r[unit]!));
        const least = (rows: typeof mine, unit: 'dayCents' | 'monthCents') => Math.min(...rows.map((r) => r[unit]!));
        expect(least(big, 'dayCents'), `${lessor}: ${bigger} a day`).toBeGreaterThan(most(small, 'dayCents'));
        expect(least(big, 'monthCents'), `${lessor}: ${bigger} a month`).toBeGreaterThan(most(small, 'monthCents'));
      }
      // A 20 m boom lift hires for several times a 12 m scissor lift.
      const dayOf = (model: string) => Math.min(...mine.filter((l) => l.model === model).map((l) => l.dayCents!));
      expect(dayOf('GTZZ22J boom lift')).toBeGreaterThan(2.5 * dayOf('JCPT1412DC scissor lift'));
    }
  });

  it('prices each company’s machines at many different figures, not a count up from one', async () => {
    for (const lessor of langOf.keys()) {
      const figures = [...new Set((await lines()).filter((l) => l.lessor === lessor).map((l) => l.dayCents!))].sort(
        (a, b) => a - b,
      );
      expect(figures.length, `lessor ${lessor}`).toBeGreaterThanOrEqual(10);
      const steps = new Set(figures.slice(1).map((f, i) => f - figures[i]!));
      // Old seeds counted up in one fixed step (300, 350, 400…): these are spread over many.
      expect(steps.size, `lessor ${lessor}`).toBeGreaterThanOrEqual(8);
    }
  });

  it('makes a month cost well under thirty days: about sixteen days in China, nine in Sydney', async () => {
    const list = await db().select().from(leasePrices).all();
    const both = [
      ...(await lines()),
      ...list.filter((p) => p.dayCents !== null && p.monthCents !== null).map((p) => ({ ...p, lessor: p.orgId })),
    ].filter((l) => langOf.has(l.lessor) && l.dayCents !== null && l.monthCents !== null);
    await expectEvery(both, (l) => {
      const days = l.monthCents! / l.dayCents!;
      return langOf.get(l.lessor) === 'zh' ? days >= 13 && days <= 20 : days >= 7 && days <= 12;
    });
  });

  it('lists its lease prices by model, dearer for the bigger machine, and writes its contracts at or above them', async () => {
    const list = await db().select().from(leasePrices).all();
    const models = new Map((await db().select().from(deviceModels).all()).map((m) => [m.id, m.name]));
    const all = await lines();
    for (const lessor of langOf.keys()) {
      const mine = list.filter((p) => p.orgId === lessor);
      const priceOf = (model: string, businessModel: number) =>
        mine.find((p) => models.get(p.modelId) === model && p.businessModel === businessModel);
      const scissor = priceOf('JCPT1412DC scissor lift', 23)!;
      const boom = priceOf('GTZZ22J boom lift', 23)!;
      expect(boom.dayCents!).toBeGreaterThan(scissor.dayCents!);
      expect(new Set(mine.map((p) => p.dayCents ?? p.monthCents)).size).toBe(mine.length);
      // A contract line is written at the list price of its model and business model, or above it.
      const listed = all.filter(
        (l) =>
          l.lessor === lessor &&
          mine.some((p) => models.get(p.modelId) === l.model && p.businessModel === l.businessModel),
      );
      await expectEvery(listed, (l) => {
        const p = priceOf(l.model, l.businessModel)!;
        return (
          (p.dayCents === null || l.dayCents! >= p.dayCents) && (p.monthCents === null || l.monthCents! >= p.monthCents)
        );
      });
    }
  });

  it('prices the business abroad in Australian dollars at Sydney’s rates, and the Chinese in yuan at China’s', async () => {
    // A day's hire in each market: a 12 m scissor lift, a 20 m boom lift, a 3 t forklift.
    const MARKET: Record<SeedLang, Record<string, [number, number]>> = {
      zh: {
        'JCPT1412DC scissor lift': [15_000, 40_000],
        'GTZZ22J boom lift': [70_000, 150_000],
        'CPD30 electric forklift': [15_000, 40_000],
      },
      en: {
        'JCPT1412DC scissor lift': [20_000, 40_000],
        'GTZZ22J boom lift': [60_000, 120_000],
        'CPD30 electric forklift': [15_000, 30_000],
      },
    };
    const all = (await lines()).filter((l) => langOf.has(l.lessor) && l.model in MARKET.zh);
    expect(new Set(all.map((l) => langOf.get(l.lessor))).size).toBe(2);
    await expectEvery(all, (l) => {
      const [low, high] = MARKET[langOf.get(l.lessor)!][l.model]!;
      return l.dayCents! >= low && l.dayCents! <= high;
    });
    // Not the yuan figures written in dollars.
    const yuan = new Set(all.filter((l) => langOf.get(l.lessor) === 'zh').map((l) => `${l.model}:${l.dayCents}`));
    expect(all.filter((l) => langOf.get(l.lessor) === 'en' && yuan.has(`${l.model}:${l.dayCents}`))).toEqual([]);
  });

  it('bills a bigger machine more a day, and rents in a machine for less than it earns leased out again', async () => {
    const billed = await db()
      .select({
        lessor: bills.lessorOrgId,
        model: deviceModels.name,
        days: billLines.days,
        amountCents: billLines.amountCents,
      })
      .from(billLines)
      .innerJoin(bills, eq(bills.id, billLines.billId))
      .innerJoin(devices, eq(devices.id, billLines.deviceId))
      .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .all();
    for (const lessor of langOf.keys()) {
      const perDay = (model: string) => {
        const rows = billed.filter((b) => b.lessor === lessor && b.model === model);
        return rows.reduce((s, b) => s + b.amountCents, 0) / rows.reduce((s, b) => s + b.days, 0);
      };
      expect(perDay('GTZZ22J boom lift'), `lessor ${lessor}`).toBeGreaterThan(2 * perDay('JCPT1412DC scissor lift'));
    }
    const rentedIn = await db().select().from(subleases).all();
    const leasedOut = rentedIn.filter((s) => s.remark !== '');
    expect(leasedOut.length).toBeGreaterThan(0);
    for (const s of leasedOut) {
      // What its bills earned over the days they billed, against what renting it in cost over the same days.
      const lines = await db()
        .select({ amountCents: billLines.amountCents, fromOn: billLines.fromOn, toOn: billLines.toOn })
        .from(billLines)
        .where(eq(billLines.deviceId, s.deviceId))
        .all();
      expect(lines.length).toBeGreaterThan(0);
      const from = lines.reduce((m, l) => (l.fromOn < m ? l.fromOn : m), lines[0]!.fromOn);
      const to = lines.reduce((m, l) => (l.toOn > m ? l.toOn : m), lines[0]!.toOn);
      const income = lines.reduce((sum, l) => sum + l.amountCents, 0);
      expect(subleaseCostCents(s, { from, to }), `sub-lease ${s.number}`).toBeLessThan(income);
    }
  });

  it('holds a deposit of two to four weeks of what a contract hires, rounded as a desk asks it, in the market’s money', async () => {
    const all = await db().select().from(contracts).where(eq(contracts.kind, 'contract')).all();
    const hired = await db().select().from(contractLines).all();
    const daily = (contractId: number) =>
      hired.filter((l) => l.contractId === contractId).reduce((sum, l) => sum + l.dayCents! * l.count, 0);
    // A draft written from an accepted quote waits for the desk to ask its deposit: quotes price the hire only.
    const fromQuotes = new Set((await db().select({ id: quotes.contractId }).from(quotes).all()).map((q) => q.id));
    const seeded = all.filter(
      (c) => langOf.has(c.lessorOrgId) && daily(c.id) > 0 && !(fromQuotes.has(c.id) && c.status === LEASE_STATUS.draft),
    );
    expect(new Set(seeded.map((c) => c.lang))).toEqual(new Set(['zh', 'en']));
    // Whole hundreds of yuan or dollars, never less than the weeks it stands for.
    await expectEvery(seeded, (c) => c.depositCents % 10_000 === 0);
    const weeks = (c: (typeof seeded)[number]) => c.depositCents / (7 * daily(c.id));
    // The rejected contract asked less than two weeks, as its rejection says.
    const rejected = seeded.filter((c) => c.status === 4);
    expect(rejected.length).toBeGreaterThan(0);
    await expectEvery(rejected, (c) => weeks(c) < 2);
    const held = seeded.filter((c) => c.status !== 4);
    await expectEvery(held, (c) => weeks(c) >= 2 && weeks(c) <= 4.2);
    // A contract of dearer machines, or of more of them, holds more: not one figure a machine whatever it is.
    for (const lessor of langOf.keys()) {
      const mine = held.filter((c) => c.lessorOrgId === lessor);
      expect(mine.length, `lessor ${lessor}`).toBeGreaterThan(3);
      for (const a of mine)
        for (const b of mine)
          if (daily(a.id) >= 2.2 * daily(b.id))
            expect(a.depositCents, `${a.number} ${b.number}`).toBeGreaterThan(b.depositCents);
      const perMachine = new Set(
        mine.map((c) => c.depositCents / hired.filter((l) => l.contractId === c.id).reduce((n, l) => n + l.count, 0)),
      );
      expect(perMachine.size, `lessor ${lessor}`).toBeGreaterThan(mine.length / 2);
    }
  });
});
