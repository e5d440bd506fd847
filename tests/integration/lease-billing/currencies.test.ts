import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { couponEndpoints } from '@console/contract/http/coupons';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { productEndpoints } from '@console/contract/http/products';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { users } from '@console/db/schema/accounts';
import { bills } from '@console/db/schema/lease-billing';
import { contracts } from '@console/db/schema/lease';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { billedIncome } from '../../fixtures/billed-income.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * Each record in its own organisation's currency, and no figure adding two (decision 064's addendum): the operator's
 * finance sees Northwind (the global brand, AUD) beside the Chinese companies (CNY). Its answers name Northwind's
 * records in AUD, and its revenue and arrears figures are per currency, each the sum of that currency's rows;
 * Northwind's own console sees one currency, its own.
 */
describe('money of several currencies on the operator’s console', () => {
  let t: TestApp;
  let finance: string;
  let northwind: string;
  let northwindOrg: number;
  beforeAll(async () => {
    t = await createTestApp();
    finance = await t.tokenFor(ROLE.finance);
    const account = globalDemoAccount(ROLE.lessorAdmin).account;
    northwind = await t.tokenForAccount(account);
    northwindOrg = (await t.dbh.db.select().from(users).where(eq(users.mobile, account)).get())!.orgId;
  });
  afterAll(() => t.dbh.close());

  /** Billed income within the range (lines, overtime, charges, less credit notes), of Northwind’s or everyone else’s. */
  const billedIn = (range: { from: string; to: string }, northwindOnly: boolean) =>
    billedIncome(t, range, northwindOnly ? eq(bills.lessorOrgId, northwindOrg) : ne(bills.lessorOrgId, northwindOrg));

  it('answers the revenue analysis one currency at a time, yuan first, Australian dollars when asked', async () => {
    const yuan = await t.call(revenueEndpoints.summary, { token: finance, query: {} });
    expect(yuan.status, yuan.message).toBe('200');
    expect(yuan.data.currencies.map((m) => m.currency.code)).toEqual(['CNY', 'AUD']);
    expect(yuan.data.money.currency.code).toBe('CNY');
    expect(yuan.data.totals.billedCents).toBe(await billedIn(yuan.data.range, false));

    const aud = await t.call(revenueEndpoints.summary, { token: finance, query: { currency: 'AUD' } });
    expect(aud.data.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
    const northwindBilled = await billedIn(aud.data.range, true);
    expect(northwindBilled).toBeGreaterThan(0);
    expect(aud.data.totals.billedCents).toBe(northwindBilled);
    // Northwind's stores are in the Australian dollar figures only.
    const audStores = aud.data.byStore.map((s) => s.id);
    expect(yuan.data.byStore.some((s) => audStores.includes(s.id))).toBe(false);
    expect(aud.data.byStore.reduce((sum, s) => sum + s.billedCents, 0)).toBe(northwindBilled);

    // A store filtered on without a currency reads in its company's currency.
    const store = await t.call(revenueEndpoints.summary, { token: finance, query: { storeId: audStores[0] } });
    expect(store.data.money.currency.code).toBe('AUD');

    // The income lines of the same currency add up to the same figure, each line in it.
    const lines = await t.call(revenueEndpoints.incomeList, {
      token: finance,
      query: { currency: 'AUD', pageSize: 50 },
    });
    expect(lines.data.money.currency.code).toBe('AUD');
    expect(lines.data.totals.billedCents).toBe(northwindBilled);
    expect(lines.data.list.every((r) => r.money.currency.code === 'AUD')).toBe(true);
  });

  it('shows Northwind its own figures in Australian dollars, with no other currency to choose', async () => {
    const own = await t.call(revenueEndpoints.summary, { token: northwind, query: {} });
    expect(own.status, own.message).toBe('200');
    expect(own.data.currencies.map((m) => m.currency.code)).toEqual(['AUD']);
    expect(own.data.totals.billedCents).toBe(await billedIn(own.data.range, true));
    const arrears = await t.call(billingEndpoints.arrears, { token: northwind, query: { pageSize: 200 } });
    expect(arrears.data.totals.overdue.map((o) => o.money.currency.code)).toEqual(['AUD']);
  });

  it('totals arrears per currency, each the sum of its rows, Northwind’s in AUD', async () => {
    const arrears = await t.call(billingEndpoints.arrears, { token: finance, query: { pageSize: 200 } });
    expect(arrears.status, arrears.message).toBe('200');
    const rows = [...arrears.data.list];
    for (let page = 2; rows.length < arrears.data.total; page++) {
      const next = await t.call(billingEndpoints.arrears, { token: finance, query: { pageSize: 200, page } });
      expect(next.data.list.length).toBeGreaterThan(0);
      rows.push(...next.data.list);
    }
    const codes = arrears.data.totals.overdue.map((o) => o.money.currency.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['CNY', 'AUD']));
    for (const total of arrears.data.totals.overdue) {
      const own = rows.filter((r) => r.money.currency.code === total.money.currency.code);
      expect(total.cents).toBe(own.reduce((sum, r) => sum + r.overdueCents, 0));
    }
    const northwindRows = rows.filter((r) => r.money.currency.code === 'AUD');
    expect(northwindRows.length).toBeGreaterThan(0);
    const northwindContracts = (
      await t.dbh.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.lessorOrgId, northwindOrg)).all()
    ).map((c) => c.id);
    expect(northwindRows.every((r) => r.contractId === null || northwindContracts.includes(r.contractId))).toBe(true);
  });

  it('names Northwind’s contracts, bills, receipts and ledger in AUD on the operator’s console', async () => {
    const contract = (await t.dbh.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.lessorOrgId, northwindOrg))
      .get())!;
    const detail = await t.call(leaseContractEndpoints.detail, { token: finance, query: { id: contract.id } });
    expect(detail.status, detail.message).toBe('200');
    expect(detail.data.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
    const arrears = await t.call(billingEndpoints.contractArrears, {
      token: finance,
      query: { contractId: contract.id },
    });
    expect(arrears.data.money.currency.code).toBe('AUD');

    const billed = (await t.dbh.db
      .select({ id: bills.id, renterId: bills.renterOrgId })
      .from(bills)
      .where(eq(bills.lessorOrgId, northwindOrg))
      .get())!;
    const bill = await t.call(billingEndpoints.billDetail, { token: finance, query: { id: billed.id } });
    expect(bill.data.bill.money.currency.code).toBe('AUD');
    const list = await t.call(billingEndpoints.billList, {
      token: finance,
      query: { renterId: billed.renterId, pageSize: 20 },
    });
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((b) => b.money.currency.code === 'AUD')).toBe(true);
    const receipts = await t.call(billingEndpoints.receiptList, {
      token: finance,
      query: { renterId: billed.renterId, pageSize: 20 },
    });
    expect(receipts.data.list.every((r) => r.money.currency.code === 'AUD')).toBe(true);
    const ledger = await t.call(billingEndpoints.ledger, {
      token: finance,
      query: { renterId: billed.renterId, pageSize: 20 },
    });
    expect(ledger.data.list.length).toBeGreaterThan(0);
    expect(ledger.data.list.every((r) => r.money.currency.code === 'AUD')).toBe(true);

    // The Chinese companies' records stay in yuan beside them.
    const all = await t.call(billingEndpoints.billList, { token: finance, query: { pageSize: 200 } });
    expect(new Set(all.data.list.map((b) => b.money.currency.code))).toContain('CNY');
  });

  it('names Northwind’s coupons, products and shop orders in AUD on the operator’s console', async () => {
    const coupons = await t.call(couponEndpoints.list, { token: finance, query: { pageSize: 200 } });
    expect(coupons.status, coupons.message).toBe('200');
    const ownCoupons = await t.call(couponEndpoints.list, { token: northwind, query: { pageSize: 200 } });
    const northwindCoupons = new Set(ownCoupons.data.list.map((c) => c.id));
    expect(northwindCoupons.size).toBeGreaterThan(0);
    for (const c of coupons.data.list) {
      expect(c.money.currency.code).toBe(northwindCoupons.has(c.id) ? 'AUD' : 'CNY');
    }

    const products = await t.call(productEndpoints.list, { token: northwind, query: { pageSize: 200 } });
    expect(products.data.list.every((p) => p.money.currency.code === 'AUD')).toBe(true);

    const orders = await t.call(shopOrderEndpoints.list, { token: northwind, query: { pageSize: 200 } });
    expect(orders.status, orders.message).toBe('200');
    expect(orders.data.list.every((o) => o.money.currency.code === 'AUD')).toBe(true);
  });

  it('adds up machine expenses one currency at a time', async () => {
    const yuan = await t.call(deviceRecordEndpoints.expenseSummary, { token: finance, query: {} });
    expect(yuan.status, yuan.message).toBe('200');
    expect(yuan.data.money.currency.code).toBe(yuan.data.currencies[0]?.currency.code ?? 'CNY');
    for (const money of yuan.data.currencies) {
      const code = money.currency.code;
      const summary = await t.call(deviceRecordEndpoints.expenseSummary, { token: finance, query: { currency: code } });
      const listed = await t.call(deviceRecordEndpoints.expenses, {
        token: finance,
        query: { currency: code, pageSize: 10 },
      });
      expect(summary.data.money.currency.code).toBe(code);
      expect(listed.data.totals).toEqual(summary.data.totals);
      expect(summary.data.months.reduce((s, m) => s + m.all, 0)).toBe(summary.data.totals.all);
    }
  });
});
