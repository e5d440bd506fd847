import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays } from '@console/contract/codes/lease-billing';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { renewedExpiry } from '@console/contract/codes/renewals';
import { ROLE } from '@console/contract/codes/roles';
import { leaseChangeEndpoints } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { translate } from '@console/contract/messages/translate';
import {
  approvedForNewRenter,
  contractForNewRenter,
  machinesNeverLeased,
  providerLosesFlow,
  signAtProvider,
  startSigningInConsole,
} from '../../fixtures/e2e-lease.ts';
import { startMovedTime, type MovedTime } from '../../fixtures/e2e-moved-time.ts';
import { placePartsOrder } from '../../fixtures/e2e-shop.ts';
import { expect, openTab, RAW_KEY, searchList, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * Signing and paying once time has moved on (README, "Moving time"; decision 059's addendum "one clock"): a stack of
 * its own follows a simulator's clock skipped ten days ahead of the wall clock, the simulated e-signature and payment
 * providers with it. Their signed callbacks are fresh by the server's clock, so a contract is signed into execution
 * and a shop order and a service renewal are paid. A signing stuck meanwhile shows its way forward in the console: a signature whose callback has
 * not come is taken by asking the provider; a change whose flow the provider lost is said to be lost when asked, and
 * called off with a reason and sent again, it is signed into force.
 */
const PORTS = { first: 19000, last: 19049 };
const DAYS_AHEAD = 10;
const lang: UiLang = 'en';
const c = (key: string, params?: Record<string, string | number>) => text(lang, `lease-contracts:${key}`, params);
const status = (key: string) => text(lang, `codes:contractStatus.${key}`);
const r = (key: string, params?: Record<string, string | number>) => text(lang, `renewals:${key}`, params);
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

/** The party's link on the signing card, as the page shows it to the lessor's people. */
function signingLink(page: Page, party: 'lessee' | 'lessor') {
  return page
    .locator('.ant-descriptions-item')
    .filter({ hasText: c(`detail.${party}Link`) })
    .getByRole('link', { name: c('detail.openSigning') });
}

/** Tell this stack's e-signature provider how to misbehave (its control API), as QA steer it. */
async function steerProvider(steering: { callbackDelayMs: number }) {
  const response = await fetch(`${stack.esignUrl}/control/steer`, { method: 'POST', body: JSON.stringify(steering) });
  expect(response.status).toBe(200);
}

/** A new renter's contract from the company's today (the moved one), for 90 days. */
const terms = async (name: string) => {
  const today = stack.today();
  return {
    name,
    serials: await machinesNeverLeased(stack.api, 1),
    startOn: today,
    endOn: addDays(today, 90),
    billingDay: 1,
    dueDays: 10,
  };
};

test('ten days on, a salesperson sends a contract for signing; both parties sign at the provider and it is in execution', async ({
  browser,
}) => {
  const sales = await stack.api.signIn(ROLE.lessorSales);
  const name = `Moved Time Works ${Date.now().toString(36).toUpperCase()}`;
  const contract = await approvedForNewRenter(stack.api, { ...(await terms(name)), salespersonId: sales.uid });
  const { page, close } = await stack.consolePage(browser, ROLE.lessorSales);
  await page.goto(`/leaseCenter/contractDetail?id=${contract.contractId}`);
  const contractStatus = page.getByTestId('contract-status');
  await expect(contractStatus).toHaveText(status('awaitingSignInitiation'));

  await startSigningInConsole(page, lang);
  await expect(contractStatus).toHaveText(status('awaitingLesseeSign'));
  // Each signature's callback, stamped on the provider's clock (the moved one), is taken, not refused as stale.
  await signAtProvider(page, lang, 'lessee', name);
  await expect(contractStatus).toHaveText(status('awaitingLessorSign'));
  await signAtProvider(page, lang, 'lessor', 'Signing officer');
  await expect(contractStatus).toHaveText(status('inExecution'));
  await expect(page.getByTestId('timeline-event').last()).toContainText(c('events.lessorSigned'));
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await close();
});

test('ten days on, a signature whose callback has not come: the administrator asks the provider and the contract moves on', async ({
  browser,
}) => {
  const name = `Moved Ask Works ${Date.now().toString(36).toUpperCase()}`;
  const contract = await approvedForNewRenter(stack.api, await terms(name));
  const { page, close } = await stack.consolePage(browser, ROLE.lessorAdmin);
  await page.goto(`/leaseCenter/contractDetail?id=${contract.contractId}`);
  const contractStatus = page.getByTestId('contract-status');
  await startSigningInConsole(page, lang);
  await expect(contractStatus).toHaveText(status('awaitingLesseeSign'));

  // The provider holds its callbacks back (ten minutes): the lessee's signature reaches the console only when asked.
  await steerProvider({ callbackDelayMs: 600_000 });
  try {
    await signAtProvider(page, lang, 'lessee', name);
    await expect(contractStatus).toHaveText(status('awaitingLesseeSign'));
    await page.getByRole('button', { name: c('actions.askSigning') }).click();
    await expect(page.getByText(c('done.askSigningLearned_one', { count: 1 }))).toBeVisible();
    await expect(contractStatus).toHaveText(status('awaitingLessorSign'));
  } finally {
    await steerProvider({ callbackDelayMs: 0 });
  }
  await signAtProvider(page, lang, 'lessor', 'Signing officer');
  await expect(contractStatus).toHaveText(status('inExecution'));
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await close();
});

test('ten days on, a change whose signing the provider lost: asked, the console says so; called off with a reason and sent again, it is in force', async ({
  browser,
}) => {
  const name = `Moved Change Works ${Date.now().toString(36).toUpperCase()}`;
  const lease = await contractForNewRenter(stack.api, await terms(name));
  // A change moving the contract's end 30 days on, from today, written and approved by the administrator.
  const written = await stack.api.call(leaseChangeEndpoints.create, {
    token: lease.token,
    body: {
      contractId: lease.contractId,
      effectiveOn: stack.today(),
      endOn: addDays(stack.today(), 120),
      remark: '',
      lines: [],
    },
  });
  expect(written.status, written.message).toBe('200');
  const change = written.data as { id: number; number: string };
  const move = (action: 'submit' | 'approve') =>
    stack.api.call(leaseContractEndpoints.move, { token: lease.token, body: { id: change.id, action } });
  const submitted = await move('submit');
  expect(submitted.status, submitted.message).toBe('200');
  if (submitted.data.status === LEASE_STATUS.pendingReview) expect((await move('approve')).status).toBe('200');

  const { page, close } = await stack.consolePage(browser, ROLE.lessorAdmin);
  await page.goto(`/leaseCenter/contractChangeDetail?id=${change.id}`);
  const changeStatus = page.getByTestId('change-status');
  await expect(changeStatus).toHaveText(status('awaitingSignInitiation'));

  await startSigningInConsole(page, lang);
  await expect(changeStatus).toHaveText(status('awaitingLesseeSign'));
  const lost = (await signingLink(page, 'lessee').getAttribute('href'))!;

  await test.step('the provider loses the flow: asking it for the signing’s state says so and what to do', async () => {
    await providerLosesFlow(lost);
    await page.getByRole('button', { name: c('actions.askSigning') }).click();
    await expect(page.getByText(translate('en_US', 'lease.signingLost'))).toBeVisible();
    await expect(changeStatus).toHaveText(status('awaitingLesseeSign'));
  });

  const reason = 'The e-signature provider lost the signing; sending it again';
  await test.step('call the signing off with a reason: the change waits to be sent again, saying why', async () => {
    await page.getByRole('button', { name: c('actions.cancelSigning') }).click();
    const dialog = page.getByRole('dialog', { name: c('confirm.cancelSigning', { number: change.number }) });
    await dialog.getByLabel(c('dialogs.reason')).fill(reason);
    await dialog.getByRole('button', { name: c('actions.cancelSigning') }).click();
    await expect(dialog).toBeHidden();
    await expect(changeStatus).toHaveText(status('awaitingSignInitiation'));
    const cancelled = page.getByTestId('timeline-event').filter({ hasText: c('events.cancelSigning') });
    await expect(cancelled).toContainText(c('detail.reason', { reason }));
    await expect(signingLink(page, 'lessee')).toHaveCount(0);
  });

  await test.step('send it again: new links; both parties sign and the change is in force', async () => {
    await startSigningInConsole(page, lang);
    await expect(changeStatus).toHaveText(status('awaitingLesseeSign'));
    await expect(signingLink(page, 'lessee')).not.toHaveAttribute('href', lost);
    await signAtProvider(page, lang, 'lessee', name);
    await expect(changeStatus).toHaveText(status('awaitingLessorSign'));
    await signAtProvider(page, lang, 'lessor', 'Signing officer');
    await expect(changeStatus).toHaveText(status('inExecution'));
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
  await close();
});

test('ten days on, a customer pays a shop order on the payment provider’s page and it is paid', async ({ browser }) => {
  const t = (key: string) => text(lang, `shop-orders:${key}`);
  const { id } = await placePartsOrder(stack.api);

  const { page, close } = await stack.consolePage(browser, ROLE.other);
  await page.goto(`/productCenter/order?id=${id}`);
  const drawer = page.getByRole('dialog', { name: t('detailTitle') });
  await drawer.getByRole('button', { name: t('action.pay') }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid');
  await page.getByRole('link', { name: 'Back to the merchant' }).click();
  // The provider's notification, stamped on the moved clock, made it paid.
  await expect(drawer).toContainText(t('state.paid'));
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await close();
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
    .filter({ has: page.getByRole('button', { name: r('renew.action'), exact: true }) })
    .first();
  const serial = (await renewable.getByRole('link').first().textContent())!.trim();
  const previous = DAY.exec((await renewable.textContent()) ?? '')![0];
  await renewable.getByRole('button', { name: r('renew.action'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: r('renew.title', { count: 1 }) });
  await expect(dialog.getByTestId('renew-items')).toHaveText(serial);
  // The longest period offered, a year.
  await expect(dialog.getByTestId('renew-total')).toBeVisible();
  await dialog.getByRole('button', { name: r('renew.submit') }).click();
  await expect(page.getByText(r('renew.created')).first()).toBeVisible();

  await openTab(page, r('tabs.orders'));
  await searchList(page, page.getByLabel(r('order.keyword'), { exact: true }), serial);
  const order = page.getByRole('row').filter({ hasText: serial });
  await expect(order).toContainText(r('state.pending'));
  await order.getByRole('button', { name: r('payOnline.action') }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid');
  await page.getByRole('link', { name: 'Back to the merchant' }).click();

  // The provider's notification, stamped on the moved clock, renewed it: a year on from its last day.
  const next = renewedExpiry(previous, stack.today(), 12);
  await searchList(page, page.getByLabel(r('order.keyword'), { exact: true }), serial);
  await expect(order).toContainText(r('state.renewed'));
  await order.getByRole('button', { name: /^XF\d+$/ }).click();
  const line = page
    .getByRole('dialog', { name: r('order.detailTitle') })
    .getByRole('row')
    .filter({ hasText: serial });
  await expect(line).toContainText(previous);
  await expect(line).toContainText(next);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await close();
});
