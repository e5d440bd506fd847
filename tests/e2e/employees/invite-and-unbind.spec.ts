import { ROLE } from '@console/contract/codes/roles';
import { BUSINESSES } from '@console/db/seed/business';
import { authEndpoints } from '@console/contract/http/auth';
import { expect, goInConsole, openDialogWith, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, params: Record<string, string | number> = {}) => text('en', `employees:${key}`, params);

test('an administrator invites an employee who accepts from the outbox, then unbinds them and their session ends', async ({
  page,
  api,
  browser,
}) => {
  // A number no seed holds, new on every run.
  const mobile = `139${String(Date.now()).slice(-8)}`;
  const name = `Wu Invitee ${mobile.slice(-4)}`;
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto('/employeeManagement/all');
  const invite = page.getByRole('dialog', { name: say('invite.title') });
  await openDialogWith(page.getByRole('button', { name: say('invite.button') }).first(), invite);
  await invite.getByLabel(say('fields.mobile'), { exact: true }).fill(mobile);
  await invite.getByLabel(say('fields.name')).fill(name);
  await invite.getByLabel(say('fields.role')).click();
  await page.getByTitle(text('en', 'codes:role.technician'), { exact: true }).click();
  await invite.getByRole('button', { name: say('invite.send') }).click();
  await expect(invite).toBeHidden();
  // The invitations tab lists it as pending.
  const pending = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: mobile });
  await expect(pending).toContainText(say('invitationState.pending'));

  // The invitee opens the link of the text message the outbox holds, and registers.
  const outbox = await api.call(authEndpoints.devSms, { query: { mobile } });
  const [sms] = outbox.data as { text: string; code: string }[];
  expect(sms!.text).toContain(`/invite?code=${sms!.code}`);
  const invitee = await browser.newPage();
  await invitee.goto(`/invite?code=${sms!.code}`);
  // The invitee reads in English: the company's English name.
  await expect(invitee.getByText(BUSINESSES[0]!.names.en)).toBeVisible();
  await invitee.getByLabel(text('en', 'auth:fields.password'), { exact: true }).fill('Joined2026a');
  await invitee.getByLabel(text('en', 'auth:fields.confirmPassword')).fill('Joined2026a');
  await invitee.getByRole('button', { name: say('accept.registerSubmit') }).click();
  await expect(invitee).not.toHaveURL(/\/invite|\/login/);

  // The administrator sees them accepted and among the employees, and unbinds them: no open work names them yet.
  await page.reload();
  await expect(pending).toContainText(say('invitationState.accepted'));
  await page.getByRole('tab', { name: say('tabs.employees'), exact: true }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: mobile });
  await expect(row).toBeVisible();
  const unbind = page.getByRole('dialog', { name: say('unbind.title', { name }) });
  await openDialogWith(row.getByRole('button', { name: say('unbind.button') }), unbind);
  await expect(unbind.getByText(say('unbind.noOpenWork'))).toBeVisible();
  await unbind.getByRole('button', { name: say('unbind.confirm') }).click();
  await expect(unbind).toBeHidden();
  await expect(row).toBeHidden();

  // Their open session has lost access: the next page they open sends them to sign in.
  await goInConsole(invitee, '/setUp?active=first');
  await expect(invitee).toHaveURL(/\/login/);
  await invitee.close();
});
