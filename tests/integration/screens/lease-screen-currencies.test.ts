import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { screenEndpoints, type LeaseScreen } from '@console/contract/http/screens';
import { users } from '@console/db/schema/accounts';
import { bills } from '@console/db/schema/lease-billing';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { dayInZone } from '@console/server/src/lib/time';
import { orgToday } from '@console/server/src/lib/org-day';
import { billedIncome } from '../../fixtures/billed-income.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The lease big screen's money in one currency at a time (decision 064's addendum): the operator's finance sees the
 * Chinese companies (CNY) beside Northwind (the global brand, AUD). Its screen opens on yuan, offers both currencies,
 * and answers Northwind's dollars when asked, each figure the sum of that currency's companies' rows only;
 * Northwind's own screen has one currency, its own, with the same figures.
 */

const ZONE = 'Asia/Shanghai';

describe('the lease big screen of several currencies', () => {
  let t: TestApp;
  let today: string;
  let finance: string;
  let northwind: string;
  let northwindOrg: number;

  beforeAll(async () => {
    t = await createTestApp();
    const frozen = Date.now();
    t.deps.now = () => frozen;
    today = dayInZone(frozen, ZONE);
    finance = await t.tokenFor(ROLE.finance);
    const account = globalDemoAccount(ROLE.lessorAdmin).account;
    northwind = await t.tokenForAccount(account);
    northwindOrg = (await t.dbh.db.select().from(users).where(eq(users.mobile, account)).get())!.orgId;
  });
  afterAll(() => t.dbh.close());

  const lease = async (token: string, currency?: string) => {
    const answer = await t.call(screenEndpoints.lease, { token, query: currency ? { currency } : {} });
    expect(answer.status, answer.message).toBe('200');
    return answer.data;
  };
  const ofNorthwind = (yes: boolean) =>
    yes ? eq(bills.lessorOrgId, northwindOrg) : ne(bills.lessorOrgId, northwindOrg);

  /** Billed income of the screen's twelve months to `day` (lines, overtime, charges, less credit notes). */
  const billedIn = (screen: LeaseScreen, northwindOnly: boolean, day = today) =>
    billedIncome(t, { from: `${screen.trend[0]!.month}-01`, to: day }, ofNorthwind(northwindOnly));
  /** What is unpaid past due on `day`, of Northwind's or everyone else's bills, and the renters owing it. */
  const pastDue = async (northwindOnly: boolean, day = today) => {
    const where = and(ofNorthwind(northwindOnly), inArray(bills.state, ['open', 'partlyPaid']), lt(bills.dueOn, day));
    const owed = (await t.dbh.db
      .select({ cents: sql<number>`coalesce(sum(${bills.amountCents} - ${bills.paidCents}), 0)` })
      .from(bills)
      .where(where)
      .get())!.cents;
    const renters = (await t.dbh.db.selectDistinct({ id: bills.renterOrgId }).from(bills).where(where).all()).map(
      (r) => r.id,
    );
    return { owed, renters };
  };
  const trendBilled = (screen: LeaseScreen) => screen.trend.reduce((sum, m) => sum + m.billedCents, 0);

  it('opens the operator’s screen on yuan, with Australian dollars to choose, adding none of them', async () => {
    const yuan = await lease(finance);
    expect(yuan.money.currency.code).toBe('CNY');
    expect(yuan.currencies.map((m) => m.currency.code)).toEqual(['CNY', 'AUD']);
    expect(trendBilled(yuan)).toBe(await billedIn(yuan, false));
    const owing = await pastDue(false);
    expect(yuan.arrears.overdueCents).toBe(owing.owed);
    expect(yuan.arrears.renters).toBe(owing.renters.length);
    const northwindRenters = (await pastDue(true)).renters;
    expect(yuan.overdueRenters.some((r) => northwindRenters.includes(r.renterId))).toBe(false);
  });

  it('answers Northwind’s figures in Australian dollars when asked, and the counts as before', async () => {
    const yuan = await lease(finance);
    const aud = await lease(finance, 'AUD');
    expect(aud.money.currency).toMatchObject({ code: 'AUD', symbol: 'A$' });
    expect(aud.currencies).toEqual(yuan.currencies);
    const billed = await billedIn(aud, true);
    expect(billed).toBeGreaterThan(0);
    expect(trendBilled(aud)).toBe(billed);
    const owing = await pastDue(true);
    expect(aud.arrears.overdueCents).toBe(owing.owed);
    expect(aud.overdueRenters.every((r) => owing.renters.includes(r.renterId))).toBe(true);
    // Contracts and machines are counted, not added up as money: every company's, whichever currency.
    expect(aud.contracts).toEqual(yuan.contracts);
    expect(aud.machines).toEqual(yuan.machines);
    expect(aud.empty).toBe(false);

    // A currency no company in scope bills in opens the viewer's own.
    expect((await lease(finance, 'EUR')).money.currency.code).toBe('CNY');
  });

  it('shows Northwind its own figures in its own currency, with nothing to choose', async () => {
    const own = await lease(northwind);
    expect(own.money.currency.code).toBe('AUD');
    expect(own.currencies.map((m) => m.currency.code)).toEqual(['AUD']);
    // Counted on Northwind's own calendar day, as its screen counts.
    const day = await orgToday(t.dbh.db, northwindOrg, t.deps.now());
    expect(trendBilled(own)).toBe(await billedIn(own, true, day));
    const owing = await pastDue(true, day);
    expect(own.arrears.overdueCents).toBe(owing.owed);
    expect(own.arrears.renters).toBe(owing.renters.length);
  });
});
