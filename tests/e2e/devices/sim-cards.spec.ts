import { randomInt } from 'node:crypto';
import { ROLE } from '@console/contract/codes/roles';
import { isImei } from '@console/contract/codes/sim-cards';
import { simCardEndpoints } from '@console/contract/http/sim-cards';
import { deviceEndpoints } from '@console/contract/http/devices';
import { confirmPopover, expect, RAW_KEY, signInAs, test } from '../../fixtures/e2e.ts';
import { dataRows, pick } from './helpers.ts';

const freshIccid = () =>
  `8986${String(randomInt(0, 1e8)).padStart(8, '0')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
function freshImei(): string {
  const body = String(randomInt(0, 1e14)).padStart(14, '0');
  for (let check = 0; ; check++) if (isImei(`${body}${check}`)) return `${body}${check}`;
}

test.describe('SIM cards (English)', () => {
  test('registers a card in a machine after refusing wrong numbers, then deletes it', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const device = (await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'boat' } })).data.list[0];
    await page.goto('/deviceManagement/simCards');
    await page.getByRole('button', { name: 'New SIM card' }).click();
    const dialog = page.getByRole('dialog', { name: 'New SIM card' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('enter IMEI/CCID')).toHaveCount(2);

    await dialog.getByLabel('ICCID').fill('1234');
    await dialog.getByLabel('IMEI').fill('490154203237519');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('enter correct card number')).toHaveCount(2);

    const iccid = freshIccid();
    await dialog.getByLabel('ICCID').fill(iccid);
    await dialog.getByLabel('IMEI').fill(freshImei());
    await pick(page, dialog.getByLabel('Carrier'), 'China Unicom');
    await dialog.getByLabel('Connectivity service expiry').fill('2027-03-31');
    await dialog.getByLabel('Connectivity service expiry').press('Enter');
    await pick(page, dialog.getByLabel('In machine'), device.serialNumber, true);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Saved')).toBeVisible();

    await page.goto(`/deviceManagement/simCards?iccid=${iccid}`);
    const row = dataRows(page).filter({ hasText: iccid });
    await expect(row).toContainText('China Unicom');
    await expect(row).toContainText('2027-03-31');
    await expect(row.getByRole('link', { name: device.serialNumber })).toHaveAttribute(
      'href',
      `/deviceManagement/detail?id=${device.id}`,
    );
    await row.getByRole('button', { name: 'Delete' }).click();
    await confirmPopover(page);
    await expect(page.getByText('SIM card deleted')).toBeVisible();
    const left = await api.call(simCardEndpoints.list, { token: login.token, query: { iccid } });
    expect(left.data.total).toBe(0);
  });
});

test.describe('SIM cards (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('speaks Chinese, with the spec’s prompts', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement/simCards');
    await expect(page).toHaveTitle(/^SIM 卡 - /);
    await page.getByRole('button', { name: '新增 SIM 卡' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 SIM 卡' });
    await dialog.locator('.ant-btn-primary').click();
    await expect(dialog.getByText('请输入IMEI/CCID')).toHaveCount(2);
    await dialog.getByLabel('ICCID').fill('1234');
    await dialog.locator('.ant-btn-primary').click();
    await expect(dialog.getByText('请输入正确的卡号')).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});
