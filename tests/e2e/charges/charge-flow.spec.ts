import type { Browser, Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import type { Api } from '../../fixtures/e2e-api.ts';
import { contractForNewRenter, handOver, machinesNeverLeased, runBilling } from '../../fixtures/e2e-lease.ts';
import { expect, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * A delivery charge from the price list to a credit note (decision 074), at the desk: the staff add an 18 km delivery
 * on the contract's page from the company's price list (450.00 by its bands), the contract's next bill carries it, and
 * the administrator issues a credit note of 100.00 on that bill, which lists it with what the bill was issued at.
 */
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function flow(browser: Browser, page: Page, api: Api, lang: UiLang) {
  test.setTimeout(180_000);
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `charges:${key}`, params);
  const stamp = Date.now().toString(36).toUpperCase();
  const startOn = iso(Date.now() - 40 * DAY);
  const lease = await contractForNewRenter(api, {
    name: `${lang === 'en' ? 'Charge Works' : '费用测试工程'} ${stamp}`,
    serials: await machinesNeverLeased(api, 1),
    startOn,
    endOn: iso(Date.now() + 60 * DAY),
    billingDay: 1,
    dueDays: 10,
  });
  await handOver(api, lease, 'entry', startOn);

  await signInAs(page, api, ROLE.lessorStaff);
  await page.goto(`/leaseCenter/contractDetail?id=${lease.contractId}`);
  const card = page.getByTestId('contract-charges');
  await card.getByTestId('add-charge').click();
  const dialog = page.getByRole('dialog', { name: t('addTitle') });
  await dialog.getByLabel(t('price'), { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await dialog.getByLabel(t('distanceKm'), { exact: true }).fill('18');
  await dialog.getByRole('button', { name: t('add') }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('450.00');
  await expect(card).toContainText(t('state.pending'));

  // The billing pass: the contract's next bill carries the charge, once.
  await runBilling(api, lease);
  await page.reload();
  await expect(card).toContainText(t('state.billed'));
  // The card names the bill that carries the charge beside its state: open that one.
  const billedCell = card.getByRole('cell').filter({ hasText: t('state.billed') });
  const billNumber = (await billedCell.textContent())!.replace(t('state.billed'), '').trim();
  expect(billNumber).not.toBe('');

  // The administrator, in a browser of their own, issues credit notes.
  const admin = await browser.newPage();
  await signInAs(admin, api, ROLE.lessorAdmin);
  await admin.goto(`/financeCenter/billRecord?renterId=${lease.renterId}`);
  await admin
    .getByRole('row')
    .filter({ hasText: billNumber })
    .getByRole('button', { name: text(lang, 'lease-billing:ledger.openBill') })
    .first()
    .click();
  const drawer = admin.getByRole('dialog', { name: text(lang, 'lease-billing:bill.detailTitle') });
  const extras = drawer.getByTestId('bill-charges');
  await expect(extras).toContainText(t('onBill'));
  await expect(extras).toContainText('450.00');

  await extras.getByTestId('issue-credit-note').click();
  const credit = admin.getByRole('dialog').filter({ has: admin.getByTestId('credit-line-0') });
  await credit
    .getByLabel(t('credit.reason'), { exact: true })
    .fill(lang === 'en' ? 'Delivery was 10 km' : '实际距离10公里');
  await credit.getByTestId('credit-line-0').fill(lang === 'en' ? 'Delivery band' : '送机距离档');
  await credit.getByTestId('credit-amount-0').fill('100');
  await credit.getByRole('button', { name: t('credit.issue') }).click();
  await expect(credit).toBeHidden();
  await expect(extras).toContainText(/CN-?\d{8}/);
  await expect(extras).toContainText('-100.00');
}

test('a delivery from the price list is billed on the next bill and credited in part', async ({
  browser,
  page,
  api,
}) => {
  await flow(browser, page, api, 'en');
});
