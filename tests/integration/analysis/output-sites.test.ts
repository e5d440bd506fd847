import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { analysisEndpoints } from '@console/contract/http/analysis';
import { addressText } from '@console/contract/formats/address';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { organisations, users } from '@console/db/schema/accounts';
import { contracts } from '@console/db/schema/lease';
import { rowsOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { machinesOf, rollUp } from '../dashboard/helpers.ts';

/** A lease's site as the console writes it: in the order of the country it lies in (contract/formats/address.ts). */
const siteOf = (c: typeof contracts.$inferSelect) =>
  addressText({ province: c.siteProvince, city: c.siteCity, district: c.siteDistrict, address: c.siteAddress });

/**
 * The construction analysis's "output per site" sums the days by the construction site of the lease they were worked
 * under (the contract's project site), not by the customer: each row is a site, named by its address, and its hours
 * are those of the days worked under the contracts at that site.
 */
describe('output per site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await rollUp(t);
  });
  afterAll(() => t.dbh.close());

  const northwindAdmin = async () =>
    (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, globalDemoAccount(ROLE.lessorAdmin).account))
      .get())!;
  const companies = [
    {
      name: 'Huadong',
      token: () => t.tokenFor(ROLE.lessorAdmin),
      userId: () => t.userId(ROLE.lessorAdmin),
      // A Chinese site from its province down: 上海市 浦东新区 张江路100号.
      reads: /^\p{Script=Han}+[省市]( \p{Script=Han}+[市区]){1,2} \S+号$/u,
    },
    {
      name: 'Northwind',
      token: async () => t.tokenForAccount((await northwindAdmin()).mobile),
      userId: async () => (await northwindAdmin()).id,
      // A site abroad from its street up: 380 Church Street, Parramatta NSW; 10 Toh Guan Road, Jurong East, Singapore.
      reads: /^\d+ [A-Z][A-Za-z ]+, (Parramatta NSW|Jurong East, Singapore|Al Quoz, Dubai)$/,
    },
  ];

  it.each(companies)("groups $name's output by lease site, named by the site", async (company) => {
    const res = await t.call(analysisEndpoints.construction, {
      token: await company.token(),
      query: { granularity: 'day' },
    });
    expect(res.status).toBe('200');
    const { period, bySite, totals } = res.data;
    const leases = new Map((await t.dbh.db.select().from(contracts).all()).map((c) => [c.id, c]));
    const customerNames = new Set(
      (await t.dbh.db.select({ name: organisations.name }).from(organisations).all()).map((o) => o.name),
    );
    const sites = bySite.filter((s) => s.siteId !== 0);
    expect(sites.length).toBeGreaterThan(1);
    for (const site of sites) {
      // Named by a lease's site, never by an organisation.
      expect(site.name).toBe(siteOf(leases.get(site.siteId)!));
      expect(customerNames.has(site.name), site.name).toBe(false);
      expect(site.name).toMatch(company.reads);
    }
    expect(new Set(bySite.map((s) => s.name)).size).toBe(bySite.length);

    // Each site's hours: the days in the period worked under any contract at that site, of the machines in scope
    // (a rental company's own: its days are all its own).
    const machineIds = new Set((await machinesOf(t, await company.userId())).map((m) => m.id));
    const days = await rowsOf<{ deviceId: number; contractId: number | null; hours: number }>(
      t.dbh.db,
      'SELECT device_id AS "deviceId", contract_id AS "contractId", hours_worked AS hours FROM daily_work WHERE day BETWEEN ? AND ?',
      period.from,
      period.to,
    );
    const hoursAt = new Map<string, number>();
    for (const d of days) {
      if (!machineIds.has(d.deviceId)) continue;
      const name = d.contractId === null ? '' : siteOf(leases.get(d.contractId)!);
      hoursAt.set(name, (hoursAt.get(name) ?? 0) + d.hours);
    }
    for (const site of bySite) expect(site.hoursWorked, site.name).toBeCloseTo(hoursAt.get(site.name) ?? 0, 0);
    expect(bySite.reduce((sum, s) => sum + s.hoursWorked, 0)).toBeCloseTo(totals.hoursWorked, 0);
  });
});
