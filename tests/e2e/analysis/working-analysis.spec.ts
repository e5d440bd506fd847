import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { analysisEndpoints } from '@console/contract/http/analysis';
import { expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * The data centre's work analysis as a rental company's administrator uses it, in both languages: each page shows
 * the figure the API answers for the same filter, and a machine's row leads to the machine. The periods end
 * before today, so the rollup folding today's reports cannot change a figure between the page and the API once it has
 * caught up: right after the server starts it is still folding the seeded machines' last days from their telemetry
 * (db/seed/daily-work.ts), a chunk every 100 ms or so (server/src/analysis/rollup.ts).
 */

const FLOWS: { lang: UiLang; timezoneId: string; locale: string }[] = [
  { lang: 'en', timezoneId: 'Europe/Berlin', locale: 'en-GB' },
  { lang: 'zh-cn', timezoneId: 'Asia/Shanghai', locale: 'zh-CN' },
];

const dayIn = (t: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);

/** A Statistic's value as a number (antd groups thousands with commas). */
async function figure(page: Page, key: string): Promise<number> {
  const box = page.getByTestId(`figure-${key}`);
  await expect(box).toBeVisible();
  const value = await box.locator('.ant-statistic-content-value').innerText();
  return Number(value.replace(/,/g, ''));
}

for (const { lang, timezoneId, locale } of FLOWS) {
  test.describe(`work analysis (${lang})`, () => {
    test.use({ timezoneId, locale });

    test('each page shows the API figures for its filter, and a machine row opens the machine', async ({
      page,
      api,
    }) => {
      const say = (key: string, params: Record<string, string | number> = {}) => text(lang, `analysis:${key}`, params);
      const login = await signInAs(page, api, ROLE.lessorAdmin);
      const ask = { token: login.token, timeZone: timezoneId };
      const now = Date.now();
      const to = dayIn(now - 86_400_000, timezoneId);
      const from = dayIn(now - 14 * 86_400_000, timezoneId);
      const lastMonth = (() => {
        const [y, m] = dayIn(now, timezoneId).split('-').map(Number) as [number, number];
        return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
      })();

      await page.goto(`/workingAnalysis/base?from=${from}&to=${to}`);
      await expect(page.getByText(say('base.byDay'), { exact: false }).first()).toBeVisible();
      const summary = await api.call(analysisEndpoints.summary, { ...ask, query: { from, to } });
      expect(summary.data.hoursWorked).toBeGreaterThan(0);
      await expect.poll(() => figure(page, 'hoursWorked')).toBe(summary.data.hoursWorked);
      await expect.poll(() => figure(page, 'utilisation')).toBe(summary.data.utilisationPct);
      await expect(page.getByRole('img', { name: new RegExp(`^${say('base.byDay')}`) })).toBeVisible();

      // Attendance in last month: every day has seeded work.
      await page.goto(`/workingAnalysis/attendance?month=${lastMonth}`);
      const attendance = await api.call(analysisEndpoints.attendance, { ...ask, query: { month: lastMonth } });
      expect(attendance.data.attendedMachines).toBeGreaterThan(0);
      await expect.poll(() => figure(page, 'attendedMachines')).toBe(attendance.data.attendedMachines);
      await expect.poll(() => figure(page, 'idleMachines')).toBe(attendance.data.idleMachines);
      await expect(page.getByRole('img', { name: new RegExp(`^${say('attendance.calendar')}`) })).toBeVisible();

      // Construction of the concrete pumps, by week.
      // The list's sort is in the address too: most m³ first.
      await page.goto(
        `/workingAnalysis/construction?from=${from}&to=${to}&kind=concretePump&granularity=week&sortField=volumeM3&sortOrder=descend`,
      );
      const construction = await api.call(analysisEndpoints.construction, {
        ...ask,
        query: { from, to, kind: 'concretePump', granularity: 'week' },
      });
      expect(construction.data.totals.volumeM3).toBeGreaterThan(0);
      await expect.poll(() => figure(page, 'volumeM3')).toBe(construction.data.totals.volumeM3);

      // The machine table's first row leads to that machine.
      const rows = await api.call(analysisEndpoints.constructionMachines, {
        ...ask,
        query: { from, to, kind: 'concretePump', sortField: 'volumeM3', sortOrder: 'descend', pageSize: 1 },
      });
      const top = rows.data.list[0] as { deviceId: number; serialNumber: string };
      await page.getByRole('link', { name: top.serialNumber, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/deviceManagement/detail\\?id=${top.deviceId}$`));
      await expect(page.locator('body')).not.toContainText(RAW_KEY);
    });
  });
}
