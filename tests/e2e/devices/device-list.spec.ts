import { DISTRIBUTORS } from '@console/db/seed/business';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { CHINESE, expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';
import { lockedMachines } from '../../fixtures/e2e-db.ts';
import { dataRows, pick } from './helpers.ts';

/** What the page itself says, without the records in the table and in chosen filter values. */
async function interfaceText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  let shown = await page.locator('body').innerText();
  for (const record of await page.locator('tbody, [aria-label^="User menu"], .ant-select-content').allInnerTexts()) {
    for (const line of record.split('\n').filter((l) => l.trim())) shown = shown.replace(line, '');
  }
  return `${await page.title()}\n${shown}`;
}

const totalText = (lang: UiLang, total: number) => text(lang, 'components:list.total', { total });

test.describe('all devices (English)', () => {
  test('honours the fleet home links: status, kind and expiry in the URL filter the list', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await lockedMachines(ROLE.lessorAdmin, 3);
    // In the browser's zone: the expiry windows count days on the viewer's today (decision 026).
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    // Codes that no watchdog changes while the test runs (no simulator drives this server's machines).
    for (const query of ['status=4', 'kind=forklift', 'expiry=30', 'status=5&kind=aerialPlatform']) {
      const params = Object.fromEntries(new URLSearchParams(query));
      const expected = await api.call(deviceEndpoints.list, { token: login.token, timeZone, loose: { query: params } });
      expect(expected.data.total, query).toBeGreaterThan(0);
      await page.goto(`/deviceManagement?${query}`);
      await expect(page.getByText(totalText('en', expected.data.total)), query).toBeVisible();
      const first = expected.data.list[0];
      await expect(page.getByRole('link', { name: first.serialNumber, exact: true })).toHaveAttribute(
        'href',
        `/deviceManagement/detail?id=${first.id}`,
      );
    }
    // The filter inputs show what the link asked for.
    await page.goto('/deviceManagement?status=4');
    await expect(page.locator('form').getByText('Locked', { exact: true })).toBeVisible();
  });

  test('filters from the form, pages and sorts on the server, and exports CSV', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement');
    await expect(
      page.getByRole('heading', { name: 'All devices' }).or(page.getByText('All devices').first()),
    ).toBeVisible();
    await pick(page, page.locator('form').getByLabel('Machine type'), 'Concrete pump', true);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/kind=concretePump/);
    const pumps = await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'concretePump' } });
    await expect(page.getByText(totalText('en', pumps.data.total))).toBeVisible();
    await expect(dataRows(page).first()).toContainText('Concrete pump');

    await page.getByRole('columnheader', { name: 'Serial number', exact: true }).click();
    await expect(page).toHaveURL(/sortField=serialNumber&sortOrder=ascend/);
    const sortedQuery = { kind: 'concretePump', sortField: 'serialNumber', sortOrder: 'ascend' } as const;
    const first = await api.call(deviceEndpoints.list, { token: login.token, query: sortedQuery });
    await expect(dataRows(page).first()).toContainText(first.data.list[0].serialNumber);
    const sorted = await api.call(deviceEndpoints.list, {
      token: login.token,
      query: { ...sortedQuery, page: 2, pageSize: 20 },
    });
    await page.getByRole('listitem', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(dataRows(page).first()).toContainText(sorted.data.list[0].serialNumber);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain('Serial number');
    expect(csv.trim().split('\n').length).toBe(pumps.data.total + 1);
  });

  test('assigns a distributor to selected hosts, and asks for a selection first', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement?kind=boat');
    await page.getByRole('button', { name: 'Assign distributor' }).click();
    await expect(page.getByText('Distributor assignment requires a selected host')).toBeVisible();

    const rows = dataRows(page);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    const serials = [
      await rows.nth(0).getByRole('link').first().innerText(),
      await rows.nth(1).getByRole('link').first().innerText(),
    ];
    await page.getByRole('button', { name: 'Assign distributor' }).click();
    const dialog = page.getByRole('dialog', { name: text('en', 'devices:assign.title', { count: 2 }) });
    await pick(page, dialog.getByLabel('Distributor'), DISTRIBUTORS[1]!.names.en, true);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(text('en', 'devices:assign.assigned', { count: 2 }))).toBeVisible();
    for (const serial of serials) {
      const found = await api.call(deviceEndpoints.list, { token: login.token, query: { serialNumber: serial } });
      expect(found.data.list[0].distributorName).toBe(DISTRIBUTORS[1]!.names.en);
    }
  });

  test('is read-only for a distributor and shows only the machines it distributes', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.distributor);
    await page.goto('/deviceManagement');
    const mine = await api.call(deviceEndpoints.list, { token: login.token });
    await expect(page.getByText(totalText('en', mine.data.total))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add machine' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Assign distributor' })).toHaveCount(0);
    await expect(page.locator('tbody').getByRole('link', { name: 'Edit' })).toHaveCount(0);
    const shown = await interfaceText(page);
    expect(shown.match(new RegExp(`.{0,30}${CHINESE.source}.{0,30}`, 'g')) ?? []).toEqual([]);
    expect(shown).not.toMatch(RAW_KEY);
  });
});

test.describe('all devices (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('speaks Chinese with no raw keys, and filters by status', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await lockedMachines(ROLE.lessorAdmin, 3);
    await page.goto('/deviceManagement?status=4');
    await expect(page).toHaveTitle(/^全部设备 - /);
    const locked = await api.call(deviceEndpoints.list, { token: login.token, query: { status: 4 } });
    await expect(page.getByText(totalText('zh-cn', locked.data.total))).toBeVisible();
    await expect(page.getByRole('button', { name: '分配经销商' })).toBeVisible();
    await expect(dataRows(page).first()).toContainText('已锁机');
    const shown = await interfaceText(page);
    expect(shown).toMatch(CHINESE);
    expect(shown).not.toMatch(RAW_KEY);
    for (const label of ['设备序列号', '机械类型', '设备状态', '租赁状态', '服务到期']) {
      await expect(page.locator('form').getByText(label, { exact: true })).toBeVisible();
    }
  });
});
