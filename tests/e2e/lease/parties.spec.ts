import { ROLE } from '@console/contract/codes/roles';
import { isAbn } from '@console/contract/codes/tax-regimes';
import { completeIdNumber, formatAbn } from '@console/contract/lease/renter-identity';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import {
  brandOrigin,
  expect,
  openDialogWith,
  RAW_KEY,
  signInAs,
  signInButton,
  test,
  text,
} from '../../fixtures/e2e.ts';

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

test('the Australian brand’s renter form takes an Australian company’s ABN with a mainland contact (+86)', async ({
  page,
}) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const renter = `Harbour Formwork ${stamp} Pty Ltd`;
  // A valid ABN of this run (a number names one renter of a lessor): eleven digits whose checksum holds.
  let abn = '';
  for (let n = Date.now() % 1e9; !abn; n++) {
    const candidate = `5${String(n).padStart(10, '0')}`;
    if (isAbn(candidate)) abn = formatAbn(candidate);
  }
  await page.goto(`${brandOrigin('liftgo')}/login`);
  const { account } = globalDemoAccount(ROLE.lessorAdmin);
  await page.getByLabel(text('en', 'auth:fields.account'), { exact: true }).fill(account);
  await page.getByLabel(text('en', 'auth:fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await signInButton(page).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${brandOrigin('liftgo')}/leaseCenter/renterMng`);
  const dialog = page.getByRole('dialog', { name: say('renters.addTitle') });
  await openDialogWith(page.getByRole('button', { name: say('renters.add') }), dialog);
  await dialog.getByLabel(say('renter.companyName')).fill(renter);
  await dialog.getByLabel(say('renter.abn')).fill(abn);
  // The company's manager in Sydney answers on a mainland mobile.
  const areaCode = dialog.getByRole('combobox', { name: say('areaCode') });
  await areaCode.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('+86', { exact: true }).click();
  await expect(
    dialog.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: say('areaCode') }) }),
  ).toContainText('+86');
  await dialog.getByLabel(say('renters.contactPhone')).fill('13912345678');
  await dialog.getByLabel(say('renters.address')).fill('120 Church Street');
  await dialog.getByRole('button', { name: 'OK' }).click();
  // Checked in the browser as the server checks it: an ABN of an Australian company, not a mainland credit code.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: renter })).toBeVisible();
});
