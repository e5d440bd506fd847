import { ROLE } from '@console/contract/codes/roles';
import { alarmRuleEndpoints } from '@console/contract/http/alarm-rules';
import { confirmPopover, expect, signInAs, test, text } from '../../fixtures/e2e.ts';
import { FIRST_LOAD, quietPlatform, reportAs } from './helpers.ts';

test.describe('alarm rules', () => {
  test('an administrator tightens the tilt rule of aerial platforms and the next report alarms by it', async ({
    page,
    api,
    baseURL,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const machine = await quietPlatform(api, 1);
    try {
      await page.goto('/warning/rules');
      const platformRow = page.getByRole('row').filter({ hasText: text('en', 'codes:machineKind.aerialPlatform') });
      await expect(platformRow).toContainText(text('en', 'warning:rules.default'), FIRST_LOAD);
      await expect(platformRow).toContainText('80 / 90 / 99');
      await expect(platformRow).toContainText('> 14');

      await platformRow.getByRole('button', { name: text('en', 'warning:rules.edit') }).click();
      const dialog = page.getByRole('dialog', {
        name: text('en', 'warning:rules.editTitle', { kind: text('en', 'codes:machineKind.aerialPlatform') }),
      });
      // The bands must rise: a 95 % warning above the 90 % alarm is refused on the form.
      await dialog.getByLabel(text('en', 'warning:rules.load80')).fill('95');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog.getByText('Load thresholds must rise: 80 % band < 90 % band < 99 % band')).toBeVisible();
      await dialog.getByLabel(text('en', 'warning:rules.load80')).fill('80');
      await dialog.getByLabel(text('en', 'warning:rules.tiltDeg')).fill('10');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText(text('en', 'warning:messages.ruleSaved'))).toBeVisible();
      await expect(platformRow).toContainText(text('en', 'warning:rules.custom'));
      await expect(platformRow).toContainText('> 10');

      // 12° was no alarm under the default rule; under this one it is.
      await reportAs(baseURL!, machine.serial, { tiltDeg: 12 });
      await page.goto(`/warning/all?serialNumber=${machine.serial}&type=tilt`);
      const row = page.getByRole('row').filter({ hasText: machine.serial });
      await expect(row).toContainText(`${machine.serial} tilt 12°, above 10°`, FIRST_LOAD);
      await expect(row).toContainText('12 ° / 10 °');

      await page.goto('/warning/rules');
      await platformRow.getByRole('button', { name: text('en', 'warning:rules.reset') }).click();
      await confirmPopover(page);
      await expect(page.getByText(text('en', 'warning:messages.ruleReset'))).toBeVisible();
      await expect(platformRow).toContainText('> 14');
    } finally {
      // Other flows report on this fleet: leave the defaults behind whatever happened.
      const { orgId } = (await api.call(alarmRuleEndpoints.list, { token: login.token })).data as { orgId: number };
      await api.call(alarmRuleEndpoints.reset, { token: login.token, body: { orgId, kind: 'aerialPlatform' } });
    }
  });

  test('staff read the rules; sales and customers do not have the page', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorStaff);
    await page.goto('/warning/rules');
    await expect(page.getByText(text('en', 'warning:rules.readOnly'))).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('button', { name: text('en', 'warning:rules.edit') })).toHaveCount(0);
    await expect(page.getByRole('row')).toHaveCount(9);

    const login = await api.signIn(ROLE.lessorSales);
    const titles = JSON.stringify(login.menus);
    expect(titles).toContain('Alarm centre');
    expect(titles).not.toContain('Alarm rules');
  });
});
