import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { expect, signInAs, test } from '../../fixtures/e2e.ts';

/** Marks only the map and chart libraries carry in their code: Leaflet's attribution link, ECharts' renderer. */
const MAP_CODE = 'leafletjs.com';
const CHART_CODE = 'zrender';

/** The console's own scripts a page has loaded so far, with their text. */
function recordScripts(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return bodies;
}

test.describe('the map and the charts', () => {
  test('are not loaded by the sign-in page, only by a page that shows them', async ({ page, api }) => {
    const scripts = recordScripts(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const signIn = await Promise.all(scripts);
    expect(signIn.length).toBeGreaterThan(0);
    expect(signIn.filter((code) => code.includes(MAP_CODE) || code.includes(CHART_CODE))).toEqual([]);

    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/dashboard');
    await expect(page.locator('.fleet-cluster').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: /^Working hours per day/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const home = await Promise.all(scripts);
    expect(home.some((code) => code.includes(MAP_CODE))).toBe(true);
    expect(home.some((code) => code.includes(CHART_CODE))).toBe(true);
  });

  test('the device overview and the track form, without a track, load no map code', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    const scripts = recordScripts(page);
    await page.goto('/deviceManagement/deviceOverview');
    await expect(page.getByRole('tablist')).toBeVisible({ timeout: 30_000 });
    await page.goto('/deviceManagement/historicalTrajectory');
    await expect(page.getByRole('button', { name: 'Query' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await Promise.all(scripts)).filter((code) => code.includes(MAP_CODE))).toEqual([]);
  });
});
