import type { Locator, Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { dashboardEndpoints, type FleetPositions } from '@console/contract/http/dashboard';
import { expect as baseExpect, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

// A page's first load waits for the console's code and data on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(120_000);

const fleetMap = (page: Page, lang: UiLang) => page.getByRole('region', { name: text(lang, 'map:label') });
const MAP_LOAD = { timeout: 40_000 };

/** Machines the map draws: the counts of its clusters plus its single markers. */
async function machinesDrawn(map: Locator): Promise<number> {
  const clusters = await map
    .locator('.fleet-cluster')
    .evaluateAll((els) => els.map((el) => Number(/\d+/.exec(el.getAttribute('aria-label') ?? '')?.[0] ?? 0)));
  return clusters.reduce((a, b) => a + b, 0) + (await map.locator('.fleet-point').count());
}

test.describe('finding machines on the fleet map', () => {
  test('a serial typed whole and Enter centres the machine and opens its popup with its alarm, last report and speed', async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const positions = (await api.call(dashboardEndpoints.positions, { token: login.token })).data as FleetPositions;
    // A machine with an open alarm (the seed leaves some open).
    const i = positions.statuses.findIndex((status) => status === 8);
    expect(i, 'a machine with an open alarm in scope').toBeGreaterThanOrEqual(0);
    const [id, serial] = [positions.ids[i]!, positions.serials[i]!];
    await page.goto('/dashboard');
    const map = fleetMap(page, 'en');
    await expect(map.locator('.fleet-cluster').first()).toBeVisible(MAP_LOAD);
    const find = page.getByRole('combobox', { name: text('en', 'map:find') });
    // Lower case, no suggestion picked: Enter alone finds it.
    await find.fill(serial.toLowerCase());
    await find.press('Enter');
    await expect(map.locator(`.fleet-point[data-device-id="${id}"]`)).toBeVisible();
    const popup = map.locator('.leaflet-popup');
    await expect(popup).toContainText(serial);
    await expect(popup).toContainText(text('en', 'codes:deviceStatus.alarm'));
    await expect(popup.locator('.fleet-popup__alarm')).toBeVisible();
    await expect(popup.locator('.fleet-popup__alarm')).not.toHaveText('');
    await expect(popup).toContainText(text('en', 'map:popup.lastReport'));
    await expect(popup).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(popup).toContainText(/\d+(\.\d)? km\/h/);
    await expect(popup).not.toContainText(text('en', 'map:popup.loading'));

    // The search button does the same; a serial no machine has is said so.
    await find.fill('NOPE-404');
    await page.getByRole('button', { name: 'search' }).click();
    await expect(page.getByText(text('en', 'map:notFound', { text: 'NOPE-404' }))).toBeVisible();
  });

  test("clusters take the worst state of the machines inside, and the list's filters select the map's machines", async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const all = (await api.call(dashboardEndpoints.positions, { token: login.token })).data as FleetPositions;
    const alarms = (await api.call(dashboardEndpoints.positions, { token: login.token, query: { status: 8 } }))
      .data as FleetPositions;
    expect(alarms.ids.length).toBeGreaterThan(0);
    expect(alarms.ids.length).toBeLessThan(all.ids.length);

    await page.goto('/deviceManagement?view=map&status=8');
    const map = fleetMap(page, 'en');
    await expect(map.locator('.fleet-cluster, .fleet-point').first()).toBeVisible(MAP_LOAD);
    await expect.poll(() => machinesDrawn(map)).toBe(alarms.ids.length);
    const filters = page.getByRole('group', { name: text('en', 'map:filters') });
    await expect(filters).toContainText(
      `${text('en', 'devices:fields.status')}: ${text('en', 'codes:deviceStatus.alarm')}`,
    );

    // Removing the filter shows the whole fleet, its clusters coloured by the worst state inside.
    await filters.getByRole('button', { name: text('en', 'map:clearFilters') }).click();
    await expect(page).toHaveURL(/view=map$/);
    await expect.poll(() => machinesDrawn(map), MAP_LOAD).toBe(all.ids.length);
    const worst = await map
      .locator('.fleet-cluster')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-worst')));
    expect(worst.length).toBeGreaterThan(0);
    // The alarms are spread over the fleet: at the fitted view at least one cluster holds one and shows it.
    expect(worst).toContain('8');
    const alarmCluster = map.locator('.fleet-cluster[data-worst="8"]').first();
    await expect(alarmCluster).toHaveAttribute('aria-label', new RegExp(text('en', 'codes:deviceStatus.alarm')));
    await expect(alarmCluster.locator('span')).toHaveCSS('background-color', 'rgb(245, 34, 45)');
  });
});
