import { ROLE } from '@console/contract/codes/roles';
import { DEFAULT_ORG_ZONE } from '@console/db/org-zone';
import { dayInZone } from '@console/server/src/lib/time';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';

/** A tiny real PNG (a 1x1 pixel), as a user would pick it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The demo customer (role 0), a customer of the first rental company: the operator grants to everyone. */
const CUSTOMER = '13800000000';

test('finance prices a product, creates a coupon and grants it to a phone, which has received it', async ({
  page,
  api,
}) => {
  const lang = 'en';
  const p = (key: string, params?: Record<string, string | number>) => text(lang, `products:${key}`, params);
  const c = (key: string, params?: Record<string, string | number>) => text(lang, `coupons:${key}`, params);
  const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
  const pick = async (option: string) =>
    page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  await signInAs(page, api, ROLE.finance);

  // A product with its price and a distributor's share.
  await page.goto('/productCenter/productSet');
  await page.getByRole('button', { name: p('product.add') }).click();
  const product = page.getByRole('dialog', { name: p('product.addTitle') });
  await product.getByLabel(p('product.category')).click();
  await pick(p('category.parts'));
  await product.getByLabel(p('product.name')).fill(`Filter ${tag}`);
  await product.locator('input[type=file]').setInputFiles({ name: 'filter.png', mimeType: 'image/png', buffer: PNG });
  // The spec and the description in the organisation's own language, each beside its Chinese and English wording.
  await product.getByLabel(p('product.spec'), { exact: true }).fill('HF-10');
  await product.getByLabel(p('product.specEn')).fill('HF-10 / each');
  await product.getByLabel(p('product.amount')).fill('128.50');
  await product.getByLabel(p('product.description'), { exact: true }).fill('Hydraulic filter');
  await product.getByLabel(p('product.keyAttributes')).fill('10 μm');
  await product.getByLabel(p('product.otherAttributes')).fill('Every 500 hours');
  await product.getByLabel(p('product.salesAttributes')).fill('Free shipping over 3');
  await product.getByRole('combobox', { name: p('share.distributor') }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await product.getByRole('spinbutton', { name: p('share.percent') }).fill('12.5');
  await product.getByRole('button', { name: 'OK' }).click();
  await expect(product).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: tag });
  await expect(row).toContainText('128.50');
  await expect(row).toContainText('12.5%');

  // A coupon for parts, granted to the customer's phone.
  await page.goto('/financeCenter/couponMng');
  await page.getByRole('button', { name: c('coupon.add') }).click();
  const coupon = page.getByRole('dialog', { name: c('coupon.addTitle') });
  await coupon.getByLabel(c('coupon.name')).fill(`Parts 20 off ${tag}`);
  await coupon.getByRole('spinbutton', { name: c('coupon.faceValue') }).fill('20');
  // The coupon's days are the operator's calendar days (Beijing time), whatever the browser's zone.
  const today = dayInZone(Date.now(), DEFAULT_ORG_ZONE);
  for (const label of [c('coupon.issueFrom'), c('coupon.issueTo')]) {
    await coupon.getByLabel(label).fill(today);
    await coupon.getByLabel(label).press('Enter');
  }
  await coupon.getByLabel(c('coupon.minSpend')).fill('100');
  await coupon.getByLabel(c('coupon.total')).fill('10');
  await coupon.getByLabel(c('coupon.category')).click();
  await pick(p('category.parts'));
  await coupon.getByRole('button', { name: 'OK' }).click();
  await expect(coupon).toBeHidden();

  const listed = page.getByRole('row').filter({ hasText: tag });
  await expect(listed).toContainText(c('issueState.issuing'));
  await listed.getByRole('button', { name: c('grant.action') }).click();
  const grant = page.getByRole('dialog', { name: c('grant.title', { name: `Parts 20 off ${tag}` }) });
  await grant.getByLabel(c('grant.mobiles')).fill(`${CUSTOMER}\n13999999999`);
  await grant.getByRole('button', { name: c('grant.submit') }).click();
  // An unknown number is named and nothing is given; without it the grant passes.
  await expect(page.getByText('No user has these mobile numbers: 13999999999')).toBeVisible();
  await grant.getByLabel(c('grant.mobiles')).fill(CUSTOMER);
  await grant.getByRole('button', { name: c('grant.submit') }).click();
  await expect(grant).toBeHidden();

  // The coupon's detail shows the phone's coupon received, one fewer remaining.
  await listed.getByRole('button', { name: `Parts 20 off ${tag}` }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: c('received.title') });
  const received = drawer.getByRole('row').filter({ hasText: CUSTOMER });
  await expect(received).toHaveCount(1);
  await expect(received).toContainText(c('useState.received'));
});
