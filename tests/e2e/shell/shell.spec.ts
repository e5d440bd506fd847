import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { warningEndpoints } from '@console/contract/http/warning';
import { createAccount } from '../../fixtures/e2e-db.ts';
import { brandOrigin, expect, signInAs, signInButton, test, text } from '../../fixtures/e2e.ts';

/** The user menu's dropdown (the sidebar has menu items of the same names). */
const userMenuItem = (page: Page, name: string) => page.locator('.ant-dropdown').getByRole('menuitem', { name });

const bellButton = /^System message, \d+ alarms?$/;

test.describe('the alarm bell', () => {
  test('is hidden on /dashboard and shows the open alarms of the user elsewhere', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    // The times as the browser's zone (Europe/Berlin in playwright.config.ts) shows them.
    const bell = await api.call(warningEndpoints.bell, { token: login.token, timeZone: 'Europe/Berlin' });
    expect(bell.data.count).toBeGreaterThan(0);

    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: /^User menu of / })).toBeVisible();
    await expect(page.getByRole('button', { name: bellButton })).toHaveCount(0);

    await page.goto('/setUp?active=first');
    const button = page.getByRole('button', { name: text('en', 'shell:bell.label', { count: bell.data.count }) });
    await expect(button).toBeVisible();
    await button.click();
    const pane = page.getByRole('tooltip').filter({ hasText: 'System message' });
    await expect(pane).toBeVisible();
    const first = bell.data.list[0];
    const link = pane.getByRole('link').filter({ hasText: first.pname }).first();
    await expect(link).toHaveAttribute('href', `/project/device?nid=${first.nid}`);
    await expect(pane).toContainText(first.alarmTime);
    await expect(pane.locator('div[style*="max-height"]').first()).toHaveCSS('max-height', '400px');
  });

  test('says "no messages" for a user with no alarms in scope', async ({ page, api }) => {
    const login = await signInAs(page, api, await createAccount(ROLE.other, { ownOrganisation: true }));
    expect((await api.call(warningEndpoints.bell, { token: login.token })).data.count).toBe(0);
    await page.goto('/setUp?active=first');
    await page.getByRole('button', { name: text('en', 'shell:bell.label', { count: 0 }) }).click();
    await expect(page.getByText('No messages')).toBeVisible();
  });
});

test.describe('the top bar', () => {
  test('shows the version tag and the shortcuts of each role', async ({ page, api }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/setUp?active=first');
    await expect(page.getByLabel('Version')).toHaveText('v0.00');
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: 'Data big screen' })).toHaveAttribute(
      'href',
      `/bigScreen?from=${encodeURIComponent('/setUp?active=first')}`,
    );
    await page.getByRole('button', { name: /^User menu of / }).click();
    await expect(userMenuItem(page, 'Personal settings')).toBeVisible();
    await expect(userMenuItem(page, 'Corporate settings')).toHaveCount(0);
  });

  test('role 6 has no dashboard shortcut but corporate settings; role 5 of a leasing company has revenue analysis', async ({
    browser,
    api,
  }) => {
    const sales = await browser.newPage();
    await signInAs(sales, api, ROLE.lessorSales);
    await sales.goto('/setUp?active=first');
    await expect(sales.getByRole('button', { name: /^User menu of / })).toBeVisible();
    await expect(sales.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
    await sales.getByRole('button', { name: /^User menu of / }).click();
    await expect(userMenuItem(sales, 'Corporate settings')).toBeVisible();

    const admin = await browser.newPage();
    await signInAs(admin, api, ROLE.lessorAdmin);
    await admin.goto('/setUp?active=first');
    await expect(admin.getByRole('link', { name: 'Revenue analysis' })).toHaveAttribute(
      'href',
      '/leaseCenter/dashboard',
    );
    await expect(admin.getByRole('link', { name: 'Data big screen' })).toHaveCount(0);
  });

  test('the big-screen shortcut goes to /jdBigScreen under the jd brand', async ({ page }) => {
    await page.goto(`${brandOrigin('jd')}/login`);
    await page.getByLabel('Account', { exact: true }).fill('13800000002');
    await page.getByLabel('Password', { exact: true }).fill('Demo@2026');
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Data big screen' })).toHaveAttribute('href', /^\/jdBigScreen\?from=/);
  });
});

test.describe('the sidebar', () => {
  test('is 210 px open, opens on mouse enter and closes on leave, remembered as 1/0 (closed by default)', async ({
    page,
    api,
  }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/setUp?active=first');
    const sider = page.locator('.ant-layout-sider');
    await expect(page.getByRole('button', { name: 'Open or close the menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).not.toBe('1');
    await sider.hover();
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(210);
    // Remembered once the sidebar has settled open: asked until then.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('1');
    await page.mouse.move(900, 400);
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(210);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('0');
  });

  test('when closed, covers no page with the menu of the group the page is in; opened, shows that group', async ({
    page,
    api,
  }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/deviceManagement/simCards');
    await page.mouse.move(900, 400);
    const groupEntry = page.getByRole('link', { name: 'Virtual hosts' });
    await expect(page.getByRole('button', { name: 'New SIM card' })).toBeVisible();
    await expect(groupEntry).toBeHidden();
    await page.locator('.ant-layout-sider').hover();
    await expect(groupEntry).toBeVisible();
    await page.mouse.move(900, 400);
    await expect(groupEntry).toBeHidden();
  });

  test('becomes a drawer in the mobile device mode', async ({ browser, api }) => {
    const page = await browser.newPage({ viewport: { width: 420, height: 800 } });
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/setUp?active=first');
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open or close the menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});

test.describe('requests: loading overlay and error toasts', () => {
  test('the loading overlay shows while a request is outstanding', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/profile.do*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/setUp?active=first');
    const overlay = page.getByText('loading', { exact: true });
    await expect(overlay).toBeVisible();
    release();
    await expect(overlay).toBeHidden();
  });

  test('a network error is toasted for 5 seconds', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    let failed = false;
    // A transport fault on the first try (the query's retry then reaches the server).
    await page.route('**/api/user/profile.do*', async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' });
    });
    await page.goto('/setUp?active=first');
    const toast = page.locator('.ant-message').getByText('502');
    await expect(toast).toBeVisible();
    // Longer than a toast's usual 3 s, gone within a few seconds more.
    await page.waitForTimeout(3500);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 4000 });
  });

  test('a refused call without a message gets the generic text; "system logout" is never toasted', async ({
    page,
    api,
  }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    let answered = false;
    await page.route('**/api/user/profile.do*', async (route) => {
      if (answered) return route.continue();
      answered = true;
      await route.fulfill({ json: { status: '409', message: '', data: null } });
    });
    await page.goto('/setUp?active=first');
    await expect(page.getByText('The request failed, please try again')).toBeVisible();
  });
});

test.describe('the theme page', () => {
  test("previews a brand's colours and title as they are typed, without saving", async ({ page, api }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/systemSetting/theme?appid=liftgo');
    const header = page.getByTestId('preview-header');
    await expect(header).toContainText('LiftGo Fleet Console');
    await page.getByLabel('Title in English', { exact: true }).fill('Coastal Hire Console');
    await expect(header).toContainText('Coastal Hire Console');
    // The header colour typed as hex text in its picker.
    await page
      .locator('.ant-form-item', { hasText: /^Header/ })
      .locator('.ant-color-picker-trigger')
      .click();
    const hex = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-color-picker-hex-input input');
    await hex.fill('aa3300');
    await hex.press('Enter');
    await expect(header).toHaveCSS('background-color', 'rgb(170, 51, 0)');
  });
});
