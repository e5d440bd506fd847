import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { warningEndpoints } from '@console/contract/http/warning';
import { CHINESE, confirmPopover, expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';
import { FIRST_LOAD, quietPlatform, reportAs } from './helpers.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^System message, \d+ alarms?$|^系统消息/ });
/** antd puts a space between the two characters of a two-character Chinese button. */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);
const rowOf = (page: Page, serial: string) => page.getByRole('row').filter({ hasText: serial });

test.describe('the alarm centre', () => {
  test('an overload appears in the bell and the centre without reload, and is handled with a remark', async ({
    page,
    api,
    baseURL,
  }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    const machine = await quietPlatform(api, 0);
    await page.goto('/warning/all');
    await expect(page.getByRole('tab', { name: text('en', 'warning:centre.open'), selected: true })).toBeVisible(
      FIRST_LOAD,
    );
    await expect(page.getByRole('row').nth(1)).toBeVisible();

    await reportAs(baseURL!, machine.serial, { loadPct: 104 });

    // Live: the stream refreshes the list and the bell, no reload.
    const row = rowOf(page, machine.serial);
    await expect(row).toContainText(`${machine.serial} load 104%`);
    await expect(row).toContainText('104 % / 99 %');
    await expect(row.getByRole('link', { name: machine.serial })).toHaveAttribute(
      'href',
      `/deviceManagement/detail?id=${machine.id}`,
    );
    await expect(row.getByRole('link', { name: text('en', 'warning:actions.workOrder') })).toHaveAttribute(
      'href',
      /^\/warning\/ticket\?fromAlarm=\d+$/,
    );
    await bell(page).click();
    const pane = page.getByRole('tooltip').filter({ hasText: 'System message' });
    await expect(pane.getByRole('link').filter({ hasText: `${machine.serial} load 104%` })).toHaveAttribute(
      'href',
      `/project/device?nid=${machine.id}`,
    );
    await bell(page).click();

    // Handling needs a remark, then takes the alarm out of the bell.
    await row.getByRole('button', { name: text('en', 'warning:actions.handle') }).click();
    const dialog = page.getByRole('dialog', { name: text('en', 'warning:handleDialog.title') });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Please enter a handling remark')).toBeVisible();
    await dialog.getByLabel(text('en', 'warning:handleDialog.remark')).fill('Basket unloaded, operator briefed');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(text('en', 'warning:messages.handled', { count: 1 }))).toBeVisible();
    await expect(row).toContainText('Basket unloaded, operator briefed');
    await expect(row.getByRole('button', { name: text('en', 'warning:actions.handle') })).toHaveCount(0);
    await bell(page).click();
    await expect(pane.getByRole('link').filter({ hasText: `${machine.serial} load 104%` })).toHaveCount(0);
    await bell(page).click();

    // The details: value against threshold, the machine's report, who handled it.
    await row.getByRole('button', { name: text('en', 'warning:actions.detail') }).click();
    const drawer = page.getByRole('dialog', { name: text('en', 'warning:detail.title') });
    await expect(drawer).toContainText('104 % / 99 %');
    await expect(drawer).toContainText(text('en', 'warning:detail.ongoing'));
    await expect(
      drawer.getByRole('row').filter({ hasText: text('en', 'warning:reading.fields.loadPct') }),
    ).toContainText('104');
    await expect(drawer).toContainText(text('en', 'codes:alarmAction.handle'));
    await expect(drawer).toContainText('Basket unloaded, operator briefed');
  });

  test('the history filters by type, and a batch is acknowledged and handled, in Chinese', async ({ browser, api }) => {
    const lang: UiLang = 'zh-cn';
    const page = await browser.newPage({ timezoneId: 'Asia/Shanghai', viewport: { width: 1600, height: 1000 } });
    const login = await signInAs(page, api, ROLE.technician);
    const open = await api.call(warningEndpoints.list, { token: login.token, query: { state: 'open', handled: '0' } });
    expect(open.data.total).toBeGreaterThan(1);

    await page.goto('/warning/all?state=ended&type=offline');
    await expect(page.getByRole('tab', { name: text(lang, 'warning:centre.ended'), selected: true })).toBeVisible(
      FIRST_LOAD,
    );
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: '离线报警' })).toHaveCount(0);

    await page.getByRole('button', { name: spaced(text(lang, 'common:reset')) }).click();
    await expect(page).toHaveURL(/\/warning\/all\?state=ended$/);
    // The table keeps showing the history until the real-time page has come.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/warning/list.do') && r.url().includes('state=open')),
      page.getByRole('tab', { name: text(lang, 'warning:centre.open') }).click(),
    ]);
    await expect(page).toHaveURL(/\/warning\/all\?state=open$/);
    await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
    // Not the load alarms: the overload journey, running beside this flow, raises and handles its own.
    const pending = rows
      .filter({ has: page.getByRole('button', { name: spaced(text(lang, 'warning:actions.handle')) }) })
      .filter({ hasNotText: text(lang, 'codes:alarmType.load90') })
      .filter({ hasNotText: text(lang, 'codes:alarmType.load99') });
    await expect(pending.first()).toBeVisible();
    const serials = [
      await pending.nth(0).locator('a').first().innerText(),
      await pending.nth(1).locator('a').first().innerText(),
    ];
    const select = async () => {
      await pending.nth(0).getByRole('checkbox').check();
      await pending.nth(1).getByRole('checkbox').check();
    };
    await select();
    await page.getByRole('button', { name: text(lang, 'warning:actions.batchAcknowledge') }).click();
    await confirmPopover(page);
    await expect(page.getByText(text(lang, 'warning:messages.acknowledged', { count: 2 }))).toBeVisible();
    await select();
    await page.getByRole('button', { name: text(lang, 'warning:actions.batchHandle') }).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'warning:handleDialog.batchTitle', { count: 2 }) });
    await dialog.getByLabel(text(lang, 'warning:handleDialog.remark')).fill('已安排技师上门检修');
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await expect(page.getByText(text(lang, 'warning:messages.handled', { count: 2 }))).toBeVisible();
    for (const serial of serials) {
      await expect(rows.filter({ hasText: serial }).filter({ hasText: '已安排技师上门检修' }).first()).toBeVisible();
    }

    const body = await page.locator('main').innerText();
    expect(body).toMatch(CHINESE);
    expect(body).not.toMatch(RAW_KEY);
    await page.close();
  });
});
