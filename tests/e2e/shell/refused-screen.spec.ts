import { ROLE } from '@console/contract/codes/roles';
import { href } from '@console/contract/screens/screen';
import { employeeScreens } from '@console/contract/screens/employees';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';

/** A screen the role may not open is refused by the console itself, even with its address typed. */
test.describe('screens refused by role', () => {
  test('a customer who types the employee list address sees the 403 page', async ({ page, api }) => {
    await signInAs(page, api, ROLE.other);
    await page.goto(href(employeeScreens.list));
    await expect(page.getByText(text('en', 'shell:forbidden.title'))).toBeVisible();
    await expect(page.locator('main table')).toHaveCount(0);
  });

  test('an administrator who types it sees the list', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto(href(employeeScreens.list));
    await expect(page.locator('main table')).toBeVisible();
    await expect(page.getByText(text('en', 'shell:forbidden.title'))).toHaveCount(0);
  });
});
