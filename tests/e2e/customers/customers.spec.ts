import { ROLE } from '@console/contract/codes/roles';
import { DISTRIBUTORS } from '@console/db/seed/business';
import { freshNumber } from '../../fixtures/e2e-db.ts';
import {
  expect,
  openDialogWith,
  RAW_KEY,
  signInAs,
  signInButton,
  submitLogin,
  test,
  text,
} from '../../fixtures/e2e.ts';

const say = (key: string, params: Record<string, string | number> = {}) => text('en', `customers:${key}`, params);
/** The demo distributor as an English reader sees it. */
const DISTRIBUTOR = DISTRIBUTORS[0]!.names.en;

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

test('the operator onboards a rental company, whose administrator then signs in to run it', async ({
  page,
  api,
  browser,
}) => {
  const lessor = (key: string, params: Record<string, string | number> = {}) => text('en', `lessors:${key}`, params);
  const name = `Coastal Access Hire ${Date.now().toString(36).toUpperCase()}`;
  const admin = { account: freshNumber(), password: 'Coastal2026' };
  await signInAs(page, api, ROLE.companyAdmin);
  await page.goto('/userManagement/lessor');
  const dialog = page.getByRole('dialog', { name: lessor('addTitle') });
  await openDialogWith(page.getByRole('button', { name: lessor('add') }), dialog);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Select the brand')).toBeVisible();
  await dialog.getByLabel(lessor('name')).fill(name);
  await dialog.getByLabel(lessor('contactPhone')).fill('13912340000');
  await dialog.getByLabel(lessor('address'), { exact: true }).fill('8 Harbour Road');
  await dialog.getByLabel(lessor('brand'), { exact: true }).click();
  await page.getByTitle('LiftGo (liftgo)').click();
  await dialog.getByLabel(lessor('adminName')).fill('Mia Tran');
  await dialog.getByLabel(lessor('adminMobile')).fill(admin.account);
  await dialog.getByText(lessor('adminModePassword')).click();
  await dialog.getByLabel(lessor('adminPassword'), { exact: true }).fill(admin.password);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  // The operator is told what is left to do: the administrator's first password is theirs to pass on.
  await expect(page.getByText(lessor('createdPassword'))).toBeVisible();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toContainText(`Mia Tran (${admin.account})`);
  await expect(row).toContainText('LiftGo');
  await expect(page.locator('body')).not.toContainText(RAW_KEY);

  // The administrator signs in from their own office: a new address asks for a code first.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.45' } });
  const office = await context.newPage();
  await submitLogin(office, admin);
  await expect(
    office.getByRole('alert').filter({ hasText: 'remote login requires a verification code' }),
  ).toBeVisible();
  const after = await api.lastSmsId(admin.account);
  await office.getByRole('button', { name: 'Send code' }).click();
  await office.getByLabel('Verification code', { exact: true }).fill(await api.codeAfter(admin.account, after));
  await signInButton(office).click();
  await expect(office).toHaveURL(/\/dashboard$/);
  // Their company's own people: the administrator alone so far.
  await office.goto('/employeeManagement/all');
  await expect(office.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(office.locator('.ant-table-tbody')).toContainText(admin.account);
  await context.close();
});
