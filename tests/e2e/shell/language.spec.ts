import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { createAccount } from '../../fixtures/e2e-db.ts';
import { brandOrigin, CHINESE, expect, goInConsoleSettled, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

const PUBLIC_PAGES = ['/login', '/register', '/reset', '/dropAccount', '/loginForDashboard', '/test/list'];
const LANGUAGE_BRAND = brandOrigin('jd');
/** The first visit of a page loads its code and its data: on a busy machine that may take a while. */
const FIRST_LOAD = { timeout: 30_000 };
/** The console's pages a rental company's administrator works in, each read in both languages. */
const CONSOLE_PAGES = [
  '/dashboard',
  '/setUp?active=first',
  '/setUp?active=second',
  '/employeeManagement/all',
  '/deviceManagement',
  '/deviceManagement/models',
  '/deviceManagement/deviceOverview',
  '/deviceManagement/historicalTrajectory',
  '/deviceManagement/simCards',
  '/deviceManagement/virtualHosts',
  '/deviceManagement/controllers',
  '/deviceManagement/gpsGateways',
  '/deviceManagement/accessories',
  '/deviceManagement/fence',
  '/fenceManagement/list',
  '/warning/all',
  '/warning/rules',
  '/warning/ticket',
  '/warning/worker',
  '/warning/fault',
  '/warning/upkeep',
  '/warning/feedback',
  '/approvalManagement/caselibrary',
  '/riskManagement/index',
  '/riskManagement/history',
  '/riskManagement/lockDays',
  '/leaseCenter/contractMng',
  '/leaseCenter/addContract',
  '/leaseCenter/renterMng',
  '/leaseCenter/storeMng',
  '/leaseCenter/esigTemplateMng',
  '/leaseCenter/entryMng',
  '/leaseCenter/quitMng',
  '/leaseCenter/deviceLeasePeriod',
  '/leaseCenter/receiptRecord',
  '/leaseCenter/arrears',
  '/leaseCenter/dashboard',
  '/leaseCenter/incomeDetail',
  '/financeCenter/billRecord',
  '/financeCenter/history',
  '/workingAnalysis/base',
  '/workingAnalysis/attendance',
  '/workingAnalysis/construction',
  '/404',
];

/**
 * The interface text of a page: what a user reads, without records (customer and project names in tables,
 * the user's own name), which are data in whatever language they were entered.
 */
async function interfaceText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  // Read in one go inside the page: a live list (the home's alarms) may re-render between two reads.
  // innerText: only what is rendered (a closed dropdown's items are not read).
  const shown = await page.evaluate(() => {
    let all = document.body.innerText;
    const records = [...document.querySelectorAll<HTMLElement>('tbody, [aria-label^="User menu"]')];
    for (const record of records.filter((element) => element.checkVisibility())) {
      for (const line of record.innerText.split('\n').filter((l) => l.trim())) all = all.replace(line, '');
    }
    return all;
  });
  return `${await page.title()}\n${shown}`;
}

/**
 * A public page's interface text once it is drawn: right after a visit the page may still show the spinner that
 * stands in while its code loads (no text at all), which the network going quiet does not rule out on a busy machine.
 */
async function drawnText(page: Page): Promise<string> {
  let shown = '';
  await expect
    .poll(async () => {
      shown = await interfaceText(page);
      return shown.split('\n').slice(1).join('').trim().length;
    }, FIRST_LOAD)
    .toBeGreaterThan(0);
  return shown;
}

