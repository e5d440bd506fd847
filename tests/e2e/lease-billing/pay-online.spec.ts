import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { PAY_PAGE_TEXT } from '@console/contract/shop/paygate-protocol';
import type { Api } from '../../fixtures/e2e-api.ts';
import { expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * A renter's user pays online (decision 077): on the pay-online page it picks its oldest open bill, pays part of it on
 * the payment provider's page and comes back to the payment shown part paid (a receipt in its repayment history);
 * a second payment cancelled on the provider's page is shown cancelled, nothing paid.
 */
async function flow(page: Page, api: Api, lang: UiLang, amount: string) {
  test.setTimeout(120_000);
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `lease-billing:${key}`, params);
  const provider = PAY_PAGE_TEXT[lang === 'en' ? 'en' : 'zh'];
  await signInAs(page, api, ROLE.other);
  await page.goto('/financeCenter/payOnline');
  const card = page.locator('.ant-card').filter({ hasText: t('payOnline.openBills') });
  const payOne = async (part: string | null) => {
    await card.locator('.ant-table-tbody .ant-checkbox-input').first().check();
    if (part) await card.getByRole('spinbutton').fill(part);
    if (part) await expect(card).toContainText(t('payOnline.partHint'));
    await card.getByRole('button', { name: t('payOnline.pay') }).click();
    await expect(page.getByRole('img', { name: 'QR' })).toBeVisible();
  };

  // Part of the oldest bill, paid on the provider's page.
  await payOne(amount);
  await page.getByRole('button', { name: provider.pay }).click();
  await expect(page.getByRole('status')).toHaveText(provider.state.paid);
  await page.getByRole('link', { name: provider.back }).click();
  await expect(page).toHaveURL(/\/financeCenter\/payOnline/);
  const payments = page.locator('.ant-table-row').filter({ has: page.locator('[data-testid^="payment-state-"]') });
  const paidRow = payments.filter({ hasText: amount });
  // The provider's notification settles it; "check payment" asks if it has not come yet.
  await expect(async () => {
    const check = paidRow.getByRole('button', { name: t('payOnline.check') });
    if (await check.isVisible()) await check.click();
    await expect(paidRow).toContainText(t('payOnline.state.paid'), { timeout: 1000 });
  }).toPass();
  await expect(paidRow).toContainText(t('payOnline.explain.part'));

  // The money is a receipt in the renter's repayment history.
  await page.goto('/financeCenter/history');
  await expect(page.locator('.ant-table-row').filter({ hasText: amount }).first()).toBeVisible();

  // A second payment the payer cancels on the provider's page: shown cancelled, nothing paid.
  await page.goto('/financeCenter/payOnline');
  await payOne(null);
  await page.getByRole('button', { name: provider.cancel }).click();
  await expect(page.getByRole('status')).toHaveText(provider.state.cancelled);
  await page.getByRole('link', { name: provider.back }).click();
  const cancelled = payments.filter({ hasText: t('payOnline.state.charging') }).first();
  await expect(async () => {
    const rows = payments.filter({ hasText: t('payOnline.state.cancelled') });
    const check = cancelled.getByRole('button', { name: t('payOnline.check') });
    if (await check.isVisible()) await check.click();
    await expect(rows.first()).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.locator('body')).toContainText(t('payOnline.explain.cancelled'));
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
}

test('a renter pays part of a bill online and cancels a second payment', async ({ page, api }) => {
  await flow(page, api, 'en', '1.23');
});

test.describe('in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
  test('承租方在线支付部分账单，并取消另一笔支付', async ({ page, api }) => {
    await flow(page, api, 'zh-cn', '2.34');
  });
});
