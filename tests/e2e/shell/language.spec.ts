import type { Page } from '@playwright/test';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { seesEntry } from '@console/contract/screens/access';
import { allMenuEntries } from '@console/contract/screens/all';
import { linkTo } from '@console/contract/screens/screen';
import { createAccount } from '../../fixtures/e2e-db.ts';
import type { Api } from '../../fixtures/e2e-api.ts';
import {
  brandOrigin,
  CHINESE,
  expect,
  goInConsoleSettled,
  RAW_KEY,
  signInAs,
  test,
  text,
  type UiLang,
} from '../../fixtures/e2e.ts';

const PUBLIC_PAGES = ['/login', '/register', '/reset', '/dropAccount', '/loginForDashboard', '/test/list', '/invite'];
const LANGUAGE_BRAND = brandOrigin('jd');
/** The first visit of a page loads its code and its data: on a busy machine that may take a while. */
const FIRST_LOAD = { timeout: 30_000 };
/** Each page of a role's sidebar, as its entry opens it: a page added to the sidebar is read without being listed here. */
const sidebarOf = (roleId: RoleId) => [
  ...new Set(
    allMenuEntries()
      .filter((entry) => seesEntry(entry, roleId))
      .map((entry) => linkTo(entry.screen, entry.query)),
  ),
];
/** The pages a rental company's administrator works in, each read in both languages: its sidebar's, and pages
 * reached from them rather than from the sidebar. */
const CONSOLE_PAGES = [...sidebarOf(ROLE.lessorAdmin), '/deviceManagement/fence', '/leaseCenter/addContract', '/404'];
/** The operator's pages that a rental company does not have (its users, distributors, ...), read as its administrator. */
const OPERATOR_PAGES = sidebarOf(ROLE.companyAdmin).filter((path) => !CONSOLE_PAGES.includes(path));

/**
 * The interface text of a page: what a user reads, without records (customer and project names in tables or in a
 * list marked `data-records`, the user's own name), which are data in whatever language they were entered.
 */
async function interfaceText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  // Read in one go inside the page: a live list (the home's alarms) may re-render between two reads.
  // innerText: only what is rendered (a closed dropdown's items are not read).
  const shown = await page.evaluate(() => {
    let all = document.body.innerText;
    const records = [...document.querySelectorAll<HTMLElement>('tbody, [data-records], [aria-label^="User menu"]')];
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

/**
 * Sign a new account of `roleId` in, then read each page: the first opened by its address, the rest in the console
 * as from the sidebar; no page may show a raw message key, and each must pass `speaks` in the console's language.
 */
async function walkConsole(
  page: Page,
  api: Api,
  roleId: RoleId,
  pages: string[],
  lang: UiLang,
  speaks: (shown: string, path: string) => void,
): Promise<void> {
  expect(pages.length).toBeGreaterThan(0);
  await signInAs(page, api, await createAccount(roleId));
  await page.goto(pages[0]!);
  const userMenu = lang === 'en' ? /^User menu of / : /的用户菜单$/;
  await expect(page.getByRole('button', { name: userMenu })).toBeVisible(FIRST_LOAD);
  for (const [i, path] of pages.entries()) {
    if (i > 0) await goInConsoleSettled(page, path);
    const shown = await interfaceText(page);
    speaks(shown, path);
    expect(shown, path).not.toMatch(RAW_KEY);
  }
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

  // Every console page of a role, each loaded and settled, in each language: several times the usual time on a busy
  // machine. The walks run in parallel (the rental company's pages in two halves), so both workers share them.
  const half = Math.ceil(CONSOLE_PAGES.length / 2);
  const walks = [
    {
      who: "a rental company's administrator (first half)",
      roleId: ROLE.lessorAdmin,
      pages: CONSOLE_PAGES.slice(0, half),
      settings: true,
    },
    {
      who: "a rental company's administrator (second half)",
      roleId: ROLE.lessorAdmin,
      pages: CONSOLE_PAGES.slice(half),
    },
    {
      who: "the operator's administrator, on the pages only the operator has",
      roleId: ROLE.companyAdmin,
      pages: OPERATOR_PAGES,
    },
  ];
  test.describe('every page', () => {
    test.describe.configure({ mode: 'parallel' });
    for (const { who, roleId, pages, settings } of walks) {
      test(`shows no Chinese and no raw keys in the English console of ${who}`, async ({ page, api }) => {
        test.slow();
        await walkConsole(page, api, roleId, pages, 'en', (shown, path) =>
          expect(shown.match(new RegExp(`.{0,30}${CHINESE.source}.{0,30}`, 'g')) ?? [], path).toEqual([]),
        );
        if (!settings) return;
        // The user menu leads to both settings tabs.
        await page.goto('/dashboard');
        await page.getByRole('button', { name: /^User menu of / }).click();
        await expect(page.getByRole('menuitem', { name: 'Personal settings' })).toBeVisible();
        await expect(page.getByRole('menuitem', { name: 'Corporate settings' })).toBeVisible();
      });

      test(`speaks Chinese with no raw keys on every page of the Chinese console of ${who}`, async ({
        browser,
        api,
      }) => {
        test.slow();
        const page = await browser.newPage({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
        await walkConsole(page, api, roleId, pages, 'zh-cn', (shown, path) => expect(shown, path).toMatch(CHINESE));
      });
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