test.describe('language', () => {
  test('is Chinese by default in a Shanghai time zone', async ({ browser }) => {
    const page = await browser.newPage({ timezoneId: 'Asia/Shanghai' });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: text('zh-cn', 'auth:login.submit'), exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '登录工程机械' })).toBeVisible();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const shown = await drawnText(page);
      expect(shown, path).toMatch(CHINESE);
      expect(shown, path).not.toMatch(RAW_KEY);
    }
  });

  for (const timezoneId of ['Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Urumqi']) {
    test(`is Chinese by default in ${timezoneId}`, async ({ browser }) => {
      const page = await browser.newPage({ timezoneId });
      await page.goto('/login');
      await expect(page).toHaveTitle('登录 - 工程机械');
    });
  }

  test('is English by default in a Berlin time zone, with no Chinese and no raw keys on any public page', async ({
    browser,
  }) => {
    const page = await browser.newPage({ timezoneId: 'Europe/Berlin' });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const shown = await drawnText(page);
      expect(shown, path).not.toMatch(CHINESE);
      expect(shown, path).not.toMatch(RAW_KEY);
    }
  });

  test('shows no Chinese and no raw keys in the English console', async ({ page, api }) => {
    // Every console page, each loaded and settled: several times the usual time on a busy machine.
    test.slow();
    const account = await createAccount(ROLE.lessorAdmin);
    await signInAs(page, api, account);
    await page.goto(CONSOLE_PAGES[0]);
    await expect(page.getByRole('button', { name: /^User menu of / })).toBeVisible(FIRST_LOAD);
    for (const path of CONSOLE_PAGES) {
      // The rest are opened in the console, as from the sidebar.
      if (path !== CONSOLE_PAGES[0]) await goInConsoleSettled(page, path);
      const shown = await interfaceText(page);
      expect(shown.match(new RegExp(`.{0,30}${CHINESE.source}.{0,30}`, 'g')) ?? [], path).toEqual([]);
      expect(shown, path).not.toMatch(RAW_KEY);
    }
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^User menu of / }).click();
    await expect(page.getByRole('menuitem', { name: 'Personal settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Corporate settings' })).toBeVisible();
  });

  test('shows no raw keys in the Chinese console, which speaks Chinese on every page', async ({ browser, api }) => {
    test.slow();
    const page = await browser.newPage({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
    const account = await createAccount(ROLE.lessorAdmin);
    await signInAs(page, api, account);
    await page.goto(CONSOLE_PAGES[0]);
    await expect(page.getByRole('button', { name: /的用户菜单$/ })).toBeVisible(FIRST_LOAD);
    for (const path of CONSOLE_PAGES) {
      if (path !== CONSOLE_PAGES[0]) await goInConsoleSettled(page, path);
      const shown = await interfaceText(page);
      expect(shown, path).toMatch(CHINESE);
      expect(shown, path).not.toMatch(RAW_KEY);
    }
  });

  test('switches from the dropdown, and the saved choice wins over the time zone', async ({ browser }) => {
    const page = await browser.newPage({ timezoneId: 'Europe/Berlin' });
    await page.goto(`${LANGUAGE_BRAND}/login`);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('登录 - 工程机械');
    expect(await interfaceText(page)).not.toMatch(RAW_KEY);

    await page.reload();
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await page.getByRole('button', { name: '语言: 中文' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'English' })).toBeHidden();
    expect(await interfaceText(page)).not.toMatch(CHINESE);
  });

  test('the language switch shows only for brands that enable it', async ({ page }) => {
    await page.goto(`${LANGUAGE_BRAND}/login`);
    await expect(page.getByRole('button', { name: /^Language: / })).toBeVisible();
    await page.goto(`${brandOrigin('zjcloud')}/login`);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Language: / })).toHaveCount(0);
  });

  test('switching inside the console changes the shell and the sidebar', async ({ page }) => {
    const account = await createAccount(ROLE.companyAdmin);
    await page.goto(`${LANGUAGE_BRAND}/dashboard`);
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Account', { exact: true }).fill(account.account);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(page).toHaveTitle('首页 - 工程机械');
    const menu = page.getByRole('navigation', { name: text('zh-cn', 'shell:mainMenu') });
    await expect(menu).toBeAttached();
    await expect(menu).not.toContainText('Home');
    await expect(menu).toContainText('首页');
  });

  test('a tab whose sidebar was written in the other language asks for it again in its own', async ({
    browser,
    api,
  }) => {
    // The session was started in English (in another tab, say) and this tab speaks Chinese.
    const page = await browser.newPage({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
    await signInAs(page, api, await createAccount(ROLE.lessorAdmin), { menusLang: 'en' });
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: text('zh-cn', 'shell:mainMenu') });
    await expect(menu).toContainText('首页');
    await expect(menu).not.toContainText('Home');
  });
});
