import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { createAccount } from '../../fixtures/e2e-db.ts';
import { dataRows, pick } from '../devices/helpers.ts';
import { offlineMachine } from './helpers.ts';

test.describe('one way to lock', () => {
  test('the machine page locks with the lock task dialog, names the level, blocks a second lock and lists the task', async ({
    page,
    api,
  }) => {
    const admin = await createAccount(ROLE.lessorAdmin);
    const login = await signInAs(page, api, admin);
    const machine = await offlineMachine(api, login.token, 2);

    await page.goto(`/deviceManagement/detail?id=${machine.id}&tab=risk`);
    // The button's name holds its icon's: "lock Lock", beside "unlock Unlock".
    const lockButton = page.getByRole('button', { name: `lock ${text('en', 'device-detail:risk.lock')}`, exact: true });
    await expect(lockButton).toBeEnabled();
    await lockButton.click();

    // The same dialog as the lock task list: the machine chosen, the question naming the level, the password.
    const dialog = page.getByRole('dialog', { name: text('en', 'risk:form.title') });
    await expect(dialog.getByText(machine.serialNumber)).toBeVisible();
    const question = (level: string) =>
      text('en', 'risk:form.questionLock', { count: 1, level, mode: 'Unconditional' });
    await expect(dialog.getByText(question('First-level pre-lock'))).toBeVisible();
    await pick(page, dialog.getByLabel(text('en', 'risk:tasks.level')), 'Second-level lock');
    await expect(dialog.getByText(question('Second-level lock'))).toBeVisible();
    const submit = dialog.getByRole('button', { name: text('en', 'risk:form.submit') });
    await submit.click();
    await expect(dialog.getByText('Please enter the password')).toBeVisible();
    await dialog.getByLabel(text('en', 'risk:form.password')).fill(admin.password);
    await submit.click();
    // Offline: the console says when the lock applies, and the user goes on.
    const prompt = page.getByRole('dialog', { name: text('en', 'risk:form.offlineTitle') });
    await prompt.getByRole('button', { name: text('en', 'risk:form.continue') }).click();
    await expect(page.getByText(text('en', 'device-detail:risk.issued'))).toBeVisible();

    // Still on the machine's page: the lock waits for the machine, and no second lock can be queued meanwhile.
    await expect(page).toHaveURL(/deviceManagement\/detail/);
    await expect(dialog).toBeHidden();
    await expect(lockButton).toBeDisabled();
    await expect(page.getByText(text('en', 'device-detail:risk.busy'))).toBeVisible();
    const command = dataRows(page).filter({ hasText: 'Second-level lock' });
    await expect(command).toContainText('Queued');

    // The lock task list shows it with its progress, as every lock.
    await page.getByRole('link', { name: text('en', 'device-detail:risk.tasks') }).click();
    const task = dataRows(page).filter({ hasText: machine.serialNumber });
    await expect(task).toHaveCount(1);
    await expect(task).toContainText('Second-level lock');
    await expect(task).toContainText(text('en', 'risk:stage.queued'));
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });

  test('administrative staff follow the lock commands but are offered no lock', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorStaff);
    const listed = await api.call(deviceEndpoints.list, { token: login.token, query: { pageSize: 1 } });
    const machine = listed.data.list[0] as { id: number };
    await page.goto(`/deviceManagement/detail?id=${machine.id}&tab=risk`);
    await expect(page.getByText(text('en', 'device-detail:risk.readOnly'))).toBeVisible();
    await expect(page.getByText(text('en', 'device-detail:risk.commands'))).toBeVisible();
    await expect(page.getByRole('button', { name: `lock ${text('en', 'device-detail:risk.lock')}` })).toHaveCount(0);
  });
});
