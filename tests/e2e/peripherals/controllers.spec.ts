import { randomBytes } from 'node:crypto';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { controllerEndpoints } from '@console/contract/http/peripherals';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { dataRows, pick } from '../devices/helpers.ts';

const zh = (key: string, params?: Record<string, string | number>) => text('zh-cn', `peripherals:${key}`, params);

test.describe('controllers (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('registers a controller on one of the company’s hosts, in Chinese', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const device = (await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'forklift' } })).data
      .list[0]!;
    await page.goto('/deviceManagement/controllers');
    await page.getByRole('button', { name: zh('controllers.add') }).click();
    const dialog = page.getByRole('dialog', { name: zh('controllers.addTitle') });
    await dialog.locator('.ant-btn-primary').click();
    await expect(dialog.getByText('请输入控制器序列号')).toBeVisible();

    const serial = `CTL-E2E-${randomBytes(3).toString('hex')}`;
    await dialog.getByLabel(zh('controllers.serialNumber')).fill(serial);
    await dialog.getByLabel(zh('controllers.model')).fill('ZK-C300');
    await pick(page, dialog.getByLabel(zh('common.device')), device.serialNumber, true);
    await dialog.locator('.ant-btn-primary').click();
    await expect(page.getByText(text('zh-cn', 'common:saved'))).toBeVisible();

    const row = dataRows(page).filter({ hasText: serial });
    await expect(row.getByRole('link', { name: device.serialNumber })).toHaveAttribute(
      'href',
      `/deviceManagement/detail?id=${device.id}`,
    );
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    const listed = await api.call(controllerEndpoints.list, { token: login.token, query: { serialNumber: serial } });
    expect(listed.data.list[0]).toMatchObject({ model: 'ZK-C300', deviceId: device.id });
  });
});
