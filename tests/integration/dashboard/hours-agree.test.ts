import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { analysisEndpoints } from '@console/contract/http/analysis';
import { dashboardEndpoints, UTILISATION_DAYS } from '@console/contract/http/dashboard';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { dayInZone } from '@console/server/src/lib/time';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { rollUp } from './helpers.ts';

/**
 * The home's working hours per day, the work analysis's hours per day and its attendance calendar are one figure
 * (decision 037's daily work): for the same company and days they show the same hours and the same machines, counted
 * in the company's calendar days (Beijing for Huadong, Sydney for Northwind), whatever the browser's zone.
 */
describe('working hours per day agree between the home and the data centre', () => {
  let t: TestApp;
  const now = Date.now();
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.now = () => now;
    // As at a server's start: the rollup folds the seeded telemetry into daily work.
    await rollUp(t);
  });
  afterAll(() => t.dbh.close());

  const companies = [
    { name: 'Huadong', zone: 'Asia/Shanghai', token: () => t.tokenFor(ROLE.lessorAdmin) },
    {
      name: 'Northwind',
      zone: 'Australia/Sydney',
      token: () => t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account),
    },
  ];

  it.each(companies)("shows $name's hours and machines of each day alike on the three pages", async (company) => {
    const token = await company.token();
    // A browser elsewhere: the days are still the company's.
    const home = await t.call(dashboardEndpoints.utilisation, { token, headers: { timeZone: 'America/Los_Angeles' } });
    expect(home.status).toBe('200');
    const days = home.data.days;
    expect(days).toHaveLength(UTILISATION_DAYS);
    expect(days.at(-1)!.date).toBe(dayInZone(now, company.zone));
    expect(days.slice(0, -1).every((d) => d.hours > 0 && d.machines > 0)).toBe(true);

    const summary = await t.call(analysisEndpoints.summary, {
      token,
      query: { from: days[0]!.date, to: days.at(-1)!.date },
    });
    expect(summary.status).toBe('200');
    expect(summary.data.byDay).toEqual(days.map((d) => ({ date: d.date, hoursWorked: d.hours, attended: d.machines })));
    // Today's default period ends on the same day of the same calendar.
    const byDefault = await t.call(analysisEndpoints.summary, { token });
    expect(byDefault.data.byDay.slice(-UTILISATION_DAYS)).toEqual(summary.data.byDay);

    const calendar = new Map<string, { date: string; attended: number; hoursWorked: number }>();
    for (const month of new Set(days.map((d) => d.date.slice(0, 7)))) {
      const attendance = await t.call(analysisEndpoints.attendance, { token, query: { month } });
      expect(attendance.status).toBe('200');
      for (const d of attendance.data.calendar) calendar.set(d.date, d);
    }
    expect(days.map((d) => calendar.get(d.date))).toEqual(
      days.map((d) => ({ date: d.date, attended: d.machines, hoursWorked: d.hours })),
    );
  });
});
