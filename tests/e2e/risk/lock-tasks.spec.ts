import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { riskEndpoints } from '@console/contract/http/risk';
import { confirmPopover, expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { createAccount } from '../../fixtures/e2e-db.ts';
import { dataRows, pick } from '../devices/helpers.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';
import { offlineMachine } from './helpers.ts';

test.describe('lock tasks (English)', () => {
  test('refuses a wrong password and a past time, asks before locking an offline machine, then confirms it', async ({
    page,
    api,
  }) => {
    // An administrator of its own, so the wrong password trips no other test's sign-in limits.
    const admin = await createAccount(ROLE.lessorAdmin);
    const login = await signInAs(page, api, admin);
    const machine = await offlineMachine(api, login.token, 0);

    // Opened from the machine's page: a new task starts with the machine.
    await page.goto(`/riskManagement/index?deviceId=${machine.id}`);
    await page.getByRole('button', { name: text('en', 'risk:tasks.new') }).click();
    const dialog = page.getByRole('dialog', { name: text('en', 'risk:form.title') });
    await expect(dialog.getByText(machine.serialNumber)).toBeVisible();
    await pick(page, dialog.getByLabel(text('en', 'risk:tasks.level')), 'First-level lock');
    const password = dialog.getByLabel(text('en', 'risk:form.password'));
    const submit = dialog.getByRole('button', { name: text('en', 'risk:form.submit') });
    await password.fill('not-my-password');
    await submit.click();
    await expect(dialog.getByText('wrong verification password')).toBeVisible();

    // A scheduled task in the past is refused on its field.
    await dialog.getByLabel('Scheduled task').check();
    const when = dialog.getByLabel(text('en', 'risk:form.scheduledAt'));
    await when.fill('2020-01-01 08:00:00');
    await when.press('Enter');
    await password.fill(admin.password);
    await submit.click();
    await expect(dialog.getByText('The scheduled time must be later than now')).toBeVisible();

    // Now: the machine is offline, so the console says when the lock applies and asks.
    await dialog.getByLabel('Offline task').check();
    await submit.click();
    const prompt = page.getByRole('dialog', { name: text('en', 'risk:form.offlineTitle') });
    await expect(prompt).toContainText(
      `Offline: ${machine.serialNumber}. The lock applies when the machine comes online. Continue?`,
    );
    await prompt.getByRole('button', { name: text('en', 'risk:form.continue') }).click();
    await expect(page).toHaveURL(/\/riskManagement\/task\?id=\d+/);
    const row = dataRows(page).filter({ hasText: machine.serialNumber });
    await expect(row).toContainText(text('en', 'risk:stage.queued'));
    await expect(row).toContainText(text('en', 'risk:detail.isOffline'));

    // The machine comes online (the simulator is it), receives the lock and confirms it: the page follows live.
    const { kind } = (
      await api.call(deviceEndpoints.list, { token: login.token, query: { serialNumber: machine.serialNumber } })
    ).data.list[0];
    const simulator = await startSimulator([
      { serial: machine.serialNumber, kind, lat: 31.2, lng: 121.5, reportIntervalS: 2 },
    ]);
    try {
      // Live, through the broker, ingest and the event stream: a busy machine may take a while.
      await expect(row).toContainText(text('en', 'risk:stage.succeeded'), { timeout: 30_000 });
      await expect(row).toContainText('Succeeded');
      await expect(row).toContainText('First-level lock');
      // The machine's page shows it locked, as the machine reports it.
      await page.goto(`/deviceManagement/detail?id=${machine.id}`);
      await expect(page.getByLabel(text('en', 'devices:fields.status'))).toContainText(
        text('en', 'codes:deviceStatus.locked'),
      );
    } finally {
      await simulator.stop();
    }

    // The record holds who, how and the confirmed state; the task list shows the task.
    await page.goto(`/riskManagement/history?keyword=${machine.serialNumber}`);
    const record = dataRows(page).first();
    await expect(record).toContainText('Lock', { timeout: 30_000 });
    await expect(record).toContainText('Succeeded');
    await expect(record).toContainText(admin.account.slice(-4));
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
    const tasks = await api.call(riskEndpoints.listTasks, { token: login.token, query: { deviceId: machine.id } });
    expect(tasks.data.list[0]).toMatchObject({ execution: 2, stage: 'succeeded' });
  });
});

test.describe('lock tasks (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('schedules an unlock, cancels it before its time, and previews the lock day settings', async ({ page, api }) => {
    const admin = await createAccount(ROLE.lessorAdmin);
    const login = await signInAs(page, api, admin);
    const machine = await offlineMachine(api, login.token, 1);
    await page.goto('/riskManagement/index');
    await page.getByRole('button', { name: text('zh-cn', 'risk:tasks.new') }).click();
    const dialog = page.getByRole('dialog', { name: text('zh-cn', 'risk:form.title') });
    await pick(page, dialog.getByLabel(text('zh-cn', 'risk:form.machines')), machine.serialNumber, true);
    await dialog.getByLabel(text('zh-cn', 'risk:kind.unlock')).check();
    await dialog.getByLabel('定时任务').check();
    const when = dialog.getByLabel(text('zh-cn', 'risk:form.scheduledAt'));
    const inADay = new Date(Date.now() + 24 * 3600_000);
    const shanghai = new Date(inADay.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    await when.fill(shanghai);
    await when.press('Enter');
    await dialog.getByLabel(text('zh-cn', 'risk:form.password')).fill(admin.password);
    await dialog.getByRole('button', { name: text('zh-cn', 'risk:form.submit') }).click();
    await expect(page).toHaveURL(/\/riskManagement\/task\?id=\d+/);
    // The new task's own page, not the list still shown while it loads (where other flows' tasks of the same
    // machine may stand): its machine's row.
    const taskId = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByText(text('zh-cn', 'risk:detail.title', { id: taskId }), { exact: true })).toBeVisible();
    const row = dataRows(page).filter({ hasText: machine.serialNumber });
    await expect(row).toContainText(text('zh-cn', 'risk:stage.scheduled'));

    await page.getByRole('button', { name: text('zh-cn', 'risk:tasks.cancel') }).click();
    await confirmPopover(page);
    await expect(page.getByText(text('zh-cn', 'risk:tasks.cancelled'))).toBeVisible();
    await expect(row).toContainText(text('zh-cn', 'risk:stage.cancelled'));

    await page.goto('/riskManagement/lockDays');
    await page.getByRole('button', { name: text('zh-cn', 'risk:lockDays.preview') }).click();
    await expect(page.getByText(/30 天内此设置涉及的设备：\d+ 台/)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
});
