import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { brandOrigin, expect, signInAs, signInButton, submitLogin, test, text } from '../../fixtures/e2e.ts';

/** The access rules and page titles of spec section 2. */
test.describe('access rules', () => {
  test('a signed-out visitor of a console path goes to /login with the path, and comes back after signing in', async ({
    page,
  }) => {
    await page.goto('/setUp?active=first');
    await expect(page).toHaveURL(/\/login\?redirect=%2FsetUp%3Factive%3Dfirst$/);
    await submitLogin(page, ROLE.lessorAdmin, { open: false });
    await expect(page).toHaveURL(/\/setUp\?active=first$/);
  });

  test('/ goes to /dashboard, which needs a sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=%2F(dashboard)?$/);
    await submitLogin(page, ROLE.companyEmployee, { open: false });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the public paths open without a sign-in', async ({ page }) => {
    for (const path of ['/login', '/register', '/reset', '/dropAccount', '/loginForDashboard', '/test/list']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
      await expect(page.getByRole('heading', { level: 3 }).first(), path).toBeVisible();
    }
  });

  test('a signed-in user who opens /login goes to /', async ({ page, api }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: /^User menu of / })).toBeVisible();
  });

  test('/screen without the dashboard-login marker goes to /loginForDashboard, even for a signed-in role 4', async ({
    page,
    api,
  }) => {
    // The page sends the browser on before it has loaded: waiting for the load of /screen would see it aborted.
    await page.goto('/screen', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/loginForDashboard$/);
    // The sign-in page's own load must be over before the session is set in it (a load still running destroys it).
    await expect(signInButton(page)).toBeVisible();
    await signInAs(page, api, ROLE.screenViewer);
    await page.goto('/screen', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/loginForDashboard$/);
    // The address changes in the console before it loads the sign-in page anew (SignInHandoffPage): the flow ends
    // on that page, shown.
    await expect(page.getByRole('heading', { name: text('en', 'auth:dashboardLogin.heading') })).toBeVisible();
  });

  test('an unknown path shows the 404 page', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorSales);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Page not found')).toBeVisible();
  });

  test('logout ends the session and returns to /login with the current path', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/setUp?active=first');
    await page.getByRole('button', { name: /^User menu of / }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2FsetUp%3Factive%3Dfirst$/);
    // The console hands /login over to the sign-in page by loading it anew: a page opened before that load could be
    // replaced by it.
    await expect(signInButton(page)).toBeVisible();
    expect((await api.call(authEndpoints.getUserInfo, { query: { token: login.token } })).status).toBe('401');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    // Ends on the sign-in page the console loads anew, not during that load (see the /screen flow).
    await expect(signInButton(page)).toBeVisible();
  });

  test('a session ended on the server sends the console quietly back to /login', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.finance);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: /^User menu of / })).toBeVisible();
    await api.call(authEndpoints.logout, { query: { token: login.token } });
    await page.goto('/setUp?active=first');
    await expect(page).toHaveURL(/\/login\?redirect=%2FsetUp%3Factive%3Dfirst$/);
    // The sign-in page the console loads anew, shown: the flow does not end during that load (see the /screen flow).
    await expect(signInButton(page)).toBeVisible();
    // 'system logout' is never toasted.
    await expect(page.getByText('system logout')).toHaveCount(0);
  });
});

test.describe('page titles', () => {
  test('read "<page title> - <brand title>" in both languages', async ({ browser, api }) => {
    const en = await browser.newPage({ timezoneId: 'Europe/Berlin' });
    await en.goto('/login');
    await expect(en).toHaveTitle('Sign in - Engineering machinery');
    await en.goto('/reset');
    await expect(en).toHaveTitle('Forgot password - Engineering machinery');
    await signInAs(en, api, ROLE.lessorAdmin);
    await en.goto('/dashboard');
    await expect(en).toHaveTitle('Home - Engineering machinery');

    const zh = await browser.newPage({ timezoneId: 'Asia/Shanghai' });
    await zh.goto('/login');
    await expect(zh).toHaveTitle('登录 - 工程机械');
    await zh.goto('/register');
    await expect(zh).toHaveTitle('注册 - 工程机械');
  });

  test('follow the brand of the host name', async ({ page }) => {
    await page.goto(`${brandOrigin('liftgo')}/login`);
    await expect(page).toHaveTitle('Sign in - LiftGo Fleet Console');
  });
});
