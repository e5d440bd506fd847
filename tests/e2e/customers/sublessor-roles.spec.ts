import { ROLE } from '@console/contract/codes/roles';
import { SUBLESSOR_DEMO_ACCOUNT } from '@console/db/seed/lease-sublease';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string) => text('en', key);

/**
 * A sub-lessor's account holds the sub-lessor role (11) alone (decision 042): the operator's users page offers no
 * rental company's role for it (5, 6, 7, 10), which would open that company's contracts and bills to another.
 */
test('the users page offers a sub-lessor’s account the sub-lessor role alone', async ({ page, api }) => {
  await signInAs(page, api, ROLE.companyAdmin);
  await page.goto('/userManagement/all');
  const search = page.getByPlaceholder(say('customers:users.keywordPlaceholder'));
  await search.fill(SUBLESSOR_DEMO_ACCOUNT);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: SUBLESSOR_DEMO_ACCOUNT.slice(-4) });
  await expect(row).toHaveCount(1);
  await row.getByLabel(say('customers:users.changeRole')).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText([say('codes:role.other')]);
  for (const role of ['lessorAdmin', 'lessorSales', 'technician', 'lessorStaff']) {
    await expect(page.locator('.ant-select-dropdown:visible').getByText(say(`codes:role.${role}`))).toHaveCount(0);
  }
});
