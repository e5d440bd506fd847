import { and, asc, eq, isNull } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { withLeaseDb } from '../../fixtures/e2e-lease.ts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

const lang = 'en';
const t = (key: string, params?: Record<string, string | number>) => text(lang, `shop-orders:${key}`, params);

/** A machine in Huadong's stock that no other flow uses (it ships with the order). */
function stockSerial(): string {
  return withLeaseDb((db) => {
    const huadong = db.select().from(organisations).where(eq(organisations.name, 'Huadong Aerial Leasing')).get()!;
    return db
      .select({ serial: devices.serialNumber })
      .from(devices)
      .where(and(eq(devices.orgId, huadong.id), isNull(devices.customerOrgId), eq(devices.leaseStatus, 'stock')))
      .orderBy(asc(devices.id))
      .limit(1)
      .offset(100 + (Date.now() % 50))
      .get()!.serial;
  });
}

test('a customer orders a terminal with a coupon, pays on the provider’s page, and the order is shipped, received and completed with the distributor’s share', async ({
  page,
  api,
}) => {
  const serial = stockSerial();
  await signInAs(page, api, ROLE.other);
  await page.goto('/productCenter/order');
  await page.getByRole('button', { name: t('checkout.action') }).click();
  const dialog = page.getByRole('dialog', { name: t('checkout.title') });
  await dialog.getByLabel(t('order.product')).click();
  await page.getByRole('option', { name: /4G 定位终端（含安装）/ }).click();
  await expect(dialog.getByTestId('checkout-amount')).toContainText('680.00');
  await dialog.getByLabel(t('checkout.coupon')).click();
  await page.getByRole('option', { name: /定位终端立减 100 元/ }).click();
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
  await expect(page.getByText('¥ 580.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid');
  await page.getByRole('link', { name: 'Back to the merchant' }).click();

  // Back in the console: the provider's signed notification made it paid.
  await expect(drawer).toContainText(t('state.paid'));
  const number = (await drawer.locator('td').first().textContent())!.trim();
  expect(number).toMatch(/^SO\d{8}$/);
  const orderUrl = page.url();

  // The rental company's administrator ships it with the machine's serial.
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(orderUrl);
  await expect(drawer).toContainText(number);
  await drawer.getByRole('button', { name: t('action.ship') }).click();
  const ship = page.getByRole('dialog', { name: t('ship.title', { number }) });
  await ship.getByLabel(t('order.courier')).fill('SF1234567890');
  await ship.getByLabel(t('order.serials')).fill(serial);
  await ship.getByRole('button', { name: t('action.ship') }).click();
  await expect(drawer).toContainText(t('state.shipped'));
  await expect(drawer).toContainText(serial);

  // The customer confirms receipt.
  await signInAs(page, api, ROLE.other);
  await page.goto(orderUrl);
  await drawer.getByRole('button', { name: t('action.receive') }).click();
  await page.getByRole('button', { name: text(lang, 'common:ok') }).click();
  await expect(drawer).toContainText(t('state.received'));

  // The seller completes it: the buyer's distributor is credited 10% of 580.00.
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(orderUrl);
  await drawer.getByRole('button', { name: t('action.complete') }).click();
  await page.getByRole('button', { name: text(lang, 'common:ok') }).click();
  await expect(drawer).toContainText(t('state.completed'));
  await expect(drawer).toContainText('Sanjiang Machinery Distribution');
  await expect(drawer).toContainText('58.00');
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
