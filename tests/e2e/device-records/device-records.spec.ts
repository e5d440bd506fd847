import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { deviceEndpoints, type DeviceRow } from '@console/contract/http/devices';
import { translate } from '@console/contract/messages/translate';
import { demoAccount } from '@console/db/seed/accounts';
import type { Api } from '../../fixtures/e2e-api.ts';
import { confirmPopover, expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';
import { pick } from '../devices/helpers.ts';

const say = (lang: UiLang, key: string, params?: Record<string, string | number>) =>
  text(lang, `device-detail:records.${key}`, params);

/** A machine of the signed-in company; `skip` keeps flows of this file on different machines. */
async function machine(api: Api, token: string, query: Record<string, string | number>, skip = 0): Promise<DeviceRow> {
  const res = await api.call(deviceEndpoints.list, { token, query: { pageSize: 50, ...query } });
  const row = (res.data?.list as DeviceRow[] | undefined)?.[skip];
  if (!row) throw new Error(`no machine for ${JSON.stringify(query)}`);
  return row;
}

async function openTab(page: Page, deviceId: number, tab: string) {
  await page.goto(`/deviceManagement/detail?id=${deviceId}`);
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

/** A tiny real PNG (a 1x1 pixel), as a user would pick it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('device records (English)', () => {
  test('puts a machine to sleep with the code from the SMS outbox and shows it in the operation log', async ({
    page,
    api,
  }) => {
    // The administrative staff commands machines too; its own number keeps the code pace apart from other flows.
    const login = await signInAs(page, api, ROLE.lessorStaff);
    const device = await machine(api, login.token, { kind: 'aerialPlatform', status: 1 }, 3);
    await openTab(page, device.id, say('en', 'tabs.operationLog'));
    await expect(page.getByText(say('en', 'sleep.cycle'))).toBeVisible();

    await page.getByRole('button', { name: say('en', 'sleep.putToSleep') }).click();
    const dialog = page.getByRole('dialog', { name: say('en', 'sleep.dialogTitle') });
    const mobile = demoAccount(ROLE.lessorStaff);
    const after = await api.lastSmsId(mobile);
    await dialog.getByRole('button', { name: say('en', 'sleep.sendCode') }).click();
    const code = await api.codeAfter(mobile, after);

    await dialog.getByLabel(say('en', 'sleep.code')).fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: say('en', 'sleep.confirm') }).click();
    await expect(dialog.getByText('verification code error, re-enter')).toBeVisible();

    await dialog.getByLabel(say('en', 'sleep.code')).fill(code);
    await dialog.getByRole('button', { name: say('en', 'sleep.confirm') }).click();
    await expect(dialog).toBeHidden();
    const tasks = page.locator('.ant-table').filter({ hasText: say('en', 'sleep.tasks') });
    await expect(tasks.getByRole('row').filter({ hasText: say('en', 'ops.commandTypes.sleep') })).toHaveCount(1);
    const queued = `${say('en', 'ops.actions.command.queued')} · ${say('en', 'ops.commandTypes.sleep')}`;
    await expect(page.getByRole('cell', { name: queued })).toBeVisible();
  });

  test('with the simulator: the machine confirms sleep, shows its next wake 12 hours on, and wakes on its own', async ({
    page,
    api,
  }) => {
    test.slow();
    // The lessor's administrator: no other flow asks codes for its number, so the code pace is its own.
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const device = await machine(api, login.token, { kind: 'forklift' }, 7);
    const simulator = await startSimulator([{ serial: device.serialNumber, kind: 'forklift', lat: 31.2, lng: 121.5 }]);
    try {
      await openTab(page, device.id, say('en', 'tabs.operationLog'));
      const panel = page.locator('.ant-card').filter({ hasText: say('en', 'sleep.title') });
      const item = (label: string) =>
        panel
          .locator('.ant-descriptions-item')
          .filter({ hasText: say('en', `sleep.${label}`) })
          .locator('.ant-descriptions-item-content');
      await expect(item('state')).toHaveText(say('en', 'sleep.awake'));

      await page.getByRole('button', { name: say('en', 'sleep.putToSleep') }).click();
      const dialog = page.getByRole('dialog', { name: say('en', 'sleep.dialogTitle') });
      const mobile = demoAccount(ROLE.lessorAdmin);
      const after = await api.lastSmsId(mobile);
      await dialog.getByRole('button', { name: say('en', 'sleep.sendCode') }).click();
      await dialog.getByLabel(say('en', 'sleep.code')).fill(await api.codeAfter(mobile, after));
      await dialog.getByRole('button', { name: say('en', 'sleep.confirm') }).click();
      await expect(dialog).toBeHidden();

      // Confirmed by the machine, not by the send: it reports asleep and leaves; the next wake is 12 hours on.
      await expect(item('state')).toHaveText(say('en', 'sleep.asleep'), { timeout: 30_000 });
      expect((await simulator.client.machine(device.serialNumber)).connection).toBe('asleep');
      const fellAsleep = Date.parse((await item('lastSleep').innerText()).replace(' ', 'T'));
      const nextWake = Date.parse((await item('nextWake').innerText()).replace(' ', 'T'));
      expect(nextWake - fellAsleep).toBe(12 * 3600_000);

      // A wake for a sleeping machine waits as an offline wake task, after the user agrees.
      await panel.getByRole('button', { name: say('en', 'sleep.wake') }).click();
      await confirmPopover(page, { within: say('en', 'sleep.wakeAway') });
      await expect(page.getByText(say('en', 'sleep.wakeQueued'))).toBeVisible();

      // At 3600 times real time the 12 hours pass in seconds: the machine wakes, takes the task and stays awake.
      await simulator.client.setSpeed(3600);
      await expect(item('state')).toHaveText(say('en', 'sleep.awake'), { timeout: 45_000 });
      await simulator.client.setSpeed(1);
      await expect(item('lastWake')).not.toHaveText(say('en', 'sleep.none'));
    } finally {
      await simulator.stop();
    }
  });

  test('adds an expense and shows the totals, after refusing one without an amount', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const device = await machine(api, login.token, { kind: 'forklift' }, 2);
    const before = await api.call(deviceRecordEndpoints.expenses, {
      token: login.token,
      query: { deviceId: device.id },
    });
    const total = before.data.totals.all as number;
    await openTab(page, device.id, say('en', 'tabs.expenses'));
    await page.getByRole('button', { name: say('en', 'expenses.add') }).click();
    const dialog = page.getByRole('dialog', { name: say('en', 'expenses.add') });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Expense: host id, amount and type required')).toHaveCount(2);

    await pick(page, dialog.getByLabel(say('en', 'expenses.type')), text('en', 'codes:expenseType.insurance'));
    await dialog.getByLabel(say('en', 'expenses.amount')).fill('1234.5');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(say('en', 'expenses.saved'))).toBeVisible();
    await expect(page.getByRole('cell', { name: '1,234.50' })).toBeVisible();
    const totalCard = page.locator('.ant-statistic').filter({ hasText: say('en', 'expenses.total') });
    const grouped = (total + 1234.5).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect(totalCard).toContainText(grouped);
  });
});

test.describe('device records (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('reads the device log by month, uploads and deletes a file, all in Chinese', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const device = await machine(api, login.token, { kind: 'concretePump' }, 1);
    await openTab(page, device.id, say('zh-cn', 'tabs.deviceLog'));
    await expect(page.getByText(say('zh-cn', 'monthRule'))).toBeVisible();
    const month = page.getByLabel(say('zh-cn', 'month'));
    await month.click();
    await month.fill('2024-01');
    await month.press('Enter');
    await expect(page.getByText('该时间段内无数据')).toBeVisible();

    await page.getByRole('tab', { name: say('zh-cn', 'tabs.files'), exact: true }).click();
    await expect(page.getByText(say('zh-cn', 'files.rules'))).toBeVisible();
    // A file called .png that is no image: the server reads the bytes, not the name, and refuses it.
    await page.locator('input[type=file]').setInputFiles({
      name: '伪装.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all, only text'),
    });
    await expect(page.getByText(translate('zh_CN', 'deviceRecords.fileType')).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '伪装.png' })).toHaveCount(0);
    await page.locator('input[type=file]').setInputFiles({ name: '铭牌.png', mimeType: 'image/png', buffer: PNG });
    const row = page.getByRole('row').filter({ hasText: '铭牌.png' });
    await expect(row).toContainText(text('zh-cn', 'codes:deviceFileCategory.manual'));
    await row.getByRole('button', { name: text('zh-cn', 'common:delete') }).click();
    await confirmPopover(page);
    await expect(page.getByText(say('zh-cn', 'files.deleted'))).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '铭牌.png' })).toHaveCount(0);
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});
