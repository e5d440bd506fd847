import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { users } from '@console/db/schema/accounts';
import { contracts, renters } from '@console/db/schema/lease';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * One company's records in that company's currency wherever they are read (decision 064's addendum): a renter's
 * arrears and balance, the arrears a receipt form shows, the currency a new contract is written in, and the contract a
 * public link opens are in the lessor's brand's money, not the money of the console they are read on. The operator's
 * finance reads Northwind's (the global brand) in AUD beside the Chinese companies' in CNY.
 */
describe('a company’s records in its own currency on every console', () => {
  let t: TestApp;
  let finance: string;
  let northwind: string;
  let northwindOrg: number;
  let northwindRenters: Set<number>;
  beforeAll(async () => {
    t = await createTestApp();
    finance = await t.tokenFor(ROLE.finance);
    const account = globalDemoAccount(ROLE.lessorAdmin).account;
    northwind = await t.tokenForAccount(account);
    northwindOrg = (await t.dbh.db.select().from(users).where(eq(users.mobile, account)).get())!.orgId;
    northwindRenters = new Set(
      (
        await t.dbh.db.select({ id: renters.orgId }).from(renters).where(eq(renters.lessorOrgId, northwindOrg)).all()
      ).map((r) => r.id),
    );
  });
  afterAll(() => t.dbh.close());

  it('names each renter’s arrears in its lessor’s currency on the operator’s renter list and detail', async () => {
    const list = await t.call(partyEndpoints.renterList, { token: finance, query: { pageSize: 200 } });
    expect(list.status, list.message).toBe('200');
    expect(list.data.list.some((r) => northwindRenters.has(r.id))).toBe(true);
    expect(list.data.list.some((r) => !northwindRenters.has(r.id))).toBe(true);
    for (const r of list.data.list)
      expect(r.money.currency.code, r.name).toBe(northwindRenters.has(r.id) ? 'AUD' : 'CNY');

    const renterId = [...northwindRenters][0]!;
    const detail = await t.call(partyEndpoints.renterDetail, { token: finance, query: { id: renterId } });
    expect(detail.status, detail.message).toBe('200');
    expect(detail.data.renter.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
    // Northwind's own console answers the same renter in the same currency.
    const own = await t.call(partyEndpoints.renterDetail, { token: northwind, query: { id: renterId } });
    expect(own.data.renter.money).toEqual(detail.data.renter.money);
    expect(own.data.balance).toEqual(detail.data.balance);
  });

  it('gives the receipt form each renter’s arrears in its lessor’s currency', async () => {
    const picked = await t.call(billingEndpoints.renters, { token: finance });
    expect(picked.status, picked.message).toBe('200');
    const codes = new Set(picked.data.list.map((r) => r.money.currency.code));
    expect([...codes].sort()).toEqual(['AUD', 'CNY']);
    for (const r of picked.data.list)
      expect(r.money.currency.code, r.name).toBe(northwindRenters.has(r.id) ? 'AUD' : 'CNY');
  });

  it('writes a new contract in the writer’s company’s currency', async () => {
    const own = await t.call(leaseContractEndpoints.options, { token: northwind });
    expect(own.status, own.message).toBe('200');
    expect(own.data.money.currency.code).toBe('AUD');
    const chinese = await t.call(leaseContractEndpoints.options, { token: await t.tokenFor(ROLE.lessorAdmin) });
    expect(chinese.data.money.currency.code).toBe('CNY');
  });

  it('opens a public link of Northwind’s contract in AUD, in either language', async () => {
    const contract = (await t.dbh.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.lessorOrgId, northwindOrg), eq(contracts.status, LEASE_STATUS.inExecution)))
      .get())!;
    const link = await t.call(leaseContractEndpoints.exportLink, { token: finance, body: { id: contract.id } });
    expect(link.status, link.message).toBe('200');
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const view = await t.call(leaseContractEndpoints.exportView, { lang, query: { token: link.data.token } });
      expect(view.status, view.message).toBe('200');
      expect(view.data.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
    }
  });
});
