import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { expect, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';
import { dataRows, pick } from '../devices/helpers.ts';

const flows: { lang: UiLang; locale: string; type: string; cause: string; open: string }[] = [
  { lang: 'en', locale: 'en-US', type: 'Hydraulic', cause: 'E2E hose burst on the lift cylinder', open: 'Open' },
  { lang: 'zh-cn', locale: 'zh-CN', type: '液压', cause: 'E2E 举升油管爆裂', open: '待维修' },
];

for (const [index, flow] of flows.entries()) {
  test.describe(`fault handling (${flow.lang})`, () => {
    const timeZone = flow.lang === 'en' ? 'Europe/London' : 'Asia/Shanghai';
    test.use({ locale: flow.locale, timezoneId: timeZone });

    test('a technician records a fault of a machine and finds it in the list', async ({ page, api }) => {
      const login = await signInAs(page, api, ROLE.technician);
      const machines = await api.call(deviceEndpoints.list, { token: login.token, query: { pageSize: 5 } });
      const serial = machines.data.list[index + 2].serialNumber as string;
      await page.goto('/warning/fault');
      await page.getByRole('button', { name: text(flow.lang, 'faults:add') }).click();
      const dialog = page.getByRole('dialog', { name: text(flow.lang, 'faults:addTitle') });
      // Required fields are refused before anything is sent.
      await dialog.getByRole('button', { name: /^(OK|确\s?定)$/ }).click();
      await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
      await pick(page, dialog.getByLabel(text(flow.lang, 'faults:machine')), serial, true);
      await pick(page, dialog.getByLabel(text(flow.lang, 'faults:faultTypes')), flow.type);
      await page.keyboard.press('Escape');
      const day = dialog.getByLabel(text(flow.lang, 'faults:occurredAt'));
      // Today where the browser is: a later day is refused as a day not yet come, whatever the hour of the run.
      await day.fill(new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()));
      await day.press('Enter');
      await dialog.getByLabel(text(flow.lang, 'faults:cause')).fill(flow.cause);
      await dialog.getByRole('button', { name: /^(OK|确\s?定)$/ }).click();
      await expect(dialog).toBeHidden();
      await page.getByLabel(text(flow.lang, 'faults:keyword')).fill(serial);
      await page.getByRole('button', { name: text(flow.lang, 'common:search') }).click();
      const row = dataRows(page).filter({ hasText: flow.cause });
      await expect(row).toContainText(serial);
      await expect(row).toContainText(flow.open);
      await expect(row.getByRole('link', { name: serial })).toHaveAttribute(
        'href',
        /\/deviceManagement\/detail\?id=\d+/,
      );
    });
  });
}
