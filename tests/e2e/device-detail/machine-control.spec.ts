import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { pick } from '../devices/helpers.ts';

const en = (key: string, params: Record<string, string | number> = {}) => text('en', `device-detail:${key}`, params);

test.describe('machine control', () => {
  test('sets a concrete pump’s pump mode and drive speed and follows the commands; a charger offers neither', async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorStaff);
    const list = async (kind: MachineKind) =>
      (await api.call(deviceEndpoints.list, { token: login.token, query: { kind, pageSize: 50 } })).data.list as {
        id: number;
        online: boolean;
        sleeping: boolean;
      }[];
    // The last pump of the list: other tests take theirs from the start.
    const pump = (await list('concretePump')).filter((d) => d.online && !d.sleeping).at(-1)!;
    await page.goto(`/deviceManagement/detail?id=${pump.id}&tab=parameters`);
    // The innermost card titled so (the page's own card holds it too).
    const control = page
      .locator('.ant-card')
      .filter({ hasText: en('control.title') })
      .last();
    await expect(control).toBeVisible();

    await pick(page, control.getByLabel(en('control.pumpMode')), en('control.pumpModes.energySaving'));
    await control.getByRole('button', { name: `${en('control.set')} ${en('control.pumpMode')}` }).click();
    await expect(page.getByText(en('control.sent'))).toBeVisible();
    /** A control's row: its field, its button and the latest command's state. */
    const row = (label: string) =>
      control
        .locator('.ant-flex')
        .filter({ has: page.getByLabel(label) })
        .filter({ has: page.getByRole('button', { name: `${en('control.set')} ${label}` }) })
        .last();
    const pumpRow = row(en('control.pumpMode'));
    await expect(pumpRow).toContainText(/Queued|Sent|Delivered|Succeeded/);

    await control.getByLabel(en('control.driveHz')).fill('42.5');
    await control.getByRole('button', { name: `${en('control.set')} ${en('control.driveHz')}` }).click();
    const speedRow = row(en('control.driveHz'));
    await expect(speedRow).toContainText(/Queued|Sent|Delivered|Succeeded/);
    await expect(page.locator('body')).not.toContainText(RAW_KEY);

    // A charger has no pump, no drive and no running mode: only the restart is offered.
    const charger = (await list('charger'))[0]!;
    await page.goto(`/deviceManagement/detail?id=${charger.id}&tab=parameters`);
    await expect(control.getByRole('button', { name: en('control.restart') })).toBeVisible();
    await expect(control.getByLabel(en('control.pumpMode'))).toHaveCount(0);
    await expect(control.getByLabel(en('control.driveHz'))).toHaveCount(0);
    await expect(control.getByLabel(en('control.runMode'))).toHaveCount(0);
  });
});
