import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { couponScreens } from '@console/contract/screens/coupons';
import { invoiceScreens } from '@console/contract/screens/invoices';
import { leaseBillingScreens } from '@console/contract/screens/lease-billing';
import { shopOrderScreens } from '@console/contract/screens/shop-orders';
import { FAULT_CODE } from '@console/contract/codes/device-records';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { E2E_TIME_ZONE } from '../../playwright.config.ts';
import { brandOrigin, expect as baseExpect, signInAs, signInButton, test, text } from '../../fixtures/e2e.ts';

// A page's first load waits for the console's code and data on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(120_000);

const BERLIN = E2E_TIME_ZONE;
const SHANGHAI = 'Asia/Shanghai';
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** The smaller things staff hit in a day of use (issue 11, item 11), at 1440 px. */
test.describe('daily use: the details', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('hovering the sidebar opens it over the page without moving the page', async ({ page, api }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/deviceManagement');
    await page.mouse.move(900, 600);
    const main = page.getByRole('main');
    // Measured once the rows are drawn: the page grows when they come, which is not the sidebar moving it.
    await expect(main.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    const before = await main.boundingBox();
    await page.locator('.ant-layout-sider').hover();
    const sider = page.locator('.ant-layout-sider');
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(210);
    expect(await main.boundingBox()).toEqual(before);
    // Every English entry fits: wrapped, not cut with an ellipsis.
    const titles = sider.locator('.ant-menu-title-content');
    const cut = await titles.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(await titles.count()).toBeGreaterThan(3);
    expect(cut).toEqual([]);
  });

  test('a work order detail sits under the work order list in the breadcrumb', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const orders = await api.call(workOrderEndpoints.list, { token: login.token, query: { page: 1, pageSize: 1 } });
    const id = (orders.data as { list: { id: number }[] }).list[0]!.id;
    await page.goto(`/warning/ticketDetail?id=${id}`);
    const list = breadcrumb(page).getByRole('link', { name: text('en', 'work-orders:list.title') });
    await expect(list).toHaveAttribute('href', '/warning/ticket');
    await expect(breadcrumb(page)).toContainText(text('en', 'work-orders:detail.routeTitle'));
  });

  test('the device log says its codes in words, in both languages', async ({ page, browser, api }) => {
    const login = await signInAs(page, api, ROLE.companyAdmin);
    // The seed's week of history: this month's, or on its first days the month before too (the log shows one
    // month). A log month is a month of the reader's zone: the entry shown falls in the same month in the English
    // page's zone (the run's, Europe/Berlin) and the Chinese page's (Asia/Shanghai).
    const monthIn = (zone: string, ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(ms);
    const now = Date.now();
    const months = [...new Set([monthIn(BERLIN, now), monthIn(BERLIN, now - 7 * 86_400_000)])];
    const faults = async (deviceId: number, month: string, timeZone: string) => {
      const log = await api.call(deviceRecordEndpoints.deviceLog, {
        token: login.token,
        timeZone,
        query: { deviceId, month, event: 'fault' },
      });
      return (log.data as { list: { id: number; detail: string }[] }).list;
    };
    let found: { id: number; code: string; month: string } | null = null;
    for (const month of months) {
      for (let id = 1; id <= 24 && !found; id++) {
        const inShanghai = new Set((await faults(id, month, SHANGHAI)).map((e) => e.id));
        const entry = (await faults(id, month, BERLIN)).find((e) => inShanghai.has(e.id));
        if (entry) found = { id, code: entry.detail, month };
      }
    }
    expect(found, 'a seeded fault in the last week among the first machines').not.toBeNull();
    expect(FAULT_CODE.get(found!.code)).toBeTruthy();
    // The reader picks the month and, in a month of many records, only the faults.
    const showFaults = async (p: Page, lang: 'en' | 'zh-cn', zone: string) => {
      if (found!.month !== monthIn(zone, Date.now())) {
        const picker = p.getByLabel(text(lang, 'device-detail:records.month'), { exact: true });
        await picker.click();
        await picker.fill(found!.month);
        await picker.press('Enter');
      }
      // A lost connection's detail is in words too (all events shown).
      await expect(p.getByText(text(lang, 'codes:deviceLogEvent.online')).first()).toBeVisible();
      await expect(p.getByRole('cell', { name: /^(lost|silent)$/ })).toHaveCount(0);
      await p.getByLabel(text(lang, 'device-detail:records.log.event'), { exact: true }).click();
      await p
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: text(lang, 'codes:deviceLogEvent.fault') })
        .click();
    };
    await page.goto(`/deviceManagement/detail?id=${found!.id}&tab=deviceLog`);
    await showFaults(page, 'en', BERLIN);
    await expect(
      page.getByText(`${found!.code} · ${text('en', `codes:faultCode.${found!.code}`)}`).first(),
    ).toBeVisible();

    // The zone that makes the console Chinese (spec section 9).
    const zh = await browser.newPage({ timezoneId: SHANGHAI, viewport: { width: 1440, height: 900 } });
    await signInAs(zh, api, ROLE.companyAdmin);
    await zh.goto(`/deviceManagement/detail?id=${found!.id}&tab=deviceLog`);
    await showFaults(zh, 'zh-cn', SHANGHAI);
    await expect(
      zh.getByText(`${found!.code} · ${text('zh-cn', `codes:faultCode.${found!.code}`)}`).first(),
    ).toBeVisible();
    await zh.close();
  });

  test('the sign-in heading keeps to one line; the global brand dials its region and bills in its currency', async ({
    page,
  }) => {
    await page.goto('/login');
    const heading = page.getByRole('heading', { level: 3 });
    await expect(heading).toBeVisible();
    expect((await heading.boundingBox())!.height).toBeLessThan(40);
    // The option the area code's select shows.
    const dialCode = page.getByRole('combobox', { name: text('en', 'auth:fields.areaCode') }).locator('option:checked');
    await expect(dialCode).toHaveText('+86');

    // The global brand (region: Australia) starts at +61, and its rental company's administrator signs in as typed.
    await page.goto(`${brandOrigin('liftgo')}/login`);
    await expect(dialCode).toHaveText('+61');
    const { account } = globalDemoAccount(ROLE.lessorAdmin);
    await page.getByLabel(text('en', 'auth:fields.account'), { exact: true }).fill(account);
    await page.getByLabel(text('en', 'auth:fields.password'), { exact: true }).fill(DEMO_PASSWORD);
    await signInButton(page).click();
    await expect(page).not.toHaveURL(/\/login/);

    // Its business is billed in its brand's currency (decision 064): a contract names Australian dollars, never yuan.
    await page.goto(`${brandOrigin('liftgo')}/leaseCenter/contractMng`);
    await page.getByRole('main').getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/leaseCenter\/contractDetail\?id=\d+/);
    const main = page.getByRole('main');
    await expect(main.locator('.ant-descriptions-item').filter({ hasText: 'Deposit (AUD)' })).toContainText(
      /\d+\.\d\d/,
    );
    await expect(main.getByText(/A\$[\d,]+\.\d\d\/(day|month)/).first()).toBeVisible();
    await expect(main).not.toContainText(/¥|yuan|元/);

    // Every money column's title names the brand's currency, as the figures under it carry no symbol of their own.
    const moneyTitles: [string, string[]][] = [
      [leaseBillingScreens.billRecord.path, ['lease-billing:amount', 'lease-billing:balance']],
      [leaseBillingScreens.history.path, ['lease-billing:history.amount', 'lease-billing:history.allocated']],
      [couponScreens.couponMng.path, ['coupons:coupon.minSpend']],
      [shopOrderScreens.order.path, ['shop-orders:order.discount', 'shop-orders:order.pay']],
    ];
    for (const [path, keys] of moneyTitles) {
      await page.goto(`${brandOrigin('liftgo')}${path}`);
      for (const key of keys) {
        const title = text('en', key, { currency: 'AUD' });
        expect(title).toMatch(/ \(AUD\)$/);
        await expect(main.getByRole('columnheader', { name: title })).toBeVisible();
      }
      await expect(main).not.toContainText(/¥|yuan|元|CNY/);
    }
    // Invoices carry their own currency (one list may hold several): each amount is written with its symbol.
    await page.goto(`${brandOrigin('liftgo')}${invoiceScreens.invoiceMng.path}`);
    await expect(
      main
        .getByRole('table')
        .getByText(/^A\$[\d,]+\.\d\d$/)
        .first(),
    ).toBeVisible();
    await expect(main).not.toContainText(/¥|yuan|元|CNY/);
  });
});
