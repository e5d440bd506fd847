import { ROLE } from '@console/contract/codes/roles';
import { demoAccount } from '@console/db/seed/accounts';
import { confirmPopover, expect, searchList, signInAs, test, text } from '../../fixtures/e2e.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';
import { quietPlatform } from '../warning/helpers.ts';

const say = (key: string) => text('en', `notifications:${key}`);

test('the simulator overloads a platform: its technician’s text is in the SMS outbox, the log shows it, acknowledged', async ({
  page,
  api,
}) => {
  test.slow();
  await signInAs(page, api, ROLE.lessorAdmin);
  // A platform of the demo company no other flow uses: its seeded rule "Overload and tilt: technicians then
  // administrator" covers every aerial platform of the company and texts its technicians at once.
  const machine = await quietPlatform(api, 5);
  const technician = demoAccount(ROLE.technician);
  const simulator = await startSimulator([{ serial: machine.serial, kind: 'aerialPlatform', lat: 31.23, lng: 121.47 }]);
  try {
    // Above 99 % the overload is critical: the rule tells it in its quiet hours too, whenever the flow runs.
    await simulator.client.alarm(machine.serial, { condition: 'overload', value: 110, durationS: 3600 });

    // The development SMS outbox, filtered by the technician's number, refreshes itself until the text is there.
    await page.goto(`/test/list?mobile=${technician}`);
    await expect(page.getByRole('heading', { name: text('en', 'auth:sms.title') })).toBeVisible();
    const sms = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: machine.serial });
    await expect(sms.first()).toBeVisible({ timeout: 30_000 });
    await expect(sms.first()).toContainText(`+86 ${technician}`);
    await expect(sms.first()).toContainText('/api/notify/ack?t=');

    // The delivery log: the text to the technician, sent, under the seeded rule; acknowledged there, its escalation
    // to the administrator stops.
    await page.goto('/warning/notifyLog');
    await searchList(page, page.getByRole('textbox', { name: say('keyword') }), machine.serial);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: machine.serial });
    const texted = rows.filter({ hasText: say('channels.sms') }).filter({ hasText: say('states.sent') });
    await expect(texted.first()).toBeVisible();
    await expect(texted.first()).toContainText(say('events.load99'));
    await texted
      .first()
      .getByRole('button', { name: say('acknowledge') })
      .click();
    await confirmPopover(page, { within: say('ackConfirm') });
    await expect(page.getByText(say('acknowledged')).first()).toBeVisible();
    await expect(rows.getByRole('button', { name: say('acknowledge') })).toHaveCount(0);
  } finally {
    await simulator.stop();
  }
});
