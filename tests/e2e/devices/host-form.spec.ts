import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { confirmPopover, expect, RAW_KEY, signInAs, test } from '../../fixtures/e2e.ts';
import { dataRows, pick } from './helpers.ts';

const freshSerial = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

const chooseOption = (page: Page, label: string, option: string) =>
  pick(page, page.getByLabel(label, { exact: true }), option, true);

test.describe('adding and editing a host (English)', () => {
  test('registers a machine and shows its MQTT secret once, with a copy button', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement');
    await page.getByRole('link', { name: 'Add machine' }).click();
    await expect(page).toHaveURL(/\/deviceManagement\/addMachine$/);
    await expect(page.getByText('Add machine', { exact: true }).last()).toBeVisible();
    await expect(page.getByLabel('Host serial number', { exact: true })).toBeVisible();

    // Required fields and the serial format are checked before anything is sent.
    await page.getByRole('textbox', { name: 'Serial number', exact: true }).fill('bad/serial');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The serial number has 4-40 letters, digits, - or _')).toBeVisible();
    await expect(page.getByText('Please select the model')).toBeVisible();

    const serial = freshSerial('E2E');
    await page.getByRole('textbox', { name: 'Serial number', exact: true }).fill(serial);
    await chooseOption(page, 'Device type / model', 'CPD30 electric forklift');
    await expect(page.getByLabel('Machine type', { exact: true })).toHaveValue('Forklift');
    await expect(page.getByLabel('Brand', { exact: true })).toHaveValue('Heli');
    await page.getByLabel('Host name', { exact: true }).fill('E2E yard forklift');
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: `MQTT credentials of ${serial}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('It is shown only this once and cannot be shown again');
    const secret = (await dialog.getByTestId('mqtt-secret').innerText()).trim();
    expect(secret).toMatch(/^[\w-]{43}$/);
    await expect(dialog.getByRole('button', { name: /copy/i })).toHaveCount(2);
    await dialog.getByRole('button', { name: 'I have stored it' }).click();

    await expect(page).toHaveURL(`/deviceManagement?serialNumber=${serial}`);
    await expect(page.getByRole('link', { name: serial, exact: true })).toBeVisible();
    const row = dataRows(page).filter({ hasText: serial });
    // A new machine is in stock: only a confirmed delivery puts it on lease (decision 035).
    await expect(row).toContainText('Stock');
    const again = await api.call(deviceEndpoints.list, { token: login.token, query: { serialNumber: serial } });
    expect(JSON.stringify(again.data)).not.toContain(secret);
  });

  test('refuses a serial number that is already registered, on its field', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const existing = (await api.call(deviceEndpoints.list, { token: login.token, query: { pageSize: 1 } })).data
      .list[0];
    await page.goto('/deviceManagement/addMachine');
    await page.getByRole('textbox', { name: 'Serial number', exact: true }).fill(existing.serialNumber);
    await chooseOption(page, 'Device type / model', 'JCPT1412DC');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This serial number is already registered')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('edits a host from the list; the serial number stays', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement?kind=mower');
    const row = dataRows(page).first();
    const serial = await row.getByRole('link').first().innerText();
    await row.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/deviceManagement\/addMachine\?id=\d+$/);
    await expect(page.getByText(`Edit machine ${serial}`)).toBeVisible();
    await expect(page.getByLabel('Host serial number', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Serial number', exact: true })).toBeDisabled();
    const name = `Mower ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Host name', { exact: true }).fill(name);
    await page.getByLabel('License plate', { exact: true }).fill('沪B9X8Y7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Machine saved')).toBeVisible();
    await expect(page).toHaveURL(/\/deviceManagement$/);
    const found = await api.call(deviceEndpoints.list, { token: login.token, query: { serialNumber: serial } });
    expect(found.data.list[0]).toMatchObject({ hostName: name, licensePlate: '沪B9X8Y7' });
  });

  test('tells office staff who gets the key of a machine they register', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorStaff);
    await page.goto('/deviceManagement/addMachine');
    const serial = freshSerial('E2E');
    await page.getByRole('textbox', { name: 'Serial number', exact: true }).fill(serial);
    await chooseOption(page, 'Device type / model', 'CPD30 electric forklift');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: `${serial} is registered` });
    await expect(dialog).toContainText('Its MQTT secret goes only to those who fit devices');
    await expect(dialog.getByTestId('mqtt-secret')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`/deviceManagement?serialNumber=${serial}`);
    // Nor does the machine's page offer them a new key.
    await page.getByRole('link', { name: serial, exact: true }).click();
    await expect(page).toHaveURL(/\/deviceManagement\/detail\?id=\d+/);
    await expect(page.getByText('Model: CPD30 electric forklift')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Issue a new secret' })).toHaveCount(0);
  });

  test('a technician issues a new secret on the machine’s page after confirmation', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.technician);
    const device = (await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'charger' } })).data
      .list[0];
    await page.goto(`/deviceManagement/detail?id=${device.id}`);
    await page.getByRole('button', { name: 'Issue a new secret' }).click();
    await confirmPopover(page, { button: 'Cancel' });
    await expect(page.getByText('Cancelled')).toBeVisible();
    await page.getByRole('button', { name: 'Issue a new secret' }).click();
    await confirmPopover(page);
    const dialog = page.getByRole('dialog', { name: `MQTT credentials of ${device.serialNumber}` });
    await expect(dialog.getByTestId('mqtt-secret')).toHaveText(/^[\w-]{43}$/);
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await expect(dialog).toBeHidden();
  });

  test('shows a customer its leased machine read-only and refuses it the form for a new one', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.other);
    const device = (await api.call(deviceEndpoints.list, { token: login.token })).data.list[0];
    await page.goto(`/deviceManagement/addMachine?id=${device.id}`);
    await expect(page.getByText('You can view this machine but not change it')).toBeVisible();
    await expect(page.getByLabel('Host name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.goto('/deviceManagement/addMachine');
    await expect(page.getByText('Your role cannot register machines')).toBeVisible();
  });
});

test.describe('adding a host (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('labels and refusals are Chinese, with no raw keys', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement/addMachine');
    await expect(page).toHaveTitle(/^新增\/编辑主机 - /);
    await page
      .getByRole('button', { name: '保 存' })
      .or(page.getByRole('button', { name: '保存' }))
      .click();
    await expect(page.getByText('请输入设备序列号')).toBeVisible();
    await expect(page.getByText('请选择设备型号')).toBeVisible();
    for (const label of ['设备序列号', '设备类型/型号', '机械类型', '车牌号', '流量服务到期', '租赁状态', '经销商']) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});
