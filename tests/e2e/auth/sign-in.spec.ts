import { ROLE, ROLE_IDS } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { createAccount } from '../../fixtures/e2e-db.ts';
import { expect, signInButton, signInThroughUi, submitLogin, test, text } from '../../fixtures/e2e.ts';

const userMenu = /^User menu of /;

test.describe('sign-in on /login', () => {
  for (const roleId of ROLE_IDS.filter((r) => r !== ROLE.registeredUser)) {
    test(`demo account of role ${roleId} signs in and reaches the console`, async ({ page }) => {
      await signInThroughUi(page, roleId);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('button', { name: userMenu })).toBeVisible();
      // The sidebar is the server's menu tree for the role.
      await expect(page.getByRole('navigation', { name: text('en', 'shell:mainMenu') })).toBeAttached();
    });
  }

  test('role 0 is refused with "no permission to login" and stays signed out', async ({ page }) => {
    await submitLogin(page, ROLE.registeredUser);
    await expect(page.getByText('no permission to login')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('checks the fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await signInButton(page).click();
    await expect(page.getByText('Please enter the account')).toBeVisible();
    await expect(page.getByText('Please enter the password')).toBeVisible();
    await page.getByLabel('Account', { exact: true }).fill('12345');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await signInButton(page).click();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the server message; after three the code field appears and the code lets the right password in', async ({
    page,
    api,
  }) => {
    const account = await createAccount(ROLE.lessorSales);
    const wrong = { account: account.account, password: 'Wrong-Pass2026' };
    await submitLogin(page, wrong);
    await expect(page.getByText('Wrong account or password').first()).toBeVisible();
    const codeField = page.getByLabel(text('en', 'auth:fields.code'), { exact: true });
    await expect(codeField).toHaveCount(0);
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((r) => r.url().includes('/api/login.do'));
      await signInButton(page).click();
      await answered;
    }
    await expect(codeField).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    const after = await api.lastSmsId(account.account);
    await page.getByRole('button', { name: text('en', 'auth:code.send') }).click();
    // antd can leave its (hidden) loading icon in the button after the send, adding 'loading' to its name.
    await expect(page.getByRole('button', { name: /Resend in \d+ s$/ })).toBeDisabled();
    await codeField.fill(await api.codeAfter(account.account, after));
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong code gets the re-enter message', async ({ page, api }) => {
    const account = await createAccount(ROLE.lessorStaff);
    for (let i = 0; i < 3; i++) {
      await api.call(authEndpoints.login, { query: { account: account.account, password: 'Wrong-Pass2026' } });
    }
    await submitLogin(page, account);
    await expect(
      page.getByRole('alert').filter({ hasText: 'multiple password errors require a verification code' }),
    ).toBeVisible();
    await page.getByLabel('Verification code', { exact: true }).fill('000000');
    await signInButton(page).click();
    await expect(page.getByText('verification code error, re-enter').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a sign-in from a new address asks for a code first', async ({ browser, api }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } });
    const page = await context.newPage();
    const account = await createAccount(ROLE.technician);
    await submitLogin(page, account);
    await expect(
      page.getByRole('alert').filter({ hasText: 'remote login requires a verification code' }),
    ).toBeVisible();
    const after = await api.lastSmsId(account.account);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code', { exact: true }).fill(await api.codeAfter(account.account, after));
    await signInButton(page).click();
    // A technician's home is their work orders.
    await expect(page).toHaveURL(/\/warning\/ticket$/);
    await context.close();
  });
});
