import { ROLE } from '@console/contract/codes/roles';
import { demoAccount, globalDemoAccount } from '@console/db/seed/accounts';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string) => text('en', key);

/**
 * An account's identity number is named by the document of its country (its mobile's area code), in the user drawer of
 * the operator's console: an Australian account (+61) shows a driver licence, a mainland one (+86) an ID card.
 */
test('the user drawer names an Australian account’s licence and a mainland account’s ID card', async ({
  page,
  api,
}) => {
  await signInAs(page, api, ROLE.companyAdmin);
  await page.goto('/userManagement/all');
  const openDrawerOf = async (mobile: string) => {
    const search = page.getByPlaceholder(say('customers:users.keywordPlaceholder'));
    await search.fill(mobile);
    await search.press('Enter');
    // The account alone is found (its mobile is written with its area code and spaces).
    const details = page.getByRole('main').getByRole('button', { name: say('customers:users.details') });
    await expect(details).toHaveCount(1);
    await details.click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: say('customers:users.detailTitle') });
    await expect(drawer).toBeVisible();
    return drawer;
  };

  const australian = await openDrawerOf(globalDemoAccount(ROLE.lessorAdmin).account);
  await expect(australian.getByText(say('lease-parties:renter.driverLicence'), { exact: true })).toBeVisible();
  await expect(australian.getByText(say('lease-parties:renter.idCard'), { exact: true })).toHaveCount(0);
  await australian.getByRole('button', { name: 'Close' }).click();
  await expect(australian).toBeHidden();

  const mainland = await openDrawerOf(demoAccount(ROLE.lessorAdmin));
  await expect(mainland.getByText(say('lease-parties:renter.idCard'), { exact: true })).toBeVisible();
  await expect(mainland.getByText(say('lease-parties:renter.driverLicence'), { exact: true })).toHaveCount(0);
});
