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

    // The kind's states add up to its machines; a state filters the kind's list the same way it counts, and so does
    // each condition, shown apart.
    const states = page.getByRole('group', { name: text('en', 'devices:overview.figures') });
    const conditions = page.getByRole('group', { name: text('en', 'devices:overview.conditions') });
    const byState = figures.data.byState as Record<string, number>;
    expect(Object.values(byState).reduce((a, b) => a + b, 0)).toBe(figures.data.total);
    await expect(states.getByRole('link')).toHaveCount(1 + Object.keys(byState).length);
    await expect(conditions.getByRole('link')).toHaveCount(Object.keys(figures.data.conditions).length);
    await states.getByText(text('en', 'codes:deviceStatus.working')).click();
    await expect(page).toHaveURL(/kind=concretePump&status=6$/);
    await expect(page.getByText(`${figures.data.byState.working} in all`)).toBeVisible();
    for (const [label, filter] of [
      ['codes:deviceStatus.alarm', 'status=8'],
      ['codes:deviceStatus.locked', 'status=4'],
      ['codes:deviceCondition.toBeRenewed', 'expiry=30'],
    ] as const) {
      await expect(conditions.getByRole('link', { name: new RegExp(`^${text('en', label)}`) })).toHaveAttribute(
        'href',
        `/deviceManagement/deviceOverview?kind=concretePump&${filter}`,
      );
    }

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
