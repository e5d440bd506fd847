import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { accessoryEndpoints } from '@console/contract/http/accessories';
import { leaseChangeEndpoints } from '@console/contract/http/lease-changes';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { productEndpoints } from '@console/contract/http/products';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { dayOf } from '../lease-handover/helpers.ts';
import { storeOf } from './helpers.ts';

type Priced = { money: { currency: { code: string } } };

/**
 * The lists that answered amounts without their currency (decision 064's addendum, "Left"): contract changes,
 * sub-lessors and sub-leases, the lease price list, the accessories' hosts and a host's accessories, and work orders
 * with their payment. Each record answers the money of its company's brand: the operator's administrator reads
 * Northwind's (the global brand) in AUD beside the Chinese companies' in CNY, and Northwind reads its own in AUD.
 */
describe('the records of every lease list in their own company’s currency', () => {
  let t: TestApp;
  let operator: string;
  let huadong: string;
  let northwind: string;
  let northwindOrg: number;

  /** Every row of the operator's list in AUD when Northwind's own list holds it, else in CNY; both are present. */
  function expectEachInItsOwn<Row extends Priced>(all: Row[], northwinds: Row[], id: (row: Row) => number) {
    const theirs = new Set(northwinds.map(id));
    expect(theirs.size).toBeGreaterThan(0);
    for (const row of northwinds) expect(row.money.currency.code).toBe('AUD');
    const codes = all.map((row) => [id(row), row.money.currency.code] as const);
    expect(codes.filter(([i]) => theirs.has(i)).length).toBeGreaterThan(0);
    expect(codes.filter(([i]) => !theirs.has(i)).length).toBeGreaterThan(0);
    for (const [i, code] of codes) expect(code, `row ${i}`).toBe(theirs.has(i) ? 'AUD' : 'CNY');
  }

  beforeAll(async () => {
    t = await createTestApp();
    operator = await t.tokenFor(ROLE.companyAdmin);
    huadong = await t.tokenFor(ROLE.lessorAdmin);
    const account = globalDemoAccount(ROLE.lessorAdmin).account;
    northwind = await t.tokenForAccount(account);
    northwindOrg = (await t.dbh.db.select().from(users).where(eq(users.mobile, account)).get())!.orgId;
  });
  afterAll(() => t.dbh.close());

  it('answers each contract change, its detail and the change form in the contract’s lessor’s currency', async () => {
    const all = await t.call(leaseChangeEndpoints.list, { token: operator, query: { pageSize: 200 } });
    expect(all.status, all.message).toBe('200');
    const own = await t.call(leaseChangeEndpoints.list, { token: northwind, query: { pageSize: 200 } });
    expect(own.status, own.message).toBe('200');
    expectEachInItsOwn(all.data.list, own.data.list, (c) => c.id);

    const detail = await t.call(leaseChangeEndpoints.detail, { token: operator, query: { id: own.data.list[0]!.id } });
    expect(detail.status, detail.message).toBe('200');
    expect(detail.data.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });

    const form = await t.call(leaseChangeEndpoints.options, { token: northwind, query: {} });
    expect(form.data.money.currency.code).toBe('AUD');
    const chinese = await t.call(leaseChangeEndpoints.options, { token: huadong, query: {} });
    expect(chinese.data.money.currency.code).toBe('CNY');
  });

  it('prices each lease price list in its rental company’s currency', async () => {
    // Northwind sets a price of its own, as its administrator does on the price list.
    const options = await t.call(productEndpoints.options, { token: northwind });
    expect(options.status, options.message).toBe('200');
    expect(options.data.money.currency.code).toBe('AUD');
    expect((await t.call(productEndpoints.options, { token: huadong })).data.money.currency.code).toBe('CNY');
    const saved = await t.call(productEndpoints.saveLeasePrice, {
      token: northwind,
      body: { modelId: options.data.models[0]!.id, businessModel: 23, dayCents: 45_000, monthCents: null },
    });
    expect(saved.status, saved.message).toBe('200');

    const all = await t.call(productEndpoints.leasePrices, { token: operator, query: { pageSize: 200 } });
    expect(all.status, all.message).toBe('200');
    const own = await t.call(productEndpoints.leasePrices, { token: northwind, query: { pageSize: 200 } });
    expectEachInItsOwn(all.data.list, own.data.list, (p) => p.id);
    expect(all.data.list.find((p) => p.id === saved.data.id)).toMatchObject({ dayCents: 45_000 });
  });

  it('answers sub-lessors and sub-leases in the lessor’s currency, their cost totalled per currency', async () => {
    // Northwind rents a machine in from a company of its own, at A$120.00 a day.
    const sublessor = await t.call(subleaseEndpoints.sublessorCreate, {
      token: northwind,
      body: {
        name: 'Harbour Plant Hire Pty Ltd',
        identityType: 2,
        contactName: 'Liam Walsh',
        areaCode: '61',
        contactPhone: '412345678',
        address: '12 Wharf Road, Sydney NSW 2000',
        bankName: 'Commonwealth Bank',
        bankAccountName: 'Harbour Plant Hire Pty Ltd',
        bankAccount: '062000123456',
      },
    });
    expect(sublessor.status, sublessor.message).toBe('200');
    const model = (await t.dbh.db
      .select({ id: devices.modelId })
      .from(devices)
      .where(eq(devices.orgId, northwindOrg))
      .get())!.id;
    const day = dayOf(t.deps.now());
    const rented = await t.call(subleaseEndpoints.subleaseCreate, {
      token: northwind,
      body: {
        sublessorId: sublessor.data.id,
        startOn: day,
        endOn: day,
        businessModel: 23,
        dayCents: 12_000,
        storeId: await storeOf(t, northwindOrg),
        machines: [{ serialNumber: 'NW-RENTED-0001', deviceName: 'Hired-in scissor lift', modelId: model }],
      },
    });
    expect(rented.status, rented.message).toBe('200');

    const sublessors = await t.call(subleaseEndpoints.sublessorList, { token: operator, query: { pageSize: 200 } });
    expect(sublessors.status, sublessors.message).toBe('200');
    const ownSublessors = await t.call(subleaseEndpoints.sublessorList, { token: northwind, query: { pageSize: 200 } });
    expectEachInItsOwn(sublessors.data.list, ownSublessors.data.list, (s) => s.id);

    const all = await t.call(subleaseEndpoints.subleaseList, { token: operator, query: { pageSize: 200 } });
    expect(all.status, all.message).toBe('200');
    const own = await t.call(subleaseEndpoints.subleaseList, { token: northwind, query: { pageSize: 200 } });
    expectEachInItsOwn(all.data.list, own.data.list, (s) => s.id);
    // The cost is added up per currency, never across: Northwind's dollars apart from the Chinese companies' yuan.
    const cost = own.data.list.reduce((sum, s) => sum + s.costCents, 0);
    expect(cost).toBeGreaterThan(0);
    expect(own.data.totals.cost).toEqual([{ money: own.data.list[0]!.money, cents: cost }]);
    const totals = new Map(all.data.totals.cost.map((c) => [c.money.currency.code, c.cents]));
    expect([...totals.keys()].sort()).toEqual(['AUD', 'CNY']);
    expect(totals.get('AUD')).toBe(cost);
    const chineseCost = all.data.list
      .filter((s) => s.money.currency.code === 'CNY')
      .reduce((a, s) => a + s.costCents, 0);
    expect(totals.get('CNY')).toBe(chineseCost);

    const detail = await t.call(subleaseEndpoints.subleaseDetail, {
      token: operator,
      query: { id: rented.data.list[0]!.id },
    });
    expect(detail.status, detail.message).toBe('200');
    expect(detail.data.sublease.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
  });

  it('values each host and its accessories in its owner’s currency', async () => {
    const own = await t.call(accessoryEndpoints.hosts, { token: northwind, query: { pageSize: 20 } });
    expect(own.status, own.message).toBe('200');
    const host = own.data.list[0]!;
    expect(host.money.currency.code).toBe('AUD');
    const chinese = await t.call(accessoryEndpoints.hosts, { token: huadong, query: { pageSize: 20 } });
    const chineseHost = chinese.data.list[0]!;
    expect(chineseHost.money.currency.code).toBe('CNY');

    // The operator reads both hosts, each in its owner's currency.
    for (const [serial, code] of [
      [host.serialNumber, 'AUD'],
      [chineseHost.serialNumber, 'CNY'],
    ] as const) {
      const found = await t.call(accessoryEndpoints.hosts, { token: operator, query: { serialNumber: serial } });
      expect(found.status, found.message).toBe('200');
      const row = found.data.list.find((h) => h.serialNumber === serial)!;
      expect(row.money.currency.code, serial).toBe(code);
    }
    const accessories = await t.call(accessoryEndpoints.list, { token: operator, query: { deviceId: host.deviceId } });
    expect(accessories.status, accessories.message).toBe('200');
    expect(accessories.data.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
    const others = await t.call(accessoryEndpoints.list, {
      token: operator,
      query: { deviceId: chineseHost.deviceId },
    });
    expect(others.data.money.currency.code).toBe('CNY');
  });

  it('answers each work order and its payment in its organisation’s currency', async () => {
    const all = await t.call(workOrderEndpoints.list, { token: operator, query: { pageSize: 200 } });
    expect(all.status, all.message).toBe('200');
    const own = await t.call(workOrderEndpoints.list, { token: northwind, query: { pageSize: 200 } });
    expect(own.status, own.message).toBe('200');
    expectEachInItsOwn(all.data.list, own.data.list, (o) => o.id);

    const detail = await t.call(workOrderEndpoints.detail, { token: operator, query: { id: own.data.list[0]!.id } });
    expect(detail.status, detail.message).toBe('200');
    expect(detail.data.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
  });
});
