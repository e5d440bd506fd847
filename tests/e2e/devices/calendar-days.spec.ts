import { randomInt } from 'node:crypto';
import { ROLE } from '@console/contract/codes/roles';
import { isImei } from '@console/contract/codes/sim-cards';
import { deviceEndpoints, type DeviceRow } from '@console/contract/http/devices';
import { simCardEndpoints } from '@console/contract/http/sim-cards';
import { expect, signInAs, test } from '../../fixtures/e2e.ts';
import { dataRows } from './helpers.ts';

const FIRST_LOAD = { timeout: 30_000 };
const viewers = [
  { zone: 'Asia/Shanghai', locale: 'zh-CN' },
  { zone: 'Europe/London', locale: 'en-GB' },
];

function freshImei(): string {
  const body = String(randomInt(0, 1e14)).padStart(14, '0');
  for (let check = 0; ; check++) if (isImei(`${body}${check}`)) return `${body}${check}`;
}

for (const { zone, locale } of viewers) {
  test.describe(`machine and SIM card days seen from ${zone}`, () => {
    test.use({ timezoneId: zone, locale });

    test('show the days a colleague in Shanghai sees', async ({ page, api }) => {
      const login = await signInAs(page, api, ROLE.lessorAdmin);
      // A colleague in Shanghai (UTC+8), where a day begins at 16:00 UTC the day before.
      const shanghai = { token: login.token, timeZone: 'Asia/Shanghai' };
      const list = await api.call(deviceEndpoints.list, { ...shanghai, query: { pageSize: 10 } });
      const machine = (list.data.list as DeviceRow[]).find((d) => d.installedAt && d.serviceExpiresAt)!;
      await page.goto(`/deviceManagement/detail?id=${machine.id}`);
      await expect(page.getByText(machine.installedAt, { exact: true }).first()).toBeVisible(FIRST_LOAD);
      await expect(page.getByText(machine.serviceExpiresAt, { exact: true }).first()).toBeVisible();

      // A card the colleague registers, expiring on the last day of March.
      const iccid = `8986${String(randomInt(0, 1e8)).padStart(8, '0')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
      const card = await api.call(simCardEndpoints.create, {
        ...shanghai,
        body: { iccid, imei: freshImei(), carrier: 'chinaMobile', serviceExpiresAt: '2027-03-31' },
      });
      expect(card.status, card.message).toBe('200');
      await page.goto(`/deviceManagement/simCards?iccid=${iccid}`);
      await expect(dataRows(page).filter({ hasText: iccid })).toContainText('2027-03-31', FIRST_LOAD);
      await api.call(simCardEndpoints.delete, { token: login.token, body: { id: card.data.id } });
    });
  });
}
