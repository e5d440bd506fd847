import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { faultEndpoints } from '@console/contract/http/faults';
import { upkeepEndpoints } from '@console/contract/http/upkeep';
import { expect, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

const viewers: { zone: string; lang: UiLang; locale: string; machine: number }[] = [
  { zone: 'Asia/Shanghai', lang: 'zh-cn', locale: 'zh-CN', machine: 5 },
  { zone: 'Europe/London', lang: 'en', locale: 'en-GB', machine: 6 },
];

for (const { zone, lang, locale, machine } of viewers) {
  test.describe(`calendar days seen from ${zone}`, () => {
    test.use({ timezoneId: zone, locale });

    test('a service and a fault entered in Shanghai show on the days entered', async ({ page, api }) => {
      const login = await signInAs(page, api, ROLE.lessorAdmin);
      const { token } = login;
      const devices = await api.call(deviceEndpoints.list, { token, query: { pageSize: 10 } });
      const { id: deviceId, serialNumber: serial } = devices.data.list[machine];
      // Entered by a colleague in Shanghai (UTC+8), where these days begin at 16:00 UTC the day before.
      const shanghai = { token, timeZone: 'Asia/Shanghai' };
      const plan = await api.call(upkeepEndpoints.create, {
        ...shanghai,
        body: { deviceIds: [deviceId], interval: '3m', content: `E2E service ${zone}`, lastDoneAt: '2026-08-05' },
      });
      const fault = await api.call(faultEndpoints.create, {
        ...shanghai,
        body: { deviceId, faultTypes: ['hydraulic'], cause: `E2E seal ${zone}`, occurredAt: '2026-08-05' },
      });
      await api.call(faultEndpoints.repair, {
        ...shanghai,
        body: { id: fault.data.id, repairedAt: '2026-08-07', repairMethod: 'Replaced the seal' },
      });

      await page.goto('/warning/upkeep');
      await page.getByLabel(text(lang, 'upkeep:keyword')).fill(serial);
      await page.getByRole('button', { name: text(lang, 'common:search') }).click();
      const planRow = page.locator(`tbody tr[data-row-key="${plan.data.ids[0]}"]`);
      await expect(planRow).toContainText('2026-08-05');
      await expect(planRow).toContainText('2026-11-05');

      await page.goto('/warning/fault');
      await page.getByLabel(text(lang, 'faults:keyword')).fill(serial);
      await page.getByRole('button', { name: text(lang, 'common:search') }).click();
      const faultRow = page.locator(`tbody tr[data-row-key="${fault.data.id}"]`);
      await expect(faultRow).toContainText('2026-08-05');
      await expect(faultRow).toContainText('2026-08-07');
    });
  });
}
