import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { organisations } from '@console/db/schema/accounts';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { withoutLockTasks } from '../risk/helpers.ts';
import { renewalFixture } from './helpers.ts';

/**
 * Renewal prices per currency (decision 044, "Prices per currency"): the operator keeps a list per currency a brand
 * bills in; Northwind (the global brand, AUD) is charged from the Australian list and Huadong (CNY) from the yuan one.
 */
describe('renewal prices per currency', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof renewalFixture>>;
  let northwind: string;
  /** A machine of Northwind's and one of Huadong's (the demo lessor's), due in 5 days. */
  let ids: { northwind: number; huadong: number };

  beforeEach(async () => {
    t = await createTestApp();
    await withoutLockTasks(t.dbh);
    f = await renewalFixture(t);
    northwind = await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account);
    const northwindOrg = (await t.dbh.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.kind, 'lessor'), eq(organisations.name, 'Northwind Equipment Hire')))
      .get())!.id;
    ids = {
      northwind: await f.machine(northwindOrg, 0, { serviceExpiresAt: f.day(5) }),
      huadong: await f.machine(f.fleet.own, 0, { serviceExpiresAt: f.day(5) }),
    };
  });
  afterEach(() => t.dbh.close());

  const renew = (token: string, id: number, months: 1 | 3 | 6 | 12, lang?: 'zh_CN') =>
    t.call(renewalEndpoints.create, { token, lang, body: { kind: 'device', ids: [id], months } });

  it('prices Northwind’s renewal from the Australian list and records it in AUD', async () => {
    const prices = await t.call(renewalEndpoints.prices, { token: northwind });
    // The company reads its own currency's list only: no yuan figure reaches it.
    expect(prices.data.currencies.map((c) => c.currency.code)).toEqual(['AUD']);
    expect(prices.data.list.every((p) => p.currency === 'AUD')).toBe(true);
    expect(prices.data.list).toContainEqual({ currency: 'AUD', kind: 'device', months: 3, priceCents: 2_700 });
    const item = (await t.call(renewalEndpoints.items, { token: northwind, query: { expiry: 7 } })).data.list.find(
      (i) => i.id === ids.northwind,
    );
    expect(item?.currency).toBe('AUD');

    const made = await renew(northwind, ids.northwind, 3);
    expect(made.status, made.message).toBe('200');
    const order = made.data.orders[0]!;
    expect(order).toMatchObject({ totalCents: 2_700, money: { currency: { code: 'AUD', symbol: 'A$' } } });
    const detail = await t.call(renewalEndpoints.detail, { token: northwind, query: { id: order.id } });
    expect(detail.data.lines.map((l) => l.priceCents)).toEqual([2_700]);
    // The operator's finance reads it in AUD too, beside the yuan orders of the Chinese companies.
    const asFinance = await t.call(renewalEndpoints.list, { token: f.finance, query: { keyword: order.number } });
    expect(asFinance.data.list[0]?.money.currency.code).toBe('AUD');
  });

  it('prices Huadong’s renewal from the yuan list and records it in CNY', async () => {
    const made = await renew(f.admin, ids.huadong, 3);
    expect(made.status, made.message).toBe('200');
    expect(made.data.orders[0]).toMatchObject({ totalCents: 9_000, money: { currency: { code: 'CNY', symbol: '¥' } } });
    const prices = await t.call(renewalEndpoints.prices, { token: f.admin });
    expect(prices.data.currencies.map((c) => c.currency.code)).toEqual(['CNY']);
  });

  it('renews for companies of two currencies in one go: an order each, each in its own currency', async () => {
    const made = await t.call(renewalEndpoints.create, {
      token: f.finance,
      body: { kind: 'device', ids: [ids.huadong, ids.northwind], months: 12, payNow: true, paymentReference: 'B-9' },
    });
    expect(made.status, made.message).toBe('200');
    expect(made.data.orders.map((o) => [o.money.currency.code, o.totalCents, o.state]).sort()).toEqual([
      ['AUD', 9_000, 'renewed'],
      ['CNY', 30_000, 'renewed'],
    ]);
  });

  it('lets the operator’s finance set each currency’s list, checked, and nobody else', async () => {
    const read = await t.call(renewalEndpoints.prices, { token: f.finance });
    expect(read.data).toMatchObject({ editable: true });
    expect(read.data.currencies.map((c) => c.currency.code).sort()).toEqual(['AUD', 'CNY']);

    const saved = await t.call(renewalEndpoints.savePrices, {
      token: f.finance,
      body: {
        prices: [
          { currency: 'AUD', kind: 'device', months: 1, priceCents: 1_100 },
          { currency: 'CNY', kind: 'device', months: 1, priceCents: 3_300 },
        ],
      },
    });
    expect(saved.status, saved.message).toBe('200');
    expect(saved.data.list).toContainEqual({ currency: 'AUD', kind: 'device', months: 1, priceCents: 1_100 });
    expect(saved.data.list).toContainEqual({ currency: 'CNY', kind: 'device', months: 1, priceCents: 3_300 });
    // Each list kept its own figure: the Australian price did not change the yuan one.
    expect((await renew(northwind, ids.northwind, 1)).data.orders[0]?.totalCents).toBe(1_100);
    expect((await renew(f.admin, ids.huadong, 1)).data.orders[0]?.totalCents).toBe(3_300);

    // A currency no brand bills in has no list; a malformed code or price is refused.
    const unknown = await t.call(renewalEndpoints.savePrices, {
      token: f.finance,
      body: { prices: [{ currency: 'USD', kind: 'device', months: 1, priceCents: 900 }] },
    });
    expect(unknown).toMatchObject({ status: '400', data: { field: 'prices.0.currency' } });
    expect(unknown.message).toContain('USD');
    const badCode = await t.call(renewalEndpoints.savePrices, {
      token: f.finance,
      loose: { body: { prices: [{ currency: 'aud', kind: 'device', months: 1, priceCents: 900 }] } },
    });
    expect(badCode.status).toBe('400');
    const badPrice = await t.call(renewalEndpoints.savePrices, {
      token: f.finance,
      loose: { body: { prices: [{ currency: 'AUD', kind: 'device', months: 1, priceCents: 0 }] } },
    });
    expect(badPrice.status).toBe('400');
    // A rental company reads its list but cannot change it, not even its own currency's.
    for (const token of [northwind, f.admin]) {
      const refused = await t.call(renewalEndpoints.savePrices, {
        token,
        body: { prices: [{ currency: 'AUD', kind: 'device', months: 1, priceCents: 1 }] },
      });
      expect(refused.status).toBe('403');
    }
    const kept = await t.call(renewalEndpoints.prices, { token: northwind });
    expect(kept.data.list).toContainEqual({ currency: 'AUD', kind: 'device', months: 1, priceCents: 1_100 });
  });

  it('refuses a period the company’s currency does not price, though another currency does', async () => {
    const saved = await t.call(renewalEndpoints.savePrices, {
      token: f.finance,
      body: { prices: [{ currency: 'AUD', kind: 'device', months: 6, priceCents: null }] },
    });
    expect(saved.status, saved.message).toBe('200');
    const prices = await t.call(renewalEndpoints.prices, { token: northwind });
    expect(prices.data.list.find((p) => p.kind === 'device' && p.months === 6)).toBeUndefined();

    const refused = await renew(northwind, ids.northwind, 6);
    expect(refused).toMatchObject({ status: '400', data: { field: 'months' } });
    expect(refused.message).toBe('No renewal price is set for 6 months in AUD');
    const zh = await renew(northwind, ids.northwind, 6, 'zh_CN');
    expect(zh.message).toBe('未配置 AUD 的 6 个月续费价格');
    // Nothing was made; the yuan list still offers six months to Huadong.
    expect((await t.call(renewalEndpoints.list, { token: northwind })).data.total).toBe(0);
    expect((await renew(f.admin, ids.huadong, 6)).data.orders[0]?.totalCents).toBe(18_000);
    expect(await f.expiryOf(ids.northwind)).toBe(f.day(5));
  });
});

describe('the seeded renewals per currency', () => {
  it('gives Northwind’s demo orders in AUD from the Australian list, and Huadong’s in CNY', async () => {
    const t = await createTestApp();
    try {
      const northwind = await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account);
      const own = await t.call(renewalEndpoints.list, { token: northwind, query: { pageSize: 50 } });
      expect(own.data.total).toBeGreaterThan(0);
      expect(own.data.list.every((o) => o.money.currency.code === 'AUD')).toBe(true);
      // The order waiting for payment: one machine for three months at A$9.00 a month.
      expect(own.data.list.find((o) => o.state === 'pending')).toMatchObject({ itemCount: 1, totalCents: 2_700 });
      const huadong = await t.call(renewalEndpoints.list, { token: await t.tokenFor(ROLE.lessorAdmin) });
      expect(huadong.data.list.every((o) => o.money.currency.code === 'CNY')).toBe(true);
      expect(huadong.data.list.find((o) => o.state === 'pending')).toMatchObject({ totalCents: 9_000 });
    } finally {
      t.dbh.close();
    }
  });
});
