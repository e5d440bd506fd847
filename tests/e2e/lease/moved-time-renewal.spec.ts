import { writeFileSync } from 'node:fs';
import { renewedExpiry } from '@console/contract/codes/renewals';
import { ROLE } from '@console/contract/codes/roles';
import { startMovedTime, type MovedTime } from '../../fixtures/e2e-moved-time.ts';
import { expect, openTab, RAW_KEY, searchList, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * A renewal paid online once time has moved on (README, "Moving time"): a stack of its own ten days ahead of the wall
 * clock, the simulated payment provider following the same clock, so its signed notification is fresh by the server's
 * clock and settles the renewal. Its own ports: moved-time-signing takes 19000-19049.
 */
const PORTS = { first: 19100, last: 19149 };
const DAYS_AHEAD = 10;
const lang: UiLang = 'en';
const t = (key: string, params?: Record<string, string | number>) => text(lang, `renewals:${key}`, params);
const DAY = /\d{4}-\d{2}-\d{2}/;

let stack: MovedTime;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  stack = await startMovedTime(playwright, PORTS, DAYS_AHEAD);
});

// What the stack's own processes printed, beside a failure: it is written nowhere else.
// Playwright reads the fixtures a hook uses from its first parameter's pattern: this one uses none.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, info) => {
  if (info.status === info.expectedStatus || !stack) return;
  const log = info.outputPath('stack.log');
  writeFileSync(log, stack.output());
  await info.attach('stack.log', { path: log, contentType: 'text/plain' });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('ten days on, the rental company renews a machine’s service, pays on the payment provider’s page, and it is renewed to its new expiry', async ({
  browser,
}) => {
  const { page, close } = await stack.consolePage(browser, ROLE.lessorAdmin);
  // A machine whose service runs out within 30 days of the moved today, in no order yet.
  await page.goto('/financeCenter/renewDevice?expiry=30');
  const renewable = page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: t('renew.action'), exact: true }) })
    .first();
  const serial = (await renewable.getByRole('link').first().textContent())!.trim();
  const previous = DAY.exec((await renewable.textContent()) ?? '')![0];
  await renewable.getByRole('button', { name: t('renew.action'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('renew.title', { count: 1 }) });
  await expect(dialog.getByTestId('renew-items')).toHaveText(serial);
  // The longest period offered, a year.
  await expect(dialog.getByTestId('renew-total')).toBeVisible();
  await dialog.getByRole('button', { name: t('renew.submit') }).click();
  await expect(page.getByText(t('renew.created')).first()).toBeVisible();

  await openTab(page, t('tabs.orders'));
  await searchList(page, page.getByLabel(t('order.keyword'), { exact: true }), serial);
  const order = page.getByRole('row').filter({ hasText: serial });
  await expect(order).toContainText(t('state.pending'));
  await order.getByRole('button', { name: t('payOnline.action') }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid');
  await page.getByRole('link', { name: 'Back to the merchant' }).click();

  // The provider's notification, stamped on the moved clock, renewed it: a year on from its last day.
  const next = renewedExpiry(previous, stack.today(), 12);
  await searchList(page, page.getByLabel(t('order.keyword'), { exact: true }), serial);
  await expect(order).toContainText(t('state.renewed'));
  await order.getByRole('button', { name: /^XF\d+$/ }).click();
  const line = page
    .getByRole('dialog', { name: t('order.detailTitle') })
    .getByRole('row')
    .filter({ hasText: serial });
  await expect(line).toContainText(previous);
  await expect(line).toContainText(next);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await close();
});
