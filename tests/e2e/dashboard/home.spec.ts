import type { Locator, Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { dashboardEndpoints, type FleetFigures, type FleetPositions } from '@console/contract/http/dashboard';
import { createAccount } from '../../fixtures/e2e-db.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';
import { CHINESE, expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/** The state cards of the home (a partition of the machines) and the device list filter each one links to. */
const STATE_FIGURES = [
  ['offline', 'codes:deviceStatus.offline', '?status=2'],
  ['deviceOffline', 'codes:deviceStatus.deviceOffline', '?status=9'],
  ['working', 'codes:deviceStatus.working', '?status=6'],
  ['standby', 'codes:deviceStatus.standby', '?status=3'],
  ['stopped', 'codes:deviceStatus.stopped', '?status=7'],
] as const;
/** The conditions, shown apart from the states, and their device list filters. */
const CONDITION_FIGURES = [
  ['alarm', 'codes:deviceStatus.alarm', '?status=8'],
  ['locked', 'codes:deviceStatus.locked', '?status=4'],
  ['toBeRenewed', 'codes:deviceCondition.toBeRenewed', '?expiry=30'],
] as const;

const figuresRegion = (page: Page, lang: UiLang) =>
  page.getByRole('region', { name: text(lang, 'dashboard:figures.title') });
const figureGroup = (page: Page, lang: UiLang, group: 'states' | 'conditions') =>
  figuresRegion(page, lang).getByRole('group', { name: text(lang, `dashboard:figures.${group}`) });
const fleetMap = (page: Page, lang: UiLang) => page.getByRole('region', { name: text(lang, 'map:label') });
/** The map comes after the figures: its code, the positions and the offline map data load first. */
const MAP_LOAD = { timeout: 20_000 };

/** A figure tile: the link whose text starts with the figure's label. */
const figureLink = (scope: Locator, label: string) =>
  scope.getByRole('link', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*[\\d,]+$`) });

/** Machines the map draws: the counts of its clusters plus its single markers. */
async function machinesDrawn(map: Locator): Promise<number> {
  const clusters = await map
    .locator('.fleet-cluster')
    .evaluateAll((els) => els.map((el) => Number(/\d+/.exec(el.getAttribute('aria-label') ?? '')?.[0] ?? 0)));
  return clusters.reduce((a, b) => a + b, 0) + (await map.locator('.fleet-point').count());
}

test.describe('the fleet home', () => {
  test("shows the scope's states adding up to its machines, the conditions apart, each a link to the filtered device list", async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/dashboard');
    // In the browser's zone: the renewal figure counts expiry days on the viewer's today (decision 026).
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const figures = (await api.call(dashboardEndpoints.figures, { token: login.token, timeZone })).data as FleetFigures;
    const states = figureGroup(page, 'en', 'states');
    const conditions = figureGroup(page, 'en', 'conditions');

    const all = figureLink(states, text('en', 'dashboard:figures.total'));
    await expect(all).toHaveAttribute('href', '/deviceManagement');
    await expect(all).toContainText(figures.total.toLocaleString('en-US'));
    for (const [figure, label, query] of STATE_FIGURES) {
      await expect(figureLink(states, text('en', label)), figure).toHaveAttribute('href', `/deviceManagement${query}`);
    }
    await expect(states.getByRole('link')).toHaveCount(1 + STATE_FIGURES.length);
    await expect(states).toContainText(text('en', 'dashboard:figures.stateRule'));
    for (const [figure, label, query] of CONDITION_FIGURES) {
      await expect(figureLink(conditions, text('en', label)), figure).toHaveAttribute(
        'href',
        `/deviceManagement${query}`,
      );
    }
    await expect(conditions.getByRole('link')).toHaveCount(CONDITION_FIGURES.length);
    // Every machine in one state: the cards the page shows (one answer, whatever reports arrive) add up to the
    // machines beside them.
    const shown = await states
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => Number(/[\d,]+$/.exec(link.textContent ?? '')![0].replace(/,/g, ''))),
      );
    expect(shown.slice(1).reduce((a, b) => a + b, 0)).toBe(shown[0]);
    expect(shown[0]).toBe(figures.total);
    // Counts that nothing changes while the test runs (no machine reports, no command is sent).
    await expect(figureLink(conditions, text('en', 'codes:deviceStatus.locked'))).toContainText(
      figures.conditions.locked.toLocaleString('en-US'),
    );
    await expect(figureLink(conditions, text('en', 'codes:deviceCondition.toBeRenewed'))).toContainText(
      figures.conditions.toBeRenewed.toLocaleString('en-US'),
    );
    for (const { kind, total } of figures.byKind) {
      const link = page.getByRole('link', {
        name: new RegExp(`^${text('en', `codes:machineKind.${kind}`)}\\s*${total}$`),
      });
      await expect(link).toHaveAttribute('href', `/deviceManagement?kind=${kind}`);
    }

    // A plain click goes to the list behind the number, as a bookmark of its URL would.
    const stopped = figureLink(states, text('en', 'codes:deviceStatus.stopped'));
    await Promise.all([page.waitForURL(/\/deviceManagement\?status=7$/), stopped.click()]);
  });

  test('draws every machine of the scope in clusters on the offline basemap, and a cluster opens on click', async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const positions = (await api.call(dashboardEndpoints.positions, { token: login.token })).data as FleetPositions;
    await page.goto('/dashboard');
    const map = fleetMap(page, 'en');
    // No tile server is reachable here: the map says so and draws the countries of its own data instead.
    await expect(map).toHaveAttribute('data-basemap', 'offline', MAP_LOAD);
    await expect(page.getByText(text('en', 'map:offline'))).toBeVisible();
    await expect(map.locator('.leaflet-basemap-pane canvas')).toBeVisible();
    await expect(map.locator('.fleet-cluster').first()).toBeVisible();
    await expect.poll(() => machinesDrawn(map)).toBe(positions.ids.length);

    const cluster = await map.locator('.fleet-cluster').first().elementHandle();
    await cluster!.click();
    // Zoomed in to where that cluster parts: it is gone, its machines stand in smaller clusters or alone.
    await expect.poll(() => cluster!.evaluate((el) => el.isConnected)).toBe(false);
    await expect.poll(() => map.locator('.fleet-cluster, .fleet-point').count()).toBeGreaterThan(1);
  });

  test('moves a marker when the simulator drives its machine somewhere else', async ({ page, api }) => {
    // A simulated machine drives 450 m while the page follows it live: on a loaded host its reports lag.
    test.slow();
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const positions = (await api.call(dashboardEndpoints.positions, { token: login.token })).data as FleetPositions;
    // An aerial platform that is not locked, from the start of the fleet (the alarm tests take theirs from the end)
    // and past the first 24 machines, whose history the detail tests read and report on.
    const i = positions.kinds.findIndex(
      (kind, k) => kind === 'aerialPlatform' && positions.statuses[k] !== 4 && positions.ids[k]! > 24,
    );
    const [id, serial, lat, lng] = [positions.ids[i]!, positions.serials[i]!, positions.lats[i]!, positions.lngs[i]!];
    const simulator = await startSimulator([{ serial, kind: 'aerialPlatform', lat, lng }]);
    try {
      await page.goto('/dashboard');
      const map = fleetMap(page, 'en');
      await expect(map.locator('.fleet-cluster').first()).toBeVisible(MAP_LOAD);
      const find = page.getByRole('combobox', { name: text('en', 'map:find') });
      await find.fill(serial);
      await expect(page.getByRole('option', { name: new RegExp(`^${serial} `) })).toBeAttached();
      await find.press('ArrowDown');
      await find.press('Enter');
      const marker = map.locator(`.fleet-point[data-device-id="${id}"]`);
      await expect(marker).toBeVisible();
      const popup = map.locator('.leaflet-popup');
      await expect(popup).toContainText(serial);
      await expect(popup.getByRole('link', { name: text('en', 'map:popup.open') })).toHaveAttribute(
        'href',
        `/deviceManagement/detail?id=${id}`,
      );
      // Closed, so that the map does not pan to keep the popup in view while the machine drives.
      await popup.locator('.leaflet-popup-close-button').click();
      await expect(popup).toHaveCount(0);
      const start = (await marker.boundingBox())!;

      // About 90 m north of where it is: some ninety pixels up at the zoom a located machine is shown at (about 1 m a pixel, so it
      // stays on the map), and no sideways move to speak of.
      const here = (await simulator.client.machine(serial)).position;
      await simulator.client.move(serial, { to: { lat: here.lat + 0.0008, lng: here.lng }, speedKmh: 100 });
      await expect.poll(async () => start.y - (await marker.boundingBox())!.y, { timeout: 90_000 }).toBeGreaterThan(60);
      expect(Math.abs((await marker.boundingBox())!.x - start.x)).toBeLessThan(40);
    } finally {
      await simulator.stop();
    }
  });

  test('says so when the scope holds no machine', async ({ page, api }) => {
    const account = await createAccount(ROLE.other, { ownOrganisation: true });
    await signInAs(page, api, account);
    await page.goto('/dashboard');
    await expect(figureLink(figuresRegion(page, 'en'), text('en', 'dashboard:figures.total'))).toContainText('0');
    await expect(page.getByText(text('en', 'map:empty'))).toBeVisible(MAP_LOAD);
    await expect(page.getByText(text('en', 'dashboard:alarms.empty'))).toBeVisible();
    await expect(page.getByText(text('en', 'dashboard:utilisation.hoursEmpty'))).toBeVisible();
  });

  for (const lang of ['en', 'zh-cn'] as const) {
    test(`reads entirely in ${lang === 'en' ? 'English' : 'Chinese'}`, async ({ browser, api }, testInfo) => {
      const page = await browser.newPage({
        timezoneId: lang === 'en' ? 'Europe/Berlin' : 'Asia/Shanghai',
        viewport: { width: 1440, height: 1400 },
      });
      await signInAs(page, api, ROLE.companyAdmin);
      await page.goto('/dashboard');
      await expect(page).toHaveTitle(new RegExp(`^${text(lang, 'dashboard:title')} - `));
      await expect(
        figureLink(figureGroup(page, lang, 'states'), text(lang, 'codes:deviceStatus.stopped')),
      ).toBeVisible();
      await expect(figureGroup(page, lang, 'conditions')).toBeVisible();
      await expect(page.getByText(text(lang, 'map:offline'))).toBeVisible(MAP_LOAD);
      await expect(
        page.getByRole('img', { name: new RegExp(`^${text(lang, 'dashboard:utilisation.hoursTitle')}`) }),
      ).toBeVisible();
      await expect(
        page.getByRole('img', { name: new RegExp(`^${text(lang, 'dashboard:utilisation.nowTitle')}`) }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      await testInfo.attach(`home-${lang}`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      // What the interface itself says: the records in the alarm table are data, in the language they were written.
      const shown = await page.evaluate(() => {
        let all = document.body.innerText;
        for (const row of document.querySelectorAll<HTMLElement>('tbody, [aria-label^="User menu"]')) {
          all = all.replace(row.innerText, '');
        }
        return all;
      });
      expect(shown).not.toMatch(RAW_KEY);
      if (lang === 'en') expect(shown.match(new RegExp(`.{0,30}${CHINESE.source}.{0,30}`, 'g')) ?? []).toEqual([]);
      else expect(shown).toContain(text(lang, 'codes:machineKind.aerialPlatform'));
      await page.close();
    });
  }
});
