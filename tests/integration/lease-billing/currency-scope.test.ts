import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { screenEndpoints } from '@console/contract/http/screens';
import { users } from '@console/db/schema/accounts';
import { contracts, stores } from '@console/db/schema/lease';
import { deviceExpenses } from '@console/db/schema/device-records';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The `currency` query of the money figures (decision 064's addendum) chooses among the currencies of the companies
 * a user already sees; it never widens what the user sees. A Chinese rental company asking for Australian dollars
 * still gets its own yuan figures and nothing of Northwind's (the global brand, AUD), and Northwind asking for yuan
 * gets its own dollars; a role that may not read the figures is refused whatever it asks; a value that is no
 * currency code is refused in the reader's language.
 */
describe('a currency asked for never widens what a user sees', () => {
  let t: TestApp;
  let huadong: string;
  let northwind: string;
  let northwindOrg: number;
  let northwindContracts: Set<number>;
  let northwindStores: Set<number>;
  beforeAll(async () => {
    t = await createTestApp();
    // One moment for every answer, so two answers of the same figures are equal.
    const frozen = Date.now();
    t.deps.now = () => frozen;
    huadong = await t.tokenFor(ROLE.lessorAdmin);
    const account = globalDemoAccount(ROLE.lessorAdmin).account;
    northwind = await t.tokenForAccount(account);
    northwindOrg = (await t.dbh.db.select().from(users).where(eq(users.mobile, account)).get())!.orgId;
    const { db } = t.dbh;
    northwindContracts = new Set(
      (await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.lessorOrgId, northwindOrg)).all()).map(
        (c) => c.id,
      ),
    );
    northwindStores = new Set(
      (await db.select({ id: stores.id }).from(stores).where(eq(stores.orgId, northwindOrg)).all()).map((s) => s.id),
    );
  });
  afterAll(() => t.dbh.close());

  it('keeps a rental company to its own revenue and income in its own currency', async () => {
    const own = await t.call(revenueEndpoints.summary, { token: huadong, query: {} });
    expect(own.status, own.message).toBe('200');
    expect(own.data.currencies.map((m) => m.currency.code)).toEqual(['CNY']);
    expect(own.data.totals.billedCents).toBeGreaterThan(0);

    const asked = await t.call(revenueEndpoints.summary, { token: huadong, query: { currency: 'AUD' } });
    expect(asked.status, asked.message).toBe('200');
    expect(asked.data).toEqual(own.data);
    expect(asked.data.byStore.some((s) => northwindStores.has(s.id))).toBe(false);

    const lines = await t.call(revenueEndpoints.incomeList, {
      token: huadong,
      query: { currency: 'AUD', pageSize: 200 },
    });
    expect(lines.data.money.currency.code).toBe('CNY');
    expect(lines.data.list.length).toBeGreaterThan(0);
    expect(lines.data.list.every((r) => r.money.currency.code === 'CNY')).toBe(true);
    expect(lines.data.list.some((r) => northwindContracts.has(r.contractId))).toBe(false);
    expect(lines.data.totals).toEqual(
      (await t.call(revenueEndpoints.incomeList, { token: huadong, query: { pageSize: 200 } })).data.totals,
    );

    // Northwind asking for yuan reads its own dollars, the same as asking for nothing.
    const northwindOwn = await t.call(revenueEndpoints.summary, { token: northwind, query: {} });
    const northwindAsked = await t.call(revenueEndpoints.summary, { token: northwind, query: { currency: 'CNY' } });
    expect(northwindAsked.data.money.currency.code).toBe('AUD');
    expect(northwindAsked.data).toEqual(northwindOwn.data);
  });

  it('keeps a rental company to its own arrears, on the list and on the lease screen', async () => {
    const own = await t.call(billingEndpoints.arrears, { token: huadong, query: { pageSize: 200 } });
    expect(own.status, own.message).toBe('200');
    // The list answers each currency's total apart and takes no currency: one sent is no way into another's rows.
    const asked = await t.call(billingEndpoints.arrears, {
      token: huadong,
      loose: { query: { pageSize: 200, currency: 'AUD' } },
    });
    expect(asked.status, asked.message).toBe('200');
    expect(asked.data).toEqual(own.data);
    expect(asked.data.totals.overdue.map((o) => o.money.currency.code)).toEqual(['CNY']);
    expect(asked.data.list.some((r) => r.contractId !== null && northwindContracts.has(r.contractId))).toBe(false);

    const screen = await t.call(screenEndpoints.lease, { token: huadong, query: {} });
    const screenAsked = await t.call(screenEndpoints.lease, { token: huadong, query: { currency: 'AUD' } });
    expect(screenAsked.status, screenAsked.message).toBe('200');
    expect(screenAsked.data.money.currency.code).toBe('CNY');
    expect(screenAsked.data.currencies.map((m) => m.currency.code)).toEqual(['CNY']);
    expect(screenAsked.data).toEqual(screen.data);
  });

  it('keeps a rental company to its own machines’ expenses', async () => {
    const summary = await t.call(deviceRecordEndpoints.expenseSummary, { token: huadong, query: {} });
    expect(summary.status, summary.message).toBe('200');
    const asked = await t.call(deviceRecordEndpoints.expenseSummary, { token: huadong, query: { currency: 'AUD' } });
    expect(asked.data.money.currency.code).toBe('CNY');
    expect(asked.data.currencies.every((m) => m.currency.code === 'CNY')).toBe(true);
    expect(asked.data).toEqual(summary.data);

    const listed = await t.call(deviceRecordEndpoints.expenses, {
      token: huadong,
      query: { currency: 'AUD', pageSize: 200 },
    });
    expect(listed.status, listed.message).toBe('200');
    expect(listed.data.money.currency.code).toBe('CNY');
    expect(listed.data.totals).toEqual(summary.data.totals);
    const northwindExpenses = new Set(
      (
        await t.dbh.db
          .select({ id: deviceExpenses.id })
          .from(deviceExpenses)
          .where(eq(deviceExpenses.orgId, northwindOrg))
          .all()
      ).map((e) => e.id),
    );
    expect(northwindExpenses.size).toBeGreaterThan(0);
    expect(listed.data.list.some((e) => northwindExpenses.has(e.id))).toBe(false);
    expect(listed.data.list.every((e) => e.money.currency.code === 'CNY')).toBe(true);
  });

  it('refuses a role that may not read the figures, whichever currency it asks for', async () => {
    const renter = await t.tokenFor(ROLE.other);
    const salesperson = await t.tokenFor(ROLE.lessorSales);
    const technician = await t.tokenFor(ROLE.technician);
    const refusals = [
      await t.call(revenueEndpoints.summary, { token: renter, query: { currency: 'AUD' } }),
      await t.call(revenueEndpoints.incomeList, { token: salesperson, query: { currency: 'CNY' } }),
      await t.call(screenEndpoints.lease, { token: renter, query: { currency: 'AUD' } }),
      await t.call(billingEndpoints.arrears, { token: salesperson, loose: { query: { currency: 'AUD' } } }),
      await t.call(deviceRecordEndpoints.expenseSummary, { token: technician, query: { currency: 'AUD' } }),
      await t.call(deviceRecordEndpoints.expenses, { token: technician, query: { currency: 'CNY' } }),
    ];
    for (const [i, refused] of refusals.entries()) {
      expect(refused.status, `call ${i}`).toBe('403');
      expect(refused.data, `call ${i}`).toBeNull();
    }
  });

  it('refuses a currency that is no currency code, in the reader’s language', async () => {
    const finance = await t.tokenFor(ROLE.finance);
    const calls = [
      (lang: 'en_US' | 'zh_CN') =>
        t.call(revenueEndpoints.summary, { token: finance, lang, loose: { query: { currency: 'aud' } } }),
      (lang: 'en_US' | 'zh_CN') =>
        t.call(revenueEndpoints.incomeList, { token: finance, lang, loose: { query: { currency: 'DOLLARS' } } }),
      (lang: 'en_US' | 'zh_CN') =>
        t.call(screenEndpoints.lease, { token: finance, lang, loose: { query: { currency: 'A$' } } }),
      (lang: 'en_US' | 'zh_CN') =>
        t.call(deviceRecordEndpoints.expenseSummary, { token: finance, lang, loose: { query: { currency: '12' } } }),
      (lang: 'en_US' | 'zh_CN') =>
        t.call(deviceRecordEndpoints.expenses, { token: finance, lang, loose: { query: { currency: 'cny' } } }),
    ];
    for (const [i, call] of calls.entries()) {
      const en = await call('en_US');
      expect(en.status, `call ${i}`).toBe('400');
      expect(en.message, `call ${i}`).toBe('Invalid input: currency, Invalid format');
      expect(en.data.field, `call ${i}`).toBe('currency');
      const zh = await call('zh_CN');
      expect(zh.status, `call ${i}`).toBe('400');
      expect(zh.message, `call ${i}`).toBe('参数错误：currency，格式不正确');
    }
  });
});
