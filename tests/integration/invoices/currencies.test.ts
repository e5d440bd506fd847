import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { invoiceEndpoints, type InvoiceRequestForm } from '@console/contract/http/invoices';
import { organisations, users } from '@console/db/schema/accounts';
import { invoiceEvents, invoiceItems, invoices } from '@console/db/schema/invoices';
import { renewalOrders } from '@console/db/schema/renewals';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { orgOf } from '../commands/helpers.ts';
import { invoiceForm } from './helpers.ts';

/**
 * An invoice carries the currency of what it covers (decision 064's addendum "Invoices carry their currency"):
 * Northwind (the global brand, AUD) asks in Australian dollars and Huadong (CNY) in yuan, and the operator's finance,
 * whose console is the Chinese brand's, reads each in its own currency.
 */
describe('invoices in the currency of what they cover', () => {
  let t: TestApp;
  let northwind: string;
  let huadong: string;
  let finance: string;
  let northwindOrg: number;
  beforeEach(async () => {
    t = await createTestApp();
    // The seed's invoices gone, so every paid renewal order may be asked for again.
    await t.dbh.db.delete(invoiceEvents).run();
    await t.dbh.db.delete(invoiceItems).run();
    await t.dbh.db.delete(invoices).run();
    const account = globalDemoAccount(ROLE.lessorAdmin).account;
    northwind = await t.tokenForAccount(account);
    northwindOrg = (await t.dbh.db.select().from(users).where(eq(users.mobile, account)).get())!.orgId;
    huadong = await t.tokenFor(ROLE.lessorAdmin);
    finance = await t.tokenFor(ROLE.finance);
  });
  afterEach(() => t.dbh.close());

  const renewedOf = (orgId: number) =>
    t.dbh.db
      .select()
      .from(renewalOrders)
      .where(and(eq(renewalOrders.orgId, orgId), eq(renewalOrders.state, 'renewed')))
      .orderBy(asc(renewalOrders.id))
      .all();
  const invoiceable = (token: string) => t.call(invoiceEndpoints.invoiceable, { token });
  /** A request with the company's invoice information on file (its brand's kind of invoice and tax number). */
  const request = async (token: string, items: InvoiceRequestForm['items'], lang?: 'zh_CN' | 'en_US') => {
    const { profile } = (await invoiceable(token)).data;
    const { invoiceType: type, taxRate, title, taxNumber, contact } = profile;
    return t.call(invoiceEndpoints.request, {
      token,
      lang,
      body: invoiceForm(items, { type, taxRate, title, taxNumber, contact }),
    });
  };
  /** The invoice as a reader's list and detail answer it. */
  const readBy = async (token: string, number: string) => {
    const listed = await t.call(invoiceEndpoints.list, { token, query: { keyword: number, pageSize: 10 } });
    expect(listed.status, listed.message).toBe('200');
    const row = listed.data.list.find((r) => r.number === number)!;
    const detail = await t.call(invoiceEndpoints.detail, { token, query: { id: row.id } });
    return { row, detail: detail.data };
  };

  it('records Northwind’s invoice over its renewal in AUD, as the operator’s finance and Northwind read it', async () => {
    const order = (await renewedOf(northwindOrg))[0]!;
    expect(order.currency).toBe('AUD');
    const offered = (await invoiceable(northwind)).data.list.find(
      (i) => i.source === 'renewal' && i.sourceId === order.id,
    );
    expect(offered?.money.currency).toEqual({ code: 'AUD', symbol: 'A$', minorUnits: 2 });

    const made = await request(northwind, [{ source: 'renewal', id: order.id }]);
    expect(made.status, made.message).toBe('200');
    expect(made.data).toMatchObject({ totalCents: order.totalCents, money: { currency: { code: 'AUD' } } });

    for (const reader of [finance, northwind]) {
      const { row, detail } = await readBy(reader, made.data.number);
      expect(row.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
      expect(row.totalCents).toBe(order.totalCents);
      expect(detail.items).toEqual([expect.objectContaining({ amountCents: order.totalCents })]);
      expect(detail.items[0]!.money.currency.code).toBe('AUD');
    }
  });

  it('records Huadong’s invoice over its renewal in CNY, as the operator’s finance and Huadong read it', async () => {
    const order = (await renewedOf(await orgOf(t.dbh, ROLE.lessorAdmin)))[0]!;
    const made = await request(huadong, [{ source: 'renewal', id: order.id }]);
    expect(made.status, made.message).toBe('200');
    expect(made.data.money.currency).toEqual({ code: 'CNY', symbol: '¥', minorUnits: 2 });
    for (const reader of [finance, huadong]) {
      const { row, detail } = await readBy(reader, made.data.number);
      expect(row.money.currency.code).toBe('CNY');
      expect(detail.items.map((i) => i.money.currency.code)).toEqual(['CNY']);
    }
  });

  it('records the invoice a renter of Northwind asks over a lease bill in AUD, as Northwind issues it', async () => {
    const renterOrg = (await t.dbh.db
      .select({ id: organisations.id })
      .from(organisations)
      .innerJoin(users, eq(users.orgId, organisations.id))
      .where(
        and(eq(organisations.parentId, northwindOrg), eq(organisations.kind, 'customer'), eq(users.roleId, ROLE.other)),
      )
      .get())!.id;
    const renter = await t.tokenForAccount(
      (await t.dbh.db
        .select()
        .from(users)
        .where(and(eq(users.orgId, renterOrg), eq(users.roleId, ROLE.other)))
        .get())!.mobile,
    );
    const bill = (await invoiceable(renter)).data.list.find((i) => i.source === 'bill')!;
    expect(bill.money.currency.code).toBe('AUD');
    const made = await request(renter, [{ source: 'bill', id: bill.sourceId }]);
    expect(made.status, made.message).toBe('200');
    expect(made.data.money.currency.code).toBe('AUD');
    const { row } = await readBy(northwind, made.data.number);
    expect(row).toMatchObject({ totalCents: bill.amountCents, money: { currency: { code: 'AUD' } } });
  });

  it('refuses a request over items paid in two currencies, saying why in both languages, and records nothing', async () => {
    const [older, newer] = await renewedOf(northwindOrg);
    // An order made before orders named their currency was kept as yuan (migration renewal_prices_per_currency).
    await t.dbh.db.update(renewalOrders).set({ currency: 'CNY' }).where(eq(renewalOrders.id, older!.id)).run();
    const offered = (await invoiceable(northwind)).data.list.filter((i) => i.source === 'renewal');
    expect(new Set(offered.map((i) => i.money.currency.code))).toEqual(new Set(['CNY', 'AUD']));

    const items = [older!, newer!].map((o) => ({ source: 'renewal' as const, id: o.id }));
    const en = await request(northwind, items, 'en_US');
    expect(en.status).toBe('409');
    expect(en.message).toContain('one invoice holds items paid in one currency only');
    expect(en.message).toContain('AUD');
    const zh = await request(northwind, items, 'zh_CN');
    expect(zh.status).toBe('409');
    expect(zh.message).toContain('一张发票只能包含同一币种的订单');
    expect(await t.dbh.db.select().from(invoices).all()).toEqual([]);

    // Each currency on its own invoice is accepted.
    expect((await request(northwind, [items[0]!])).data.money.currency.code).toBe('CNY');
    expect((await request(northwind, [items[1]!])).data.money.currency.code).toBe('AUD');
  });
});

describe('the demo’s invoices', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('are in AUD for Northwind and its renters and in CNY for Huadong, as the operator’s finance reads them', async () => {
    const finance = await t.tokenFor(ROLE.finance);
    const northwindOrg = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, globalDemoAccount(ROLE.lessorAdmin).account))
      .get())!.orgId;
    const currenciesOf = async (orgId: number) =>
      new Set(
        (await t.call(invoiceEndpoints.list, { token: finance, query: { orgId, pageSize: 200 } })).data.list.map(
          (r) => r.money.currency.code,
        ),
      );
    // Northwind's own requests to the operator and its renters' requests to it.
    expect(await currenciesOf(northwindOrg)).toEqual(new Set(['AUD']));
    expect(await currenciesOf(await orgOf(t.dbh, ROLE.lessorAdmin))).toEqual(new Set(['CNY']));
  });
});
