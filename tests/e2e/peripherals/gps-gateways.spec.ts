import { randomInt } from 'node:crypto';
import { isImei } from '@console/contract/codes/sim-cards';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { gpsGatewayEndpoints } from '@console/contract/http/peripherals';
import { confirmPopover, expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { dataRows, pick } from '../devices/helpers.ts';

const en = (key: string, params?: Record<string, string | number>) => text('en', `peripherals:${key}`, params);

/** A well-formed IMEI no one has registered: 14 random digits and the check digit that makes it valid. */
function freshImei(): string {
  const body = Array.from({ length: 14 }, () => randomInt(10)).join('');
  const check = [...'0123456789'].find((d) => isImei(body + d))!;
  return body + check;
}

test.describe('GPS gateways (English)', () => {
  test('registers a gateway on a vehicle after the spec’s refusals, edits its plate, then deletes it', async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const device = (await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'forklift' } })).data
      .list[1]!;
    await page.goto('/deviceManagement/gpsGateways');
    await expect(page).toHaveTitle(/^GPS gateways - /);
    await page.getByRole('button', { name: en('gpsGateways.add') }).click();
    const dialog = page.getByRole('dialog', { name: en('gpsGateways.addTitle') });
    await dialog.locator('.ant-btn-primary').click();
    await expect(dialog.getByText('enter IMEI/CCID')).toBeVisible();
    await dialog.getByLabel(en('gpsGateways.imei')).fill('12345');
    await dialog.locator('.ant-btn-primary').click();
    await expect(dialog.getByText('enter correct card number')).toBeVisible();

    const imei = freshImei();
    await dialog.getByLabel(en('gpsGateways.imei')).fill(imei);
    await dialog.getByLabel(en('gpsGateways.plate')).fill('沪A·E2E01');
    await pick(page, dialog.getByLabel(en('common.device')), device.serialNumber, true);
    await dialog.locator('.ant-btn-primary').click();
    await expect(page.getByText(text('en', 'common:saved'))).toBeVisible();
    const row = dataRows(page).filter({ hasText: imei });
    await expect(row).toContainText('沪A·E2E01');
    await expect(row.getByRole('link', { name: device.serialNumber })).toHaveAttribute(
      'href',
      `/deviceManagement/detail?id=${device.id}`,
    );

    // The same IMEI twice is refused.
    await page.getByRole('button', { name: en('gpsGateways.add') }).click();
    await dialog.getByLabel(en('gpsGateways.imei')).fill(imei);
    await dialog.locator('.ant-btn-primary').click();
    await expect(page.getByText('This IMEI is already registered')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: text('en', 'common:edit') }).click();
    const edit = page.getByRole('dialog', { name: en('gpsGateways.editTitle', { imei }) });
    await edit.getByLabel(en('gpsGateways.plate')).fill('沪A·E2E02');
    await edit.locator('.ant-btn-primary').click();
    await expect(row).toContainText('沪A·E2E02');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);

    await row.getByRole('button', { name: text('en', 'common:delete') }).click();
    await confirmPopover(page);
    await expect(page.getByText(en('gpsGateways.deleted'))).toBeVisible();
    await expect(row).toHaveCount(0);
    const listed = await api.call(gpsGatewayEndpoints.list, { token: login.token, query: { imei } });
    expect(listed.data.total).toBe(0);
  });
});
