import { ROLE } from '@console/contract/codes/roles';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';
import { dataRows } from '../devices/helpers.ts';
import { assignRepairResolve } from '../work-orders/helpers.ts';
import { FIRST_LOAD, quietPlatform } from './helpers.ts';

test.describe('from an alarm to a resolved work order', () => {
  test('the simulator overloads a platform: live in the bell and the centre, handled, a work order, assigned and resolved', async ({
    page,
    api,
  }) => {
    test.slow();
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const machine = await quietPlatform(api, 2);
    const technician = (await api.call(workOrderEndpoints.technicians, { token: login.token })).data.list.find(
      (t: { mobile: string }) => t.mobile === '13800000007',
    );
    const simulator = await startSimulator([
      { serial: machine.serial, kind: 'aerialPlatform', lat: 31.23, lng: 121.47 },
    ]);
    try {
      await page.goto('/warning/all');
      await expect(dataRows(page).first()).toBeVisible(FIRST_LOAD);
      const row = dataRows(page).filter({ hasText: machine.serial });
      await expect(row).toHaveCount(0);

      // The machine reports every second: its next report carries the overload, which reaches the open page
      // through the event stream, without a reload (how fast is a benchmark's question, not a test's).
      await simulator.client.alarm(machine.serial, { condition: 'overload', value: 95, durationS: 3600 });
      await expect(row).toBeVisible();
      const bell = page.getByRole('button', { name: /^System message, \d+ alarms?$/ });
      await bell.click();
      const pane = page.getByRole('tooltip').filter({ hasText: 'System message' });
      const inPane = pane.getByRole('link').filter({ hasText: machine.serial });
      // The alarm centre's list may have its refresh before the bell: a pane opened meanwhile keeps the alarms it
      // opened with in place, and the new one waits behind its button, as for a user who opened it at that moment.
      const showNew = pane.getByRole('button', { name: /^\d+ new alarms?: show$/ });
      await expect(inPane.or(showNew).first()).toBeVisible();
      if (!(await inPane.isVisible())) await showNew.click();
      await expect(inPane).toBeVisible();
      await bell.click();
      await expect(row).toContainText(text('en', 'codes:alarmType.load90'));

      // Handled with a remark, it leaves the bell.
      await row.getByRole('button', { name: text('en', 'warning:actions.handle') }).click();
      const handle = page.getByRole('dialog', { name: text('en', 'warning:handleDialog.title') });
      await handle.getByLabel(text('en', 'warning:handleDialog.remark')).fill('Basket unloaded, hydraulics to check');
      await handle.getByRole('button', { name: 'OK' }).click();
      await expect(row).toContainText('Basket unloaded, hydraulics to check');

      // Then a work order from the alarm, filled from it.
      await row.getByRole('link', { name: text('en', 'warning:actions.workOrder') }).click();
      const create = page.getByRole('dialog', { name: text('en', 'work-orders:dialogs.createTitle') });
      await expect(create.getByLabel(text('en', 'work-orders:fields.title'))).toHaveValue(
        new RegExp(`· ${machine.serial}$`),
      );
      await create.getByLabel(text('en', 'work-orders:fields.phone'), { exact: true }).fill('13912345678');
      await create.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(/\/warning\/ticketDetail\?id=\d+$/);
      await expect(page.getByRole('link', { name: text('en', 'work-orders:detail.openAlarm') })).toHaveAttribute(
        'href',
        new RegExp(`^/warning/all\\?deviceId=${machine.id}&alarmId=\\d+$`),
      );
      await assignRepairResolve(page, 'en', technician.name, 'Overloaded basket strained the lift cylinder seal');
    } finally {
      await simulator.stop();
    }
  });
});
