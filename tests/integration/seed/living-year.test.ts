import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { revenueEndpoints as api, WORKDAY_HOURS } from '@console/contract/http/lease-revenue';
import { orgDay } from '@console/db/org-zone';
import { organisations, users } from '@console/db/schema/accounts';
import { BUSINESSES } from '@console/db/seed/business';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The demo opens on a rental business that has lived a whole year (docs/decisions/040-revenue-analysis.md,
 * 062-physical-figures.md): each brand's first rental company billed and was paid in each of the last twelve months,
 * and the machines its revenue analysis lists as the least used while on lease worked on their days on lease.
 */
describe('the seeded year of each brand’s main rental company', () => {
  let t: TestApp;
  /** The first rental company of each brand: Huadong for the Chinese brands, Northwind for the global one. */
  const mainLessors = BUSINESSES.filter((b, i) => BUSINESSES.findIndex((x) => x.appid === b.appid) === i);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  /** The lessor's id and a session of its administrator. */
  const lessor = async (name: string) => {
    const org = (await t.dbh.db
      .select()
      .from(organisations)
      .where(and(eq(organisations.kind, 'lessor'), eq(organisations.name, name)))
      .get())!;
    const admin = (await t.dbh.db
      .select()
      .from(users)
      .where(and(eq(users.orgId, org.id), eq(users.roleId, ROLE.lessorAdmin)))
      .get())!;
    return {
      id: org.id,
      token: await createSession(t.dbh.db, admin.id, 'console', '127.0.0.1', t.deps.now() + 3600_000),
    };
  };

  it('bills and is paid rent in each of the last twelve whole months, in both brands', async () => {
    expect(mainLessors.map((b) => b.appid)).toEqual(['zjcloud', 'liftgo']);
    for (const business of mainLessors) {
      const { id, token } = await lessor(business.lessor);
      const [y, m] = (await orgDay(t.dbh.db, id, t.deps.now())).split('-').map(Number) as [number, number];
      const from = new Date(Date.UTC(y, m - 13, 1)).toISOString().slice(0, 10);
      const to = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
      const year = await t.call(api.summary, { token, query: { from, to } });
      expect(year.status, year.message).toBe('200');
      expect(year.data.months).toHaveLength(12);
      for (const month of year.data.months) {
        expect(month.billedCents, `${business.lessor} ${month.month} billed`).toBeGreaterThan(0);
        expect(month.receivedCents, `${business.lessor} ${month.month} received`).toBeGreaterThan(0);
      }
      // The dashboard as it opens (this year to today): every month before this one has income.
      const opened = await t.call(api.summary, { token });
      expect(opened.status, opened.message).toBe('200');
      const current = `${y}-${String(m).padStart(2, '0')}`;
      const past = opened.data.months.filter((x) => x.month < current);
      expect(past.length).toBeGreaterThan(0);
      for (const month of past) expect(month.billedCents, `${business.lessor} ${month.month}`).toBeGreaterThan(0);
    }
  });

  it('lists first, as the least used on lease, machines that worked a realistic share of their days', async () => {
    for (const business of mainLessors) {
      const { token } = await lessor(business.lessor);
      const opened = await t.call(api.summary, { token });
      expect(opened.status, opened.message).toBe('200');
      const { machines, totals } = opened.data;
      expect(machines.length).toBeGreaterThanOrEqual(10);
      for (const use of machines.slice(0, 10)) {
        const label = `${business.lessor} ${use.serialNumber}`;
        expect(use.daysBilled, label).toBeGreaterThan(0);
        // At least a twentieth of a working day on each day billed, and never more hours than the days hold.
        expect(use.hoursWorked, label).toBeGreaterThanOrEqual(use.daysBilled * WORKDAY_HOURS * 0.05);
        expect(use.hoursWorked, label).toBeLessThanOrEqual(use.daysBilled * 24);
      }
      // The least used first.
      const shares = machines.map((x) => x.utilisation);
      expect(shares).toEqual([...shares].sort((a, b) => a - b));
      // A fleet on hire works a part of each working day: neither idle nor round the clock.
      expect(totals.utilisation).toBeGreaterThan(0.2);
      expect(totals.utilisation).toBeLessThan(1);
    }
  });
});
