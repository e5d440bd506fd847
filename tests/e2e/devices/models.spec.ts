import { randomBytes } from 'node:crypto';
import { ROLE } from '@console/contract/codes/roles';
import { deviceModelEndpoints } from '@console/contract/http/device-models';
import { confirmPopover, expect, RAW_KEY, signInAs, test } from '../../fixtures/e2e.ts';
import { dataRows, pick } from './helpers.ts';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test.describe('device types (English)', () => {
  test('creates a type with name, category and image, then deletes it', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement/models');
    await expect(page.getByRole('img', { name: 'JCPT1412DC scissor lift' })).toBeVisible();

    await page.getByRole('button', { name: 'New device type' }).click();
    const dialog = page.getByRole('dialog', { name: 'New device type' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Please enter the model name')).toBeVisible();
    await expect(dialog.getByText('Please select the category')).toBeVisible();
    await expect(dialog.getByText('Please upload the model image')).toBeVisible();

    const name = `E2E lift ${randomBytes(3).toString('hex')}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await pick(page, dialog.getByLabel('Category', { exact: true }), 'Aerial work platform');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'lift.png', mimeType: 'image/png', buffer: PNG });
    // Uploaded as soon as it is chosen; the field then holds the stored file.
    await expect(dialog.locator('.ant-upload-list-item-done').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Saved')).toBeVisible();

    const row = dataRows(page).filter({ hasText: name });
    await expect(row).toContainText('Own');
    await expect(row.getByRole('img', { name })).toBeVisible();
    const listed = await api.call(deviceModelEndpoints.list, { token: login.token, query: { name } });
    expect(listed.data.list[0]).toMatchObject({ name, category: 'aerialPlatform', deviceCount: 0 });

    await row.getByRole('button', { name: 'Delete' }).click();
    await confirmPopover(page);
    await expect(page.getByText('Device type deleted')).toBeVisible();
    await expect(dataRows(page).filter({ hasText: name })).toHaveCount(0);
  });

  test('refuses to delete a type machines use, saying how many use it', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.companyAdmin);
    const used = (
      await api.call(deviceModelEndpoints.list, { token: login.token, query: { name: 'RM-800 robotic mower' } })
    ).data.list[0];
    expect(used.deviceCount).toBeGreaterThan(0);
    await page.goto('/deviceManagement/models?name=RM-800');
    const row = dataRows(page).filter({ hasText: 'RM-800 robotic mower' });
    await expect(row.getByRole('link', { name: String(used.deviceCount) })).toHaveAttribute(
      'href',
      `/deviceManagement?modelId=${used.id}`,
    );
    await row.getByRole('button', { name: 'Delete' }).click();
    await confirmPopover(page);
    await expect(
      page.getByText(`This model is used by ${used.deviceCount} machine(s) and cannot be deleted`),
    ).toBeVisible();
    await expect(row).toBeVisible();
  });

  test('shows a lessor the catalog without edit or delete', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement/models?name=CPD30');
    const row = dataRows(page).filter({ hasText: 'CPD30 electric forklift' });
    await expect(row).toContainText('Catalog');
    await expect(row.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);
  });
});

test.describe('device types (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('speaks Chinese with no raw keys', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement/models');
    await expect(page).toHaveTitle(/^型号类型 - /);
    await page.getByRole('button', { name: '新增型号' }).click();
    const dialog = page.getByRole('dialog', { name: '新增型号' });
    await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
    await expect(dialog.getByText('请输入型号名称')).toBeVisible();
    await expect(dialog.getByText('请选择设备类别')).toBeVisible();
    await expect(dialog.getByText('请上传型号图片')).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});
