import type { Browser, Page } from '@playwright/test';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { DISTRIBUTORS } from '@console/db/seed/business';
import { controllerEndpoints } from '@console/contract/http/peripherals';
import { withLeaseDb } from '../../fixtures/e2e-lease.ts';
import type { Api } from '../../fixtures/e2e-api.ts';
import { placePartsOrder } from '../../fixtures/e2e-shop.ts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

const lang = 'en';
const t = (key: string, params?: Record<string, string | number>) => text(lang, `shop-orders:${key}`, params);

/** A choice of the open select (antd lists its options outside the field). */
const option = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label });

/** Another person at their own browser, in the same language and zone, on the order's page. */
async function asAnother(browser: Browser, api: Api, role: RoleId, url: string) {
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin', locale: 'en-GB', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signInAs(page, api, role);
  await page.goto(url);
  return { page, drawer: page.getByRole('dialog', { name: t('detailTitle') }), close: () => context.close() };
}

/** A machine in Huadong's stock: a lift, never a terminal to ship. */
async function liftSerial(): Promise<string> {
  return withLeaseDb(async (db) => {
    const huadong = (await db
      .select()
      .from(organisations)
      .where(eq(organisations.name, 'Huadong Aerial Leasing'))
      .get())!;
    return (await db
      .select({ serial: devices.serialNumber })
      .from(devices)
      .where(and(eq(devices.orgId, huadong.id), isNull(devices.customerOrgId), eq(devices.leaseStatus, 'stock')))
      .orderBy(asc(devices.id))
      .limit(1)
      .get())!.serial;
  });
}

/** A spare terminal Huadong registers in its controller registry (its stock of terminals to ship). */
async function spareTerminal(api: Api): Promise<string> {
  const serialNumber = `T3E2E${String(Date.now()).slice(-8)}`;
  const { token } = await api.signIn(ROLE.lessorAdmin);
  const created = await api.call(controllerEndpoints.create, { token, body: { serialNumber, model: 'ZK-C300' } });
  expect(created.status, created.message).toBe('200');
  return serialNumber;
}

test('a customer orders a terminal with a coupon, pays on the provider’s page, and the order is shipped, received and completed with the distributor’s share', async ({
  page,
  api,
  browser,
}) => {
  const lift = await liftSerial();
  const serial = await spareTerminal(api);
  await signInAs(page, api, ROLE.other);
  await page.goto('/productCenter/order');
  await page.getByRole('button', { name: t('checkout.action') }).click();
  const dialog = page.getByRole('dialog', { name: t('checkout.title') });
  await dialog.getByLabel(t('order.product')).click();
  await option(page, '4G 定位终端（含安装）').click();
  await expect(dialog.getByTestId('checkout-amount')).toContainText('680.00');
  await dialog.getByLabel(t('checkout.coupon')).click();
  await option(page, '定位终端立减 100 元').click();
  await dialog.getByLabel(t('order.receiver'), { exact: true }).fill('Wang Jianguo');
  await dialog.getByLabel(t('order.receiverPhone')).fill('13912345678');
  await dialog.getByLabel(t('order.address')).fill('88 Century Avenue, Pudong, Shanghai');
  await dialog.getByRole('button', { name: t('checkout.submit') }).click();

  // The new order opens: 680.00 less the coupon's 100.00, waiting for payment.
  const drawer = page.getByRole('dialog', { name: t('detailTitle') });
  await expect(drawer).toContainText(t('state.created'));
  await expect(drawer).toContainText('580.00');
  await drawer.getByRole('button', { name: t('action.pay') }).click();

  // The provider's pay page: the QR code the phone would scan, the amount; the payer pays.
  await expect(page.getByRole('img', { name: 'QR' })).toBeVisible();
  await expect(page.getByText('CN¥580.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid');
  await page.getByRole('link', { name: 'Back to the merchant' }).click();

  // Back in the console: the provider's signed notification made it paid.
  await expect(drawer).toContainText(t('state.paid'));
  const number = (await drawer.locator('td').first().textContent())!.trim();
  expect(number).toMatch(/^SO\d{14}$/);
  const orderUrl = page.url();

  // The rental company's administrator ships it: a lift's serial is refused, naming it; the spare terminal goes.
  const seller = await asAnother(browser, api, ROLE.lessorAdmin, orderUrl);
  await expect(seller.drawer).toContainText(number);
  await seller.drawer.getByRole('button', { name: t('action.ship') }).click();
  const ship = seller.page.getByRole('dialog', { name: t('ship.title', { number }) });
  await ship.getByLabel(t('order.courier')).fill('SF1234567890');
  await ship.getByLabel(t('order.serials')).fill(lift);
  await ship.getByRole('button', { name: t('action.ship') }).click();
  await expect(
    seller.page.getByText(`delivery failed, retry: ${lift} is a machine, not a telematics terminal`).first(),
  ).toBeVisible();
  await expect(seller.drawer).toContainText(t('state.paid'));
  await ship.getByLabel(t('order.serials')).fill(serial);
  await ship.getByRole('button', { name: t('action.ship') }).click();
  await expect(seller.drawer).toContainText(t('state.shipped'));
  await expect(seller.drawer).toContainText(serial);

  // The customer confirms receipt.
  await page.reload();
  await drawer.getByRole('button', { name: t('action.receive') }).click();
  await page.getByRole('button', { name: text(lang, 'common:ok') }).click();
  await expect(drawer).toContainText(t('state.received'));

  // The seller completes it: the buyer's distributor is credited 10% of 580.00.
  await seller.page.reload();
  await seller.drawer.getByRole('button', { name: t('action.complete') }).click();
  await seller.page.getByRole('button', { name: text(lang, 'common:ok') }).click();
  await expect(seller.drawer).toContainText(t('state.completed'));
  await expect(seller.drawer).toContainText(DISTRIBUTORS[0]!.names.en);
  await expect(seller.drawer).toContainText('58.00');
  await expect(seller.page.locator('body')).not.toContainText(RAW_KEY);
  await seller.close();
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});

test('a customer who paid cancels before shipment and is refunded through the payment provider', async ({
  page,
  api,
}) => {
  // The order placed as the checkout places it; paying and cancelling are the customer's, in the console.
  const { id, number } = await placePartsOrder(api);
  await signInAs(page, api, ROLE.other);
  await page.goto(`/productCenter/order?id=${id}`);
  const drawer = page.getByRole('dialog', { name: t('detailTitle') });
  await drawer.getByRole('button', { name: t('action.pay') }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid');
  await page.getByRole('link', { name: 'Back to the merchant' }).click();
  await expect(drawer).toContainText(t('state.paid'));

  // Cancel and refund: the dialog says what happens to the money before it is confirmed.
  await drawer.getByRole('button', { name: t('action.refund') }).click();
  const dialog = page.getByRole('dialog', { name: t('refund.title', { number }) });
  await expect(dialog).toContainText('450.00');
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByLabel(t('refund.reason')).fill('Bought the wrong size');
  await dialog.getByRole('button', { name: t('action.refund') }).click();
  await expect(drawer).toContainText(t('state.cancelled'));
  await expect(drawer).toContainText('450.00 refunded through the provider');
  await expect(drawer.getByRole('button', { name: t('action.refund') })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
