import { ROLE } from '@console/contract/codes/roles';
import { expect, openDialogWith, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, params: Record<string, string | number> = {}) => text('en', `customers:${key}`, params);
const DISTRIBUTOR = 'Sanjiang Machinery Distribution';

test('a rental company adds a customer, the operator assigns it a distributor, and the distributor sees it', async ({
  page,
  api,
  browser,
}) => {
  const name = `Harbour Civil Works ${Date.now().toString(36).toUpperCase()}`;
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto('/customerManagement/all');
  const dialog = page.getByRole('dialog', { name: say('customers.addTitle') });
  await openDialogWith(page.getByRole('button', { name: say('customers.add') }), dialog);
  await dialog.getByRole('button', { name: 'OK' }).click();
  // Name, phone and company address are required (spec section 5).
  await expect(dialog.getByText('Enter the company address')).toBeVisible();
  await dialog.getByLabel(say('customers.name')).fill(name);
  await dialog.getByLabel(say('contactPhone')).fill('13912345678');
  await dialog.getByLabel(say('address'), { exact: true }).fill('100 Zhangjiang Road');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name })).toBeVisible();

  // The operator opens the customer and assigns the distributor (no machines yet: the customer alone).
  const operator = await browser.newPage();
  await signInAs(operator, api, ROLE.companyAdmin);
  await operator.goto('/customerManagement/all');
  await operator.getByRole('link', { name }).click();
  await expect(operator).toHaveURL(/\/customerManagement\/list\?id=\d+/);
  const assign = operator.getByRole('dialog', { name: say('assign.title', { name }) });
  await openDialogWith(operator.getByRole('button', { name: say('assign.button') }), assign);
  await assign.getByLabel(say('customers.distributor')).click();
  await operator.getByTitle(DISTRIBUTOR).click();
  await expect(assign.getByText(say('assign.noMachines'))).toBeVisible();
  await assign.getByRole('button', { name: say('assign.ok') }).click();
  await expect(assign).toBeHidden();
  await expect(operator.getByRole('link', { name: DISTRIBUTOR })).toBeVisible();
  await operator.close();

  // The distributor's view: the customer is among its customers, read only.
  const distributor = await browser.newPage();
  await signInAs(distributor, api, ROLE.distributor);
  // The list's own answer, however long a loaded host takes to start the page.
  const listed = distributor.waitForResponse((r) => r.url().includes('/api/customer/list.do'), { timeout: 120_000 });
  await distributor.goto('/customerManagement/all');
  await listed;
  const row = distributor.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(distributor.getByRole('button', { name: say('customers.add') })).toHaveCount(0);
  await expect(distributor.locator('body')).not.toContainText(RAW_KEY);
  await distributor.close();
});
