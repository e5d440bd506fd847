import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import type { Api } from '../../fixtures/e2e-api.ts';
import { contractForNewRenter, handOver, machinesNeverLeased, runBilling } from '../../fixtures/e2e-lease.ts';
import { expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * A deposit from its request to its refund (decision 073), at the desk: the contract signed asks for 2,000.00, the
 * staff receive it in two parts on the contract's page, the contract ends, 500.00 of it pays the contract's bill for
 * damage and the rest is refunded for cleaning; the deposits list and the bill record say so.
 */
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function flow(page: Page, api: Api, lang: UiLang) {
  test.setTimeout(180_000);
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `deposits:${key}`, params);
  const stamp = Date.now().toString(36).toUpperCase();
  // About 40 days ago, on the 24th of its month at the latest: the first bill (from the start to the month's end, at
  // 100.00 a day) owes at least 500.00, which is applied to it below.
  const start = new Date(Date.now() - 40 * DAY);
  if (start.getUTCDate() > 24) start.setUTCDate(24);
  const startOn = iso(start.getTime());
  const lease = await contractForNewRenter(api, {
    name: `${lang === 'en' ? 'Deposit Works' : '押金测试工程'} ${stamp}`,
    serials: await machinesNeverLeased(api, 1),
    startOn,
    endOn: iso(Date.now() + 60 * DAY),
    billingDay: 1,
    dueDays: 10,
    depositCents: 200_000,
  });
  await handOver(api, lease, 'entry', startOn);
  await runBilling(api, lease);

  await signInAs(page, api, ROLE.lessorStaff);
  await page.goto(`/leaseCenter/contractDetail?id=${lease.contractId}`);
  const panel = page.getByTestId('deposit-panel');
  await expect(panel).toContainText(text(lang, 'deposits:state.requested'));

  // Received in two parts: 1,200.00, then the 800.00 still outstanding (the dialog offers it).
  for (const amount of ['1200', null]) {
    await panel.getByRole('button', { name: t('receive.action') }).click();
    const dialog = page.getByRole('dialog', { name: t('receive.title') });
    if (amount) await dialog.getByLabel(t('amount'), { exact: true }).fill(amount);
    await dialog.getByLabel(t('reference'), { exact: true }).fill(`YJ-${stamp}`);
    await dialog.getByRole('button', { name: t('receive.action') }).click();
    await expect(dialog).toBeHidden();
    await expect(panel).toContainText(text(lang, amount ? 'deposits:state.partlyReceived' : 'deposits:state.held'));
  }
  await expect(panel.getByTestId('deposit-held')).toHaveText('2,000.00');
  // Held while the contract runs: nothing to apply or refund yet.
  await expect(panel.getByRole('button', { name: t('refund.action') })).toHaveCount(0);

  // The contract ends today: its machine comes back and its last days are billed.
  const { token } = await api.signIn(ROLE.lessorAdmin);
  const ended = await api.call(leaseContractEndpoints.move, {
    token,
    body: { id: lease.contractId, action: 'close', day: iso(Date.now()) } as never,
  });
  expect(ended.status, ended.message).toBe('200');
  await page.reload();

  // 500.00 of it pays the contract's first open bill, for damage.
  await panel.getByRole('button', { name: t('apply.action') }).click();
  const apply = page.getByRole('dialog', { name: t('apply.title') });
  await apply.getByLabel(t('amount'), { exact: true }).fill('500');
  await apply.getByLabel(t('reasonLabel'), { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(text(lang, 'deposits:reason.damage')).click();
  await apply.getByLabel(t('note'), { exact: true }).fill(lang === 'en' ? 'Bent guard rail' : '护栏变形');
  await apply.getByRole('button', { name: t('apply.action') }).click();
  await expect(apply).toBeHidden();
  await expect(panel.getByTestId('deposit-held')).toHaveText('1,500.00');
  await expect(panel).toContainText(text(lang, 'deposits:state.settling'));

  // The rest refunded (the dialog offers what is held), for cleaning.
  await panel.getByRole('button', { name: t('refund.action') }).click();
  const refund = page.getByRole('dialog', { name: t('refund.title') });
  await refund.getByLabel(t('reasonLabel'), { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(text(lang, 'deposits:reason.cleaning')).click();
  await refund.getByRole('button', { name: t('refund.action') }).click();
  await expect(refund).toBeHidden();
  await expect(panel.getByTestId('deposit-held')).toHaveText('0.00');
  await expect(panel).toContainText(text(lang, 'deposits:state.settled'));
  for (const move of ['request', 'receive', 'apply', 'refund']) {
    await expect(panel).toContainText(text(lang, `deposits:move.${move}`));
  }
  await expect(panel).toContainText(text(lang, 'deposits:reason.damage'));
  await expect(panel).toContainText(text(lang, 'deposits:reason.cleaning'));

  // The deposits list finds it settled; the bill record shows what the deposit paid.
  await page.goto('/leaseCenter/deposits');
  await page.getByLabel(t('keyword'), { exact: true }).fill(lease.number);
  await page.getByRole('button', { name: text(lang, 'common:search') }).click();
  const row = page.getByRole('row').filter({ hasText: lease.number });
  await expect(row).toContainText(text(lang, 'deposits:state.settled'));
  await expect(row).toContainText('2,000.00');
  // The renter's own record: other flows running beside this one apply deposits of their renters too.
  await page.goto(`/financeCenter/billRecord?renterId=${lease.renterId}`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: text(lang, 'lease-billing:ledgerType.depositApplied') })
      .first(),
  ).toContainText('-500.00');
  await expect(page.getByTestId('deposits-held').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
}

test('a deposit is received in parts, part applied to a bill at the end and the rest refunded', async ({
  page,
  api,
}) => {
  await flow(page, api, 'en');
});

test.describe('in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
  test('押金分次收取，合同结束后部分抵扣账单、余额退还', async ({ page, api }) => {
    await flow(page, api, 'zh-cn');
  });
});
