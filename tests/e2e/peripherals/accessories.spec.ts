import { ROLE } from '@console/contract/codes/roles';
import { accessoryEndpoints } from '@console/contract/http/accessories';
import { expect, openDialogWith, signInAs, test, text } from '../../fixtures/e2e.ts';
import { dataRows } from '../devices/helpers.ts';

const en = (key: string, params?: Record<string, string | number>) => text('en', `peripherals:${key}`, params);

test.describe('accessories and purchase info (English)', () => {
  test('records a host’s purchase info within residual 0-100 and adds an accessory', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const hosts = await api.call(accessoryEndpoints.hosts, { token: login.token, query: { recorded: '0' } });
    const host = hosts.data.list[0]!;
    await page.goto(`/deviceManagement/accessories?serialNumber=${host.serialNumber}`);
    const row = dataRows(page).filter({ hasText: host.serialNumber });
    await row.getByRole('button', { name: en('accessories.editPurchase') }).click();

    const dialog = page.getByRole('dialog', { name: en('accessories.purchaseTitle', { serial: host.serialNumber }) });
    await dialog.getByLabel(en('accessories.originalValue')).fill('100000');
    await dialog.getByLabel(en('accessories.salvageRate')).fill('120');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Device annex residual value 0-100')).toBeVisible();
    await dialog.getByLabel(en('accessories.salvageRate')).fill('20');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Saved')).toBeVisible();
    await expect(row).toContainText('100,000.00');
    await expect(row).toContainText('20,000.00 (20%)');

    await row.getByRole('button', { name: new RegExp(en('accessories.list')) }).click();
    const list = page.getByRole('dialog', { name: en('accessories.listTitle', { serial: host.serialNumber }) });
    const add = page.getByRole('dialog', { name: en('accessories.addTitle') });
    await openDialogWith(list.getByRole('button', { name: en('accessories.add') }), add);
    await add.getByLabel(en('accessories.name')).fill('Battery pack');
    await add.getByLabel(en('accessories.quantity')).fill('2');
    await add.getByLabel(en('accessories.value')).fill('1500');
    await add.getByRole('button', { name: 'OK' }).click();
    await expect(list.locator('tbody tr.ant-table-row').filter({ hasText: 'Battery pack' })).toBeVisible();
    await list.locator('.ant-modal-close').click();
    await expect(row).toContainText('3,000.00');
  });
});
