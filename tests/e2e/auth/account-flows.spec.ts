import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { demoAccount } from '@console/db/seed/accounts';
import { createAccount, freshNumber } from '../../fixtures/e2e-db.ts';
import { expect, signInAs, signInThroughUi, submitLogin, test } from '../../fixtures/e2e.ts';
import type { Api } from '../../fixtures/e2e-api.ts';

/**
 * Register, reset and account deletion, each reading its verification code from the development outbox.
 * Each test sends its codes from an address of its own: the server allows thirty code requests an hour per address.
 */
async function pageFromNewAddress(browser: Browser): Promise<Page> {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
  return context.newPage();
}

async function fillCode(page: Page, api: Api, mobile: string) {
  const after = await api.lastSmsId(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();
  await page.getByLabel('Verification code', { exact: true }).fill(await api.codeAfter(mobile, after));
}

test.describe('register, reset and delete an account', () => {
  test('registers a new number; the account is a registered user the console refuses', async ({ browser, api }) => {
    const mobile = freshNumber();
    const form = await pageFromNewAddress(browser);
    await form.goto('/register');
    await expect(form).toHaveTitle(/^Register - /);
    await form.getByLabel('Mobile number', { exact: true }).fill(mobile);
    await fillCode(form, api, mobile);
    await form.getByLabel('Password', { exact: true }).fill('Welcome2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Welcome2027');
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(form.getByText('The two passwords are not the same')).toBeVisible();
    await form.getByLabel('Confirm password', { exact: true }).fill('Welcome2026');
    await form.getByLabel('Nickname', { exact: true }).fill('New tester');
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(form.getByText('Registration complete')).toBeVisible();

    // Registered users (role 0) get a token but not the console. (The address registered from is known.)
    await form.getByRole('link', { name: 'Back to sign-in' }).first().click();
    await submitLogin(form, { account: mobile, password: 'Welcome2026' }, { open: false });
    await expect(form.getByText('no permission to login')).toBeVisible();
    await expect(form).toHaveURL(/\/login/);
  });

  test('refuses to send a register code to a number that is already registered', async ({ browser }) => {
    const form = await pageFromNewAddress(browser);
    await form.goto('/register');
    await form.getByLabel('Mobile number', { exact: true }).fill(demoAccount(ROLE.companyAdmin));
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByText('This phone number is already registered')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  test('resets a password with a code: the old session ends and the new password signs in', async ({
    browser,
    api,
    page,
  }) => {
    const account = await createAccount(ROLE.lessorSales);
    const old = await api.signIn(account);
    const form = await pageFromNewAddress(browser);
    await form.goto('/reset');
    await form.getByLabel('Mobile number', { exact: true }).fill(account.account);
    await fillCode(form, api, account.account);
    await form.getByLabel('New password', { exact: true }).fill('Changed2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Changed2026');
    await form.getByRole('button', { name: 'Reset password' }).click();
    await expect(form.getByText('Password changed')).toBeVisible();

    expect((await api.call(authEndpoints.getUserInfo, { query: { token: old.token } })).status).toBe('401');
    await submitLogin(page, account);
    await expect(page.getByText('Wrong account or password').first()).toBeVisible();
    await signInThroughUi(page, { account: account.account, password: 'Changed2026' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong reset code is refused and the password stays', async ({ browser, api }) => {
    const account = await createAccount(ROLE.lessorStaff);
    const form = await pageFromNewAddress(browser);
    await form.goto('/reset');
    await form.getByLabel('Mobile number', { exact: true }).fill(account.account);
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByText('Verification code sent')).toBeVisible();
    const real = await api.codeAfter(account.account, 0);
    await form.getByLabel('Verification code', { exact: true }).fill(real === '000000' ? '111111' : '000000');
    await form.getByLabel('New password', { exact: true }).fill('Changed2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Changed2026');
    await form.getByRole('button', { name: 'Reset password' }).click();
    await expect(form.getByText('verification code error, re-enter').first()).toBeVisible();
    await expect(form.getByText('Password changed')).toHaveCount(0);
    await api.signIn(account);
  });

  test('requests the deletion of an account; the operator approves it and the account is gone', async ({
    browser,
    api,
    page,
  }) => {
    const account = await createAccount(ROLE.other);
    const form = await pageFromNewAddress(browser);
    await form.goto('/dropAccount');
    await form.getByLabel('Mobile number', { exact: true }).fill(account.account);
    await fillCode(form, api, account.account);
    await form.getByLabel('Reason', { exact: true }).fill('No longer needed');
    await form.getByRole('button', { name: 'Request deletion' }).click();
    const dialog = form.getByRole('dialog', { name: 'Delete this account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByText('Deletion requested')).toHaveCount(0);
    await form.getByRole('button', { name: 'Request deletion' }).click();
    await dialog.getByRole('button', { name: 'Request deletion' }).click();
    await expect(form.getByText('Deletion requested')).toBeVisible();

    // The operator's queue: the request waits there; approving says what it does, then the account is anonymised.
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/userManagement/dropRequests?state=pending');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: account.account });
    await expect(row).toContainText('No longer needed');
    await row.getByRole('button', { name: 'Approve and delete' }).click();
    const approve = page.getByRole('dialog', { name: /^Delete the account of / });
    await expect(approve).toContainText('This cannot be undone');
    await approve.getByRole('button', { name: 'Approve and delete' }).click();
    await expect(page.getByText('Account deleted')).toBeVisible();
    await page.goto('/userManagement/dropRequests?state=done');
    await expect(page.locator('.ant-table-tbody')).toContainText('(deleted account)');
    await expect(page.locator('.ant-table-tbody')).not.toContainText(account.account);
    const signIn = await pageFromNewAddress(browser);
    await submitLogin(signIn, account);
    await expect(signIn).toHaveURL(/\/login/);
    await expect(signIn.getByText('Wrong account or password').first()).toBeVisible();
  });
});
