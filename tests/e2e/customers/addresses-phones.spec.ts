import { ROLE } from '@console/contract/codes/roles';
import { customerScreens } from '@console/contract/screens/customers';
import { leasePartyScreens } from '@console/contract/screens/lease-parties';
import { BUSINESSES } from '@console/db/seed/business';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { brandOrigin, expect as baseExpect, signInAs, signInButton, test, text } from '../../fixtures/e2e.ts';

// A page's first load waits for the console's code and data on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(120_000);

const northwind = BUSINESSES.find((b) => b.lang === 'en')!;
/** Northwind's Sydney customer (its head office's place, Parramatta). */
const SYDNEY_CUSTOMER = northwind.customers[0]!;
/** An Australian address from its street up, the suburb and the state abbreviated: 380 Church Street, Parramatta NSW. */
const PARRAMATTA_ADDRESS = /\d+ (Church Street|James Ruse Drive), Parramatta NSW/;
/** An Australian mobile with its trunk 0, as Australians write it at home: 0412 345 678. */
const AU_MOBILE = /^04\d\d \d{3} \d{3}$/;

test('the Australian console writes Australian addresses from the street up and mobiles with their trunk 0', async ({
  page,
}) => {
  await page.goto(`${brandOrigin('liftgo')}/login`);
  const { account } = globalDemoAccount(ROLE.lessorAdmin);
  await page.getByLabel(text('en', 'auth:fields.account'), { exact: true }).fill(account);
  await page.getByLabel(text('en', 'auth:fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await signInButton(page).click();
  await expect(page).not.toHaveURL(/\/login/);

  // The customer list and the customer's page: its address and its contact's mobile.
  await page.goto(`${brandOrigin('liftgo')}${customerScreens.customers.path}`);
  const row = page.getByRole('main').getByRole('row').filter({ hasText: SYDNEY_CUSTOMER });
  await expect(row).toContainText(PARRAMATTA_ADDRESS);
  await expect(row).not.toContainText('New South Wales');
  await row.getByRole('link', { name: SYDNEY_CUSTOMER }).click();
  await expect(page).toHaveURL(/\/customerManagement\/list\?id=\d+/);
  // A bordered description: the label's header cell, then its value's cell.
  const item = (key: string) =>
    page
      .getByRole('rowheader', { name: text('en', `customers:${key}`), exact: true })
      .filter({ visible: true })
      .locator('xpath=following-sibling::*[1]');
  await expect(item('address')).toHaveText(PARRAMATTA_ADDRESS);
  await expect(item('contactPhone')).toHaveText(AU_MOBILE);

  // A depot's number is its manager's mobile, kept beside +61 without the 0 and written with it.
  await page.goto(`${brandOrigin('liftgo')}${leasePartyScreens.stores.path}`);
  const depot = page.getByRole('main').getByRole('row').filter({ hasText: 'Parramatta Depot' });
  await expect(depot).toContainText(PARRAMATTA_ADDRESS);
  await expect(depot.getByText(/^04\d\d \d{3} \d{3}$/)).toBeVisible();
});

test('the Chinese console keeps Chinese addresses from the province down and mobiles as they are', async ({
  page,
  api,
}) => {
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(customerScreens.customers.path);
  const customer = BUSINESSES[0]!.customers[0]!;
  const row = page.getByRole('main').getByRole('row').filter({ hasText: customer });
  await expect(row).toContainText(/上海市 (浦东新区|闵行区) \S+号/);
  await expect(row.getByText(/^1[3-9]\d{9}$/)).toBeVisible();
});
