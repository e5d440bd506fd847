import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revenueEndpoints as api, WORKDAY_HOURS } from '@console/contract/http/lease-revenue';
import { orgDay } from '@console/db/org-zone';
import { openDb } from '@console/db/client';
import { BUSINESSES } from '@console/db/seed/business';
import { seedDemo } from '@console/db/seed/demo';
import { emptyDatabase, testEngine } from '../../fixtures/demo-database.ts';
import { lessorAdmin } from '../../fixtures/lessor-admin.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/** The first rental company of each brand: Huadong for the Chinese brands, Northwind for the global one. */
const mainLessors = BUSINESSES.filter((b, i) => BUSINESSES.findIndex((x) => x.appid === b.appid) === i);

/**
 * The revenue analysis of each brand's main rental company as it opens: the machines it lists first, as the least used
 * on lease, worked a realistic share of their days.
 */
async function expectLeastUsedRealistic(t: TestApp): Promise<void> {
  for (const business of mainLessors) {
    const { token } = await lessorAdmin(t, business.lessor);
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
}

/**
 * The demo opens on a rental business that has lived a whole year (docs/decisions/040-revenue-analysis.md,
 * 062-physical-figures.md): each brand's first rental company billed and was paid in each of the last twelve months,
 * and the machines its revenue analysis lists as the least used while on lease worked on their days on lease.
 */
describe('the seeded year of each brand’s main rental company', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  it('bills and is paid rent in each of the last twelve whole months, in both brands', async () => {
    expect(mainLessors.map((b) => b.appid)).toEqual(['zjcloud', 'liftgo']);
    for (const business of mainLessors) {
      const { id, token } = await lessorAdmin(t, business.lessor);
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
    await expectLeastUsedRealistic(t);
  });
});

/**
 * The demo seeded at the moment the machine whose unit fell silent for a billing month was, by the old choice, one
 * delivered just before that month: 35 days billed and one measured, it was listed first as the least used. The
 * silent machine is the one on lease the longest now, whatever the day (db/seed/daily-work.ts).
 */
describe('the seeded year, seeded on 6 December 2026', () => {
  const SEEDED_AT = Date.UTC(2026, 11, 6, 1, 27);
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'seed-living-year-'));
    const dbh = testEngine() === 'postgres' ? await emptyDatabase() : openDb(join(dir, 'console.db'));
    await seedDemo(dbh.db, { now: SEEDED_AT });
    t = await createTestApp({}, { dbh, now: SEEDED_AT });
    // The whole demo is seeded: minutes on PostgreSQL on a busy host.
  }, 300_000);
  afterAll(() => {
    t?.dbh.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists first, as the least used on lease, machines that worked a realistic share of their days', async () => {
    await expectLeastUsedRealistic(t);
  });
});
