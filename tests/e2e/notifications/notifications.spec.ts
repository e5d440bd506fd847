import { ROLE } from '@console/contract/codes/roles';
import { expect, confirmPopover, searchList, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, given: Record<string, string | number> = {}) => text('en', `notifications:${key}`, given);

test('a rental company’s administrator makes a notification rule, reads the delivery log and acknowledges', async ({
  page,
  api,
}) => {
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto('/warning/notifyRules');
  // The demo company's own rules, in its language.
  await expect(page.locator('.ant-table-tbody')).toContainText('超载与倾斜：技术员→管理员');

  const name = `Tilt ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: say('create') }).click();
  const dialog = page.getByRole('dialog', { name: say('createTitle') });
  await expect(dialog).toBeVisible();
  // Checked before anything is saved: a rule names its events.
  await dialog.getByLabel(say('name')).fill(name);
  await dialog.getByRole('button', { name: text('en', 'common:save') }).click();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: 'Select at least one event' })).toBeVisible();
  await dialog.getByLabel(say('eventsLabel')).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${say('events.tilt')}$`) })
    .click();
  // Close the list before saving.
  await dialog.getByLabel(say('name')).click();
  await dialog.getByRole('button', { name: text('en', 'common:save') }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText(say('events.tilt'));

  // The delivery log: the demo history, its failed webhook, and an acknowledgement that stops the escalation.
  await page.goto('/warning/notifyLog');
  const log = page.locator('.ant-table-tbody tr.ant-table-row');
  // Live alarms of the running fleet add to the log while the suite runs: look for the customer's receiver by name.
  await searchList(page, page.getByRole('textbox', { name: say('keyword') }), 'console-alarms');
  await expect(log.filter({ hasText: 'HTTP 503' }).first()).toBeVisible();
  const open = log.filter({ has: page.getByRole('button', { name: say('acknowledge') }) }).first();
  await open.getByRole('button', { name: say('acknowledge') }).click();
  await confirmPopover(page, { within: say('ackConfirm') });
  await expect(page.getByText(say('acknowledged')).first()).toBeVisible();
});
