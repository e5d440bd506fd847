import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import type { Api } from '../../fixtures/e2e-api.ts';
import { returnedAndBilled } from '../../fixtures/e2e-lease.ts';
import { expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function recordAndClear(page: Page, api: Api, lang: UiLang) {
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `lease-billing:${key}`, params);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `${lang === 'en' ? 'Overdue Works' : '欠款测试工程'} ${stamp}`;
  const reference = `E2E-${stamp}`;
  const { number } = await returnedAndBilled(api, name);
  await signInAs(page, api, ROLE.lessorStaff);

  // The arrears list shows the renter with its 1,000.00 overdue.
  await page.goto('/leaseCenter/arrears');
  await page.getByLabel(t('keyword'), { exact: true }).fill(name);
  await page.getByRole('button', { name: text(lang, 'common:search') }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('1,000.00');

  // From its row to the receipt form, the renter chosen and its open bills listed.
  await row.getByRole('link', { name: t('arrears.record') }).click();
  await expect(page).toHaveURL(/\/leaseCenter\/receiptRecord\?renterId=\d+/);
  await expect(page.getByTestId('renter-arrears')).toHaveText('1,000.00');
  await page.getByLabel(t('receipt.amount'), { exact: true }).fill('1000');
  await page.getByLabel(t('receipt.reference'), { exact: true }).fill(reference);
  await page.getByRole('button', { name: t('receipt.submit') }).click();

  // Allocated to its bills, the open bills are gone and so are the arrears.
  await expect(page.getByTestId('receipt-allocations')).toContainText(number);
  await expect(page.getByText(t('receipt.noOpenBills'))).toBeVisible();
  await expect(page.getByTestId('renter-arrears')).toHaveText('0.00');
  await page.goto('/leaseCenter/arrears');
  await page.getByLabel(t('keyword'), { exact: true }).fill(name);
  await page.getByRole('button', { name: text(lang, 'common:search') }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // The bill record shows the bills and the receipt that paid them, the balance back to nothing.
  await page.goto('/financeCenter/billRecord');
  const receipt = page.getByRole('row').filter({ hasText: reference });
  await expect(receipt).toContainText(text(lang, 'lease-billing:ledgerType.receipt'));
  await expect(receipt).toContainText('-1,000.00');
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
}

test('finance records a receipt for a renter with an overdue bill: the bill is paid and the arrears are gone', async ({
  page,
  api,
}) => {
  await recordAndClear(page, api, 'en');
});

test.describe('in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
  test('收款登记后账单付清、欠款消失', async ({ page, api }) => {
    await recordAndClear(page, api, 'zh-cn');
  });
});

test('the administrator brings a renter’s balance forward: the next receipt pays it first', async ({ page, api }) => {
  const t = (key: string, params?: Record<string, string | number>) => text('en', `lease-billing:${key}`, params);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Opening Works ${stamp}`;
  const { renterId, number } = await returnedAndBilled(api, name);
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(`/leaseCenter/receiptRecord?renterId=${renterId}`);
  await expect(page.getByTestId('renter-arrears')).toHaveText('1,000.00');

  // What it owed before, due before its rent: 500.00 more in arrears, and the new bill's detail opens.
  await page.getByRole('button', { name: t('opening.record') }).click();
  const dialog = page.getByRole('dialog', { name: t('opening.title') });
  await dialog.getByLabel(t('opening.amount'), { exact: true }).fill('500');
  for (const [label, day] of [
    [t('opening.asOf'), iso(Date.now() - 120 * DAY)],
    [t('opening.dueOn'), iso(Date.now() - 100 * DAY)],
  ] as const) {
    const field = dialog.getByLabel(label, { exact: true });
    await field.fill(day);
    await field.press('Enter');
  }
  await dialog.getByLabel(t('opening.note'), { exact: true }).fill(`Old ledger ${stamp}`);
  await dialog.getByRole('button', { name: t('opening.submit') }).click();
  const drawer = page.getByRole('dialog', { name: t('bill.detailTitle') });
  await expect(drawer).toContainText(t('billKind.opening'));
  await expect(drawer).toContainText(`Old ledger ${stamp}`);
  await expect(drawer).toContainText(t('opening.explained'));
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('renter-arrears')).toHaveText('1,500.00');

  // A receipt of 500.00 pays the opening balance (the oldest due), not the rent.
  await page.getByLabel(t('receipt.amount'), { exact: true }).fill('500');
  await page.getByRole('button', { name: t('receipt.submit') }).click();
  await expect(page.getByTestId('receipt-allocations')).toContainText(/OB-\d{8}-\d+/);
  await expect(page.getByTestId('receipt-allocations')).not.toContainText(number);
  await expect(page.getByTestId('renter-arrears')).toHaveText('1,000.00');

  // The renter's bill record names it, last: what was owed before its billing moved here, below what came since.
  await page.goto(`/financeCenter/billRecord?renterId=${renterId}`);
  const row = page.getByRole('row').filter({ hasText: `Old ledger ${stamp}` });
  await expect(row).toContainText(t('ledgerType.opening'));
  await expect(row).toContainText('500.00');
  const rows = page.locator('.ant-table-row');
  await expect(rows.first()).toContainText(t('ledgerType.receipt'));
  await expect(rows.last()).toContainText(`Old ledger ${stamp}`);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
