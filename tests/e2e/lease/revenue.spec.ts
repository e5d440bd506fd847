import { ROLE } from '@console/contract/codes/roles';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { returnedAndBilled } from '../../fixtures/e2e-lease.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('the revenue analysis drills down to the income lines of its filter', async ({ page, api }) => {
  const t = (key: string, params?: Record<string, string | number>) => text('en', `lease-revenue:${key}`, params);
  const name = `Revenue Works ${Date.now().toString(36).toUpperCase()}`;
  const { number, endOn: toOn } = await returnedAndBilled(api, name);
  const from = iso(Date.now() - 120 * DAY);
  const to = iso(Date.now());
  await signInAs(page, api, ROLE.lessorAdmin);

  await page.goto(`/leaseCenter/dashboard?from=${from}&to=${to}`);
  await expect(page.getByText(t('kpi.billed'))).toBeVisible();
  // The profit is after the machines' expenses and what the machines rented in cost (decision 042).
  await expect(page.getByText(t('kpi.sublease'))).toBeVisible();
  await expect(page.getByRole('img', { name: t('charts.byRenter') })).toHaveAttribute('aria-label', /Revenue Works/);

  // The drill-down keeps the dashboard's range; the renter's line is there with its amount and days.
  await page.getByRole('link', { name: t('charts.allLines') }).click();
  await expect(page).toHaveURL(new RegExp(`/leaseCenter/incomeDetail\\?from=${from}&to=${to}`));
  await page.getByLabel(t('income.keyword'), { exact: true }).fill(number);
  await page.getByRole('button', { name: text('en', 'common:search') }).click();
  // Its ten days (one line, or two when they straddle a billing day) and their total over the list.
  const rows = page.getByRole('row').filter({ hasText: number });
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText(toOn);
  await expect(page.locator('.ant-statistic:visible').filter({ hasText: t('kpi.billed') })).toContainText('1,000.00');
  await expect(page.locator('.ant-statistic:visible').filter({ hasText: t('kpi.daysBilled') })).toContainText('10');
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});

test('a click on a store’s bars opens that store’s income lines', async ({ page, api }) => {
  const t = (key: string) => text('en', `lease-revenue:${key}`);
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto('/leaseCenter/dashboard');
  const chart = page.getByRole('img', { name: t('charts.byStore') });
  // The accessible name lists the stores, the largest first: "By store: <store>: Billed …; <next>: …".
  const label = (await chart.getAttribute('aria-label')) ?? '';
  const store = label.slice(label.indexOf(': ') + 2).split(': ')[0]!;
  expect(store.length).toBeGreaterThan(0);
  // The first store's band, right of its name (the chart's grid starts 36 px down, under the legend), once drawn.
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('canvas')).toBeVisible();
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.7, box.y + 48);
  await expect(page).toHaveURL(/\/leaseCenter\/incomeDetail\?.*storeId=\d+/);
  await expect(page.getByRole('row').nth(1)).toContainText(store);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});

test.describe('the operator’s finance on the Chinese console', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('reads Northwind’s revenue and arrears in Australian dollars, never added into yuan', async ({ page, api }) => {
    const t = (key: string, params?: Record<string, string | number>) => text('zh-cn', key, params);
    await signInAs(page, api, ROLE.finance);

    // The revenue analysis shows one currency's companies at a time: yuan first, Northwind's when chosen.
    await page.goto('/leaseCenter/dashboard');
    const kpis = page.locator('.ant-statistic:visible');
    await expect(kpis.filter({ hasText: t('lease-revenue:kpi.billed') })).toBeVisible();
    const currency = page.getByLabel(t('lease-revenue:filters.currency'), { exact: true });
    await currency.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'AUD' }).click();
    await expect(page).toHaveURL(/currency=AUD/);
    const aud = { currency: 'AUD', currencyUnit: '澳元' };
    await expect(kpis.filter({ hasText: t('lease-revenue:kpi.billed', aud) })).toBeVisible();
    await expect(page.getByText(t('lease-revenue:kpi.billed'), { exact: true })).toHaveCount(0);
    // Its stores' income lines stay in its currency.
    await page.getByRole('link', { name: t('lease-revenue:charts.allLines') }).click();
    await expect(page).toHaveURL(/\/leaseCenter\/incomeDetail\?.*currency=AUD/);
    await expect(kpis.filter({ hasText: t('lease-revenue:kpi.billed', aud) })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText('A$');

    // Arrears: one total per currency, the Australian dollars apart from the yuan.
    await page.goto('/leaseCenter/arrears');
    const totals = page.locator('.ant-statistic:visible');
    await expect(totals.filter({ hasText: t('lease-billing:arrears.totalOverdue') })).toBeVisible();
    await expect(totals.filter({ hasText: t('lease-billing:arrears.totalOverdue', aud) })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
});
