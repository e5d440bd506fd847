import { ROLE } from '@console/contract/codes/roles';
import { expect, openDialogWith, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, params: Record<string, string | number> = {}) => text('en', `customers:${key}`, params);

test("a customer's region: province and city picked, the district picked from the city's districts", async ({
  page,
  api,
}) => {
  const name = `Westlake Formwork ${Date.now().toString(36).toUpperCase()}`;
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto('/customerManagement/all');
  const dialog = page.getByRole('dialog', { name: say('customers.addTitle') });
  await openDialogWith(page.getByRole('button', { name: say('customers.add') }), dialog);
  await dialog.getByLabel(say('customers.name')).fill(name);
  await dialog.getByLabel(say('contactPhone')).fill('13912345678');

  const option = (label: string) => page.locator('.ant-select-item-option:visible').filter({ hasText: label });
  const item = (label: string) =>
    dialog.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  // Typed and chosen as a user does; a click while the list is still opening can miss, so it is tried again.
  const choose = async (field: string, typed: string, label: string) => {
    await expect(async () => {
      if ((await item(field).textContent())?.includes(label)) return;
      await dialog.getByRole('combobox', { name: field }).fill(typed);
      await option(label).first().click({ timeout: 5000 });
      await expect(item(field)).toContainText(label, { timeout: 2000 });
    }).toPass({ timeout: 45_000 });
  };
  await choose(say('province'), 'Zhejiang', 'Zhejiang · 浙江省');
  await choose(say('city'), 'Hangzhou', 'Hangzhou · 杭州市');
  // The city's districts are offered (loaded when the field is first used); another city's are not.
  const district = dialog.getByRole('combobox', { name: say('district') });
  await expect(async () => {
    await district.fill('西');
    await option('西湖区').click({ timeout: 5000 });
    await expect(district).toHaveValue('西湖区', { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
  await district.fill('姑苏');
  await expect(option('姑苏区')).toHaveCount(0);
  await district.fill('西湖');
  await option('西湖区').click();
  await expect(district).toHaveValue('西湖区');

  await dialog.getByLabel(say('address'), { exact: true }).fill('18 Wensan Road');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/customerManagement\/list\?id=\d+/);
  // The detail's address: the list, kept alive behind it, holds the same text in a hidden cell.
  await expect(page.getByText('浙江省 杭州市 西湖区 18 Wensan Road').filter({ visible: true }).first()).toBeVisible();
});
