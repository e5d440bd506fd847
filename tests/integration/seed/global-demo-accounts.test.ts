import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { deviceEndpoints } from '@console/contract/http/devices';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { ROLE } from '@console/contract/codes/roles';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { orgTimeZone } from '@console/db/org-zone';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { isValidPhone } from '@console/contract/http/fields';
import { organisations, users } from '@console/db/schema/accounts';
import { dayInZone } from '@console/server/src/lib/time';
import {
  DEMO_PASSWORD,
  GLOBAL_BUSINESS,
  GLOBAL_DEMO_RENTER,
  GLOBAL_DEMO_ROLES,
  globalDemoAccount,
} from '@console/db/seed/accounts';
import { BUSINESSES } from '@console/db/seed/business';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const CJK = /[\u4e00-\u9fff]/;

/** The English company's own demo accounts (README): they sign in under +61 and see Northwind's English business. */
describe('the English rental company has its own demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  /** A demo account signed in as its people do, with the role it should have: its token. */
  const signIn = async ({ account, areaCode }: { account: string; areaCode: string }, roleId: number) => {
    const login = await t.call(authEndpoints.login, { query: { account, areaCode, password: DEMO_PASSWORD } });
    expect(login.status, login.message).toBe('200');
    expect(login.data.roleId).toBe(roleId);
    return login.data.token as string;
  };
  /** Northwind's customer companies. */
  const northwindCustomers = async () => {
    const northwind = (await t.dbh.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Northwind Equipment Hire'))
      .get())!;
    return t.dbh.db.select().from(organisations).where(eq(organisations.parentId, northwind.id)).all();
  };

  it.each(GLOBAL_DEMO_ROLES)('role %i signs in with +61 and sees only Northwind, in English', async (roleId) => {
    const token = await signIn(globalDemoAccount(roleId), roleId);
    const machines = await t.call(deviceEndpoints.list, { query: { page: 1, pageSize: 100 }, token });
    expect(machines.status).toBe('200');
    expect(machines.data.total).toBeGreaterThan(0);
    await expectEvery(
      machines.data.list,
      (row) => row.ownerName === 'Northwind Equipment Hire Pty Ltd' && !CJK.test(row.hostName + row.deviceName),
      'the machines the account sees',
    );
  });

  it("gives the English company's technician work orders of its own, in English", async () => {
    const token = await signIn(globalDemoAccount(ROLE.technician), ROLE.technician);
    const mine = await t.call(workOrderEndpoints.list, { query: { page: 1, pageSize: 100 }, token });
    expect(mine.data.total).toBeGreaterThan(0);
    await expectEvery(mine.data.list, (o) => !CJK.test(`${o.title}${o.orgName}`), 'the orders the technician sees');
    expect(mine.data.list.some((o) => o.status !== WO_STATUS.pending)).toBe(true);
  });

  it("gives Northwind's customers renters who sign in with +61 and read their own bills in Australian dollars", async () => {
    const token = await signIn(GLOBAL_DEMO_RENTER, ROLE.other);
    const bills = await t.call(billingEndpoints.billList, { query: { page: 1, pageSize: 100 }, token });
    expect(bills.status).toBe('200');
    expect(bills.data.total).toBeGreaterThan(0);
    await expectEvery(
      bills.data.list,
      (b) => b.lessorName === 'Northwind Equipment Hire Pty Ltd' && b.money.currency.code === 'AUD',
      'the bills the renter reads',
    );
    // Every customer of Northwind has people of its own, at Australian mobiles.
    const customers = await northwindCustomers();
    const theirs = customers.filter((c) => BUSINESSES[GLOBAL_BUSINESS]!.customers.includes(c.name));
    expect(theirs).toHaveLength(3);
    for (const customer of theirs) {
      const people = await t.dbh.db.select().from(users).where(eq(users.orgId, customer.id)).all();
      expect(people.filter((p) => p.roleId === ROLE.other).length, customer.name).toBeGreaterThanOrEqual(2);
      await expectEvery(
        people,
        (p) => p.areaCode === '61' && isValidPhone(p.mobile, p.areaCode),
        `${customer.name}'s people`,
      );
    }
  });

  it('is not reached as a mainland number', async () => {
    const { account } = globalDemoAccount(GLOBAL_DEMO_ROLES[0]);
    const login = await t.call(authEndpoints.login, { query: { account, password: DEMO_PASSWORD, areaCode: '86' } });
    expect(login.status).not.toBe('200');
  });

  // Last: it moves the server's clock.
  it('keeps its business days on Sydney time, for its people and its customers alike', async () => {
    // 14:00 UTC: already tomorrow in Sydney (UTC+10 or +11), still today in Beijing (UTC+8).
    const at = new Date();
    at.setUTCHours(14, 0, 0, 0);
    if (at.getTime() < Date.now()) at.setUTCDate(at.getUTCDate() + 1);
    t.advance(at.getTime() - Date.now());
    const sydneyDay = dayInZone(at, 'Australia/Sydney');
    expect(sydneyDay).not.toBe(dayInZone(at, 'Asia/Shanghai'));
    for (const roleId of [ROLE.lessorAdmin, ROLE.technician] as const) {
      const info = await t.call(authEndpoints.getUserInfo, { token: await signIn(globalDemoAccount(roleId), roleId) });
      expect(info.data.today, `role ${roleId}'s today`).toBe(sydneyDay);
    }
    const customers = await northwindCustomers();
    expect(customers.length).toBeGreaterThan(0);
    await expectEvery(
      customers,
      async (c) => (await orgTimeZone(t.dbh.db, c.id)) === 'Australia/Sydney',
      'Northwind’s customers',
    );
    // A Chinese company keeps Beijing time.
    const huadong = await t.call(authEndpoints.getUserInfo, { token: await t.tokenFor(ROLE.lessorAdmin) });
    expect(huadong.data.today).toBe(dayInZone(at, 'Asia/Shanghai'));
  });
});
