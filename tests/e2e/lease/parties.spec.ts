import { ROLE } from '@console/contract/codes/roles';
import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { expect, openDialogWith, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, params: Record<string, string | number> = {}) => text('en', `lease-parties:${key}`, params);

test('an administrator adds a company renter, opens it and adds a store', async ({ page, api }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const renter = `Harbour Works ${stamp} Ltd`;
  const store = `Depot ${stamp}`;
  // Unique per run (a number names one renter of a lessor), and valid: its check character completes it.
  const code = completeIdNumber(2, `91310115${String(Date.now()).slice(-9)}`);
  await signInAs(page, api, ROLE.lessorAdmin);

  await page.goto('/leaseCenter/renterMng');
  const dialog = page.getByRole('dialog', { name: say('renters.addTitle') });
  await openDialogWith(page.getByRole('button', { name: say('renters.add') }), dialog);
  // A company (the default type) is named by its unified social credit code.
  await dialog.getByLabel(say('renter.companyName')).fill(renter);
  await dialog.getByLabel(say('renter.creditCode')).fill('91310115MA1K4ABCD0');
  await dialog.getByLabel(say('renters.contactPhone')).fill('13912345678');
  await dialog.getByLabel(say('renters.address')).fill('100 Zhangjiang Road, Shanghai');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Enter a valid unified social credit code')).toBeVisible();
  await dialog.getByLabel(say('renter.creditCode')).fill(code);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: renter }).click();
  await expect(page).toHaveURL(/\/leaseCenter\/renterDetail\?id=\d+/);
  await expect(page.getByText(say('renters.contractsTab', { count: 0 }))).toBeVisible();
  // The company's labels: its number is its credit code (the list, kept alive behind, is hidden).
  await expect(page.getByText(say('renter.creditCode')).filter({ visible: true })).toBeVisible();
  await expect(page.getByText(code).filter({ visible: true })).toBeVisible();

  await page.goto('/leaseCenter/storeMng');
  const storeDialog = page.getByRole('dialog', { name: say('stores.addTitle') });
  await openDialogWith(page.getByRole('button', { name: say('stores.add') }), storeDialog);
  await storeDialog.getByLabel(say('stores.name'), { exact: true }).fill(store);
  await storeDialog.getByLabel(say('stores.address')).fill('8 Pier Road');
  // A click on the map places the store (WGS-84 into the latitude and longitude).
  await storeDialog.getByRole('region', { name: say('stores.mapLabel') }).click();
  await expect(storeDialog.getByLabel(say('stores.lat'))).not.toHaveValue('');
  await expect(storeDialog.getByLabel(say('stores.lng'))).not.toHaveValue('');
  await storeDialog.getByRole('button', { name: 'OK' }).click();
  await expect(storeDialog).toBeHidden();
  await expect(page.getByRole('cell', { name: store })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(store) })).toContainText(/-?\d+\.\d{6}, -?\d+\.\d{6}/);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
