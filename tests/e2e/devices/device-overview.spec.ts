import { ROLE } from '@console/contract/codes/roles';
import { deviceOverviewEndpoints } from '@console/contract/http/device-overview';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';
import { dataRows } from './helpers.ts';

test.describe('device overview per machine kind', () => {
  test('shows each kind with its own columns and figures, links to detail and playback, and is kept alive', async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const figures = await api.call(deviceOverviewEndpoints.figures, {
      token: login.token,
      query: { kind: 'concretePump' },
    });
    await page.goto('/deviceManagement/deviceOverview');
    await expect(page).toHaveTitle(/^Device overview - /);
    const tabs = page.getByRole('tablist');
    // The first visit loads the page's code and two lists: give a busy machine time.
    await expect(tabs.getByRole('tab', { selected: true })).toContainText('Aerial work platform', { timeout: 30_000 });
    await expect(
      page.getByRole('columnheader', { name: text('en', 'devices:overview.fields.platformHeightM') }),
    ).toBeVisible();

    const pumps = figures.data.byKind.find((k: { kind: string }) => k.kind === 'concretePump').total;
    await tabs.getByRole('tab', { name: `Concrete pump (${pumps})` }).click();
    await expect(page).toHaveURL(/kind=concretePump/);
    for (const field of ['pumpStatus', 'displacementM3h', 'pumpCurrentA'] as const) {
      await expect(
        page.getByRole('columnheader', { name: text('en', `devices:overview.fields.${field}`) }),
      ).toBeVisible();
    }
    await expect(page.getByText(`${figures.data.total} in all`)).toBeVisible();
    const row = dataRows(page).first();
    await expect(row.getByRole('link', { name: 'Track playback' })).toHaveAttribute(
      'href',
      /^\/deviceManagement\/historicalTrajectory\?id=\d+$/,
    );
    await expect(row.getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      /^\/deviceManagement\/detail\?id=\d+$/,
    );

    // A figure filters the kind's list the same way it counts.
    const figuresGroup = page.getByRole('group', { name: text('en', 'devices:overview.figures') });
    await figuresGroup.getByText('Working').click();
    await expect(page).toHaveURL(/status=6/);
    await expect(page.getByText(`${figures.data.byStatus.working} in all`)).toBeVisible();

    // Kept alive: input left in a filter is still there after a visit elsewhere.
    const serialFilter = page
      .locator('form[id="devices-overview-filters"]')
      .getByLabel(text('en', 'devices:fields.serialNumber'));
    await serialFilter.fill('CPM0000');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'All devices' }).click();
    await expect(page).toHaveURL(/\/deviceManagement$/);
    await page.goBack();
    await expect(serialFilter).toHaveValue('CPM0000');
  });

  test('the device list shows the fleet on the map', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/deviceManagement');
    await page.getByText(text('en', 'devices:list.mapView'), { exact: true }).click();
    await expect(page).toHaveURL(/view=map/);
    const map = page.getByRole('region', { name: text('en', 'map:label') });
    await expect(map.locator('.fleet-cluster').first()).toBeVisible({ timeout: 20_000 });
    await page.getByText(text('en', 'devices:list.listView'), { exact: true }).click();
    await expect(dataRows(page).first()).toBeVisible();
  });
});
