import { expect, test } from '../../fixtures/e2e.ts';
import { HUADONG, NORTHWIND, wholeLease, YUAN } from './whole-lease.ts';

/**
 * Issue 35's lease from deposit to refund, in the console, in both brands (the steps in whole-lease.ts): the default
 * brand's Huadong in yuan, in English and Chinese, and the global brand's Australian company, Northwind, in Australian
 * dollars on its own console, its renter's user of its Parramatta builder paying the deposit online.
 */

test('a lease from the deposit paid online to its refund: the statement and the revenue agree', async ({
  browser,
  page,
  api,
}) => {
  await wholeLease(browser, page, api, 'en', HUADONG, { amount: '1234.56', cents: 123_456 });
});

test.describe('in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
  test('从在线支付押金到退还押金的一次租赁：对账单与收入分析一致', async ({ browser, page, api }) => {
    await wholeLease(browser, page, api, 'zh-cn', HUADONG, { amount: '876.54', cents: 87_654 });
  });
});

test.describe('under the global brand', () => {
  test.use({ timezoneId: 'Australia/Sydney', locale: 'en-AU' });
  test('Northwind’s lease from the deposit paid online to its refund, in Australian dollars: the statement and the revenue agree', async ({
    browser,
    page,
    api,
  }) => {
    const { renter, desk } = await wholeLease(browser, page, api, 'en', NORTHWIND, {
      amount: '987.65',
      cents: 98_765,
    });
    // Neither the renter's statement nor the company's revenue analysis shows a yuan anywhere.
    await expect(renter.getByRole('main')).not.toContainText(YUAN);
    await expect(desk.getByRole('main')).not.toContainText(YUAN);
  });
});
