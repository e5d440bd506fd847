import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROLE } from '@console/contract/codes/roles';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { brandOrigin, expect, RAW_KEY, signInAs, signInButton, test, text } from '../../fixtures/e2e.ts';

/** A real invoice PDF as finance would pick it (the demo sample shipped with the console). */
const PDF = readFileSync(resolve(import.meta.dirname, '../../../web/public/demo/invoice-sample.pdf'));

test('a renter asks for an invoice over a paid bill; finance sees it among its tasks, issues it with the PDF, and the renter downloads it', async ({
  page,
  browser,
  api,
}) => {
  const lang = 'en';
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `invoices:${key}`, params);
  const m = (key: string) => text(lang, `finance-tasks:${key}`);

  // Finance's count of invoices to issue, before.
  const finance = await browser.newPage();
  await signInAs(finance, api, ROLE.finance);
  await finance.goto('/financeCenter/mission');
  const toIssue = finance.locator('a[data-task="invoicesToIssue"] .ant-statistic-content-value');
  await expect(toIssue).toHaveText(/^\d+$/);
  const before = Number(await toIssue.textContent());

  // The renter picks a paid bill; its company's invoice information fills the form.
  await signInAs(page, api, ROLE.other);
  await page.goto('/financeCenter/invoiceMng');
  await page.getByRole('button', { name: t('request.action') }).click();
  const dialog = page.getByRole('dialog', { name: t('request.title') });
  await expect(dialog.getByLabel(text(lang, 'settings:invoice.taxNumber'))).not.toHaveValue('');
  const firstItem = dialog.locator('.ant-table-tbody tr.ant-table-row').first();
  const billNumber = (await firstItem.locator('td').nth(2).textContent())!.trim();
  await firstItem.getByRole('checkbox').check();
  await expect(dialog.getByText(/1 selected/)).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  // The new request opens with its bill and its timeline.
  const drawer = page.getByRole('dialog').filter({ hasText: t('detail.timeline') });
  await expect(drawer).toContainText(billNumber);
  await expect(drawer).toContainText(t('state.toBeIssued'));
  const number = (await drawer.locator('.ant-drawer-title').textContent())!.replace(t('detail.title'), '').trim();
  expect(number).toMatch(/^FP\d{14}$/);
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Finance sees one more task, and the task opens the queue where it is done.
  await finance.getByRole('button', { name: m('refresh') }).click();
  await expect(toIssue).toHaveText(String(before + 1));
  await finance.locator('a[data-task="invoicesToIssue"]').click();
  await expect(finance).toHaveURL(/\/financeCenter\/invoiceMng\?.*state=toBeIssued/);
  const row = finance.getByRole('row').filter({ hasText: number });
  await row.getByRole('button', { name: t('issue.action') }).click();
  const issue = finance.getByRole('dialog', { name: t('issue.title', { number }) });
  await issue
    .locator('input[type=file]')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await issue.getByRole('button', { name: 'OK' }).click();
  await expect(issue).toBeHidden();
  await expect(finance.getByText(t('issue.done'))).toBeVisible();
  // Issued: it leaves the queue of work to do.
  await expect(finance.getByRole('row').filter({ hasText: number })).toHaveCount(0);

  // The renter reads it issued and downloads the PDF finance uploaded.
  await page.reload();
  const issued = page.getByRole('row').filter({ hasText: number });
  await expect(issued).toContainText(t('state.issued'));
  const download = page.waitForEvent('download');
  await issued.getByRole('button', { name: t('download') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

/** Any sign of yuan: the Australian company is billed in Australian dollars only. */
const YUAN = /[¥元]|CNY|RMB/;

test('the operator’s finance reads Northwind’s invoices in Australian dollars, and Northwind’s administrator on the English brand sees no yuan on its invoice page', async ({
  page,
  browser,
  api,
}) => {
  const lang = 'en';
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `invoices:${key}`, params);
  // Northwind's invoices are tax invoices numbered INV- (a Chinese company's are FP…).
  const northwindInvoices = (on: typeof page) => on.getByRole('row').filter({ hasText: /INV-\d{8}-\d{6}/ });

  // The operator's console is the Chinese brand's, in yuan; Northwind's invoices there name their own currency.
  const finance = await browser.newPage();
  await signInAs(finance, api, ROLE.finance);
  await finance.goto('/financeCenter/invoiceMng?keyword=INV-');
  const rows = northwindInvoices(finance);
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row).toContainText(/A\$[\d,]+\.\d{2}/);
    await expect(row).toContainText('AUD');
    await expect(row).not.toContainText(YUAN);
  }
  await rows.first().getByRole('button', { name: /^INV-/ }).click();
  const drawer = finance.getByRole('dialog').filter({ hasText: t('detail.timeline') });
  await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(/A\$[\d,]+\.\d{2}/);
  await expect(drawer).not.toContainText(YUAN);

  // Northwind's administrator, on the English brand, reads its invoices without a yuan anywhere.
  const origin = brandOrigin('liftgo');
  await page.goto(`${origin}/login`);
  await page
    .getByLabel(text(lang, 'auth:fields.account'), { exact: true })
    .fill(globalDemoAccount(ROLE.lessorAdmin).account);
  await page.getByLabel(text(lang, 'auth:fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await signInButton(page).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${origin}/financeCenter/invoiceMng`);
  const own = northwindInvoices(page);
  await expect(own.first()).toContainText(/A\$[\d,]+\.\d{2}/);
  await expect(page.getByRole('main')).not.toContainText(YUAN);
  await own.first().getByRole('button', { name: /^INV-/ }).click();
  const detail = page.getByRole('dialog').filter({ hasText: t('detail.timeline') });
  await expect(detail).toContainText('AUD');
  await expect(detail).not.toContainText(YUAN);
  await detail.getByRole('button', { name: 'Close' }).click();
  // Asking for an invoice shows no yuan either.
  await page.getByRole('button', { name: t('request.action') }).click();
  const dialog = page.getByRole('dialog', { name: t('request.title') });
  await expect(dialog.getByLabel(text(lang, 'settings:invoice.taxNumber'))).not.toHaveValue('');
  await expect(dialog).not.toContainText(YUAN);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
