import { OPERATOR } from '@console/db/seed/business';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { expect, signInAs, signInButton, test } from '../../fixtures/e2e.ts';

test.describe('QR-code sign-in', () => {
  test('the page shows a code; the app scans and confirms it; the page signs in as the app user', async ({
    page,
    api,
  }) => {
    await page.goto('/login?redirect=%2FsetUp%3Factive%3Dfirst');
    await page.getByRole('tab', { name: 'QR-code sign-in' }).click();
    const panel = page.getByTestId('qr-login');
    await expect(page.getByRole('img', { name: 'Sign-in QR code' })).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('Scan the code with the mobile app to sign in');
    const uuid = (await panel.getAttribute('data-uuid'))!;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    // The test plays the signed-in mobile app.
    const app = await api.signIn(ROLE.lessorSales);
    expect((await api.call(authEndpoints.qrScan, { token: app.token, body: { uuid } })).status).toBe('200');
    await expect(panel.getByRole('status')).toHaveText('Scanned. Confirm the sign-in in the app');
    expect((await api.call(authEndpoints.qrConfirm, { token: app.token, body: { uuid } })).status).toBe('200');

    await expect(page).toHaveURL(/\/setUp\?active=first$/);
    const info = await api.call(authEndpoints.getUserInfo, { query: { token: app.token } });
    await expect(page.getByRole('button', { name: `User menu of ${info.data.name}` })).toBeVisible();
    // The code signed in once; it cannot sign in a second page.
    const again = await api.call(authEndpoints.loginByScanQRCode, { query: { uuid } });
    expect(again.data).toEqual({ state: 'expired', login: null });
  });

  test('a code signed in elsewhere shows the expired state, and a refresh gives a new code', async ({ page, api }) => {
    // The page's polls wait until the code has been used by another client (real answers, held back).
    let release!: () => void;
    const used = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/loginByScanQRCode.do*', async (route) => {
      await used;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'QR-code sign-in' }).click();
    const panel = page.getByTestId('qr-login');
    await expect(panel).toHaveAttribute('data-uuid', /^[0-9a-f-]{36}$/);
    const uuid = (await panel.getAttribute('data-uuid'))!;
    const app = await api.signIn(ROLE.lessorAdmin);
    await api.call(authEndpoints.qrScan, { token: app.token, body: { uuid } });
    await api.call(authEndpoints.qrConfirm, { token: app.token, body: { uuid } });
    expect((await api.call(authEndpoints.loginByScanQRCode, { query: { uuid } })).data.state).toBe('confirmed');
    release();

    await expect(panel.getByRole('status')).toHaveText('The QR code has expired');
    await expect(page).toHaveURL(/\/login$/);
    await page.unroute('**/api/loginByScanQRCode.do*');
    await page.getByRole('button', { name: 'Refresh QR code' }).click();
    await expect(panel.getByRole('status')).toHaveText('Scan the code with the mobile app to sign in');
    await expect(panel).toHaveAttribute('data-uuid', /^[0-9a-f-]{36}$/);
    expect(await panel.getAttribute('data-uuid')).not.toBe(uuid);
  });
});

test.describe('data-screen sign-in on /loginForDashboard', () => {
  test('role 4 signs in and lands on /screen with its organisation', async ({ page }) => {
    await page.goto('/loginForDashboard');
    await expect(page).toHaveTitle(/^Data screen sign-in - /);
    await page.getByLabel('Account', { exact: true }).fill(demoAccount(ROLE.screenViewer));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/screen$/);
    await expect(page.getByText(OPERATOR.names.en)).toBeVisible();
  });

  test('any other role gets the data-screen refusal and stays', async ({ page }) => {
    await page.goto('/loginForDashboard');
    await page.getByLabel('Account', { exact: true }).fill(demoAccount(ROLE.companyAdmin));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await signInButton(page).click();
    await expect(page.getByText('Sorry, your account has no permission to view the data screen').first()).toBeVisible();
    await expect(page).toHaveURL(/\/loginForDashboard$/);
    await page.goto('/screen');
    await expect(page).toHaveURL(/\/loginForDashboard$/);
    // The console hands the address back to the sign-in page by loading it again (SignInHandoffPage): the user is
    // back at the form, not at the hand-off's spinner.
    await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
  });

  test('a console user opening the data screen without its sign-in gets that sign-in, which stays put', async ({
    page,
    api,
  }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/screen');
    await expect(page).toHaveURL(/\/loginForDashboard$/);
    await expect(page).toHaveTitle(/^Data screen sign-in - /);
    await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
    // The page settles: it does not hand the address back and forth between the console and the sign-in page.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/loginForDashboard$/);
    await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
  });
});
