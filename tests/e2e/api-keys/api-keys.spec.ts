import { ROLE } from '@console/contract/codes/roles';
import { expect, confirmPopover, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, given: Record<string, string | number> = {}) => text('en', `api-keys:${key}`, given);

test('a rental company’s administrator makes an API key, sees its secret once, and revokes it', async ({
  page,
  api,
}) => {
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto('/setUp/apiKeys');
  await expect(
    page.getByRole('heading', { name: say('title') }).or(page.getByText(say('title')).first()),
  ).toBeVisible();

  const name = `ERP ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: say('create') }).click();
  const dialog = page.getByRole('dialog', { name: say('createTitle') });
  await expect(dialog).toBeVisible();
  // The form is checked before anything is made: a customer key names its customer.
  await dialog.getByLabel(say('name')).fill(name);
  await dialog.getByLabel(say('scopes.customer')).check();
  await dialog.getByRole('button', { name: say('createOk') }).click();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: 'Select the customer' })).toBeVisible();
  await dialog.getByLabel(say('scopes.all')).check();
  const expiry = dialog.getByLabel(say('expiresOn'));
  await expiry.fill(`${new Date().getUTCFullYear() + 1}-06-30`);
  await expiry.press('Enter');
  await dialog.getByRole('button', { name: say('createOk') }).click();

  // Shown once, with how to use it.
  const made = page.getByRole('dialog', { name: say('madeTitle', { name }) });
  await expect(made).toBeVisible();
  const secret = (await made.getByTestId('api-key-secret').innerText()).trim();
  expect(secret).toMatch(/^mlk_[\w-]{20,}$/);
  await expect(made.getByText(say('secretOnce'))).toBeVisible();
  // An outside system reads the fleet with it.
  const fleet = await page.request.get('/api/aemp/v2/Fleet/1', { headers: { authorization: `Bearer ${secret}` } });
  expect(fleet.status()).toBe(200);
  expect(await fleet.text()).toContain('<Fleet xmlns="http://standards.iso.org/iso/15143/-3"');
  await made.getByRole('button', { name: say('secretStored') }).click();
  await expect(made).toBeHidden();

  // The list shows the key by its first characters, never the whole secret again.
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 10));
  await expect(row).toContainText(text('en', 'api-keys:states.active'));
  await expect(page.locator('body')).not.toContainText(secret);

  await row.getByRole('button', { name: say('revoke') }).click();
  await confirmPopover(page, { within: say('revokeConfirm', { name }) });
  await expect(page.getByText(say('revoked')).first()).toBeVisible();
  await expect(row).toContainText(text('en', 'api-keys:states.revoked'));
  await expect(row.getByRole('button', { name: say('revoke') })).toHaveCount(0);
  const refused = await page.request.get('/api/aemp/v2/Fleet/1', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});
