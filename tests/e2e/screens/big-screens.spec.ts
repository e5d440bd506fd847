import type { Page } from '@playwright/test';
import { CNY, formatMoney } from '@console/contract/codes/money';
import { ROLE } from '@console/contract/codes/roles';
import {
  SCREEN_STATES,
  screenEndpoints,
  type FleetScreen,
  type LeaseScreen,
  type SurveyScreen,
} from '@console/contract/http/screens';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { brandOrigin, expect, signInAs, signInButton, test, text } from '../../fixtures/e2e.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';
import { FIRST_LOAD, quietPlatform } from '../warning/helpers.ts';

/**
 * The big screens as their viewers use them (docs/decisions/046-big-screens.md): the data-screen viewer signs in at
 * /loginForDashboard and watches /screen take an alarm the simulator raises, without a reload; role 2's shortcut
 * opens the big screen of its brand; at 1920×1080 and 1366×768 the whole screen shows without scroll bars.
 */

/** A figure of the screen, as a number (thousands are grouped). */
async function figure(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`screen-figure-${key}`).locator('dd').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** The document scrolls in neither direction, and the 1920×1080 stage is scaled to fit the window whole. */
async function expectNoScrollbars(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await expect
    .poll(async () => Number(await page.getByTestId('screen-stage').getAttribute('data-scale')))
    .toBeCloseTo(Math.min(width / 1920, height / 1080), 3);
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    return {
      x: root.scrollWidth - root.clientWidth,
      y: root.scrollHeight - root.clientHeight,
      bar: window.innerWidth - root.clientWidth,
    };
  });
  expect(overflow).toEqual({ x: 0, y: 0, bar: 0 });
  const stage = (await page.getByTestId('screen-stage').boundingBox())!;
  expect(stage.x).toBeGreaterThanOrEqual(0);
  expect(stage.y).toBeGreaterThanOrEqual(0);
  expect(stage.x + stage.width).toBeLessThanOrEqual(width + 0.5);
  expect(stage.y + stage.height).toBeLessThanOrEqual(height + 0.5);
  await page.screenshot({ path: test.info().outputPath(`screen-${width}x${height}.png`) });
}

/** Nothing of the stage is cut off: every panel's content fits its box (the stage itself clips what would not). */
async function expectPanelsFit(page: Page) {
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('.screen-panel__body')]
      .filter((body) => body.scrollHeight > body.clientHeight + 1 || body.scrollWidth > body.clientWidth + 1)
      .map((body) => body.parentElement?.getAttribute('aria-label')),
  );
  expect(overflowing).toEqual([]);
}

/** No text of the stage is shortened to an ellipsis or a clamped line: the state rule, an alarm's name. */
async function expectNoTextCut(page: Page) {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="screen-stage"] *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const clips = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
        return clips && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
      })
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
}

/** Money as the screens show it: the brand's money, yuan with grouped thousands (web/src/lib/money.ts). */
const yuan = (cents: number) => formatMoney(cents, CNY);

test.describe('the data screen and the big screens', () => {
  test('role 4 signs in for the data screen and sees an alarm the simulator raises, live', async ({ page, api }) => {
    test.slow();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/loginForDashboard');
    await page.getByLabel('Account', { exact: true }).fill(demoAccount(ROLE.screenViewer));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/screen$/);
    await expect(page.getByRole('heading', { name: text('en', 'home:screen.title') })).toBeVisible(FIRST_LOAD);

    // The screen counts today in the browser's time zone: the API is asked in the same one.
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const viewer = await api.signIn(ROLE.screenViewer);
    const fleet = async () =>
      (await api.call(screenEndpoints.fleet, { token: viewer.token, timeZone })).data as FleetScreen;
    const before = await fleet();
    await expect.poll(() => figure(page, 'machines')).toBe(before.machines);
    // The panel, and inside it the map itself, which every map of the console names the same.
    await expect(page.getByRole('region', { name: text('en', 'home:board.map') }).first()).toBeVisible();
    const today = page.getByTestId('screen-alarms-today');
    const shown = async () => Number((await today.innerText()).replace(/[^\d]/g, ''));
    await expect.poll(shown).toBe(before.alarmsToday.count);

    const machine = await quietPlatform(api, 8);
    const simulator = await startSimulator([
      { serial: machine.serial, kind: 'aerialPlatform', lat: 31.23, lng: 121.47 },
    ]);
    try {
      await simulator.client.alarm(machine.serial, { condition: 'overload', value: 95, durationS: 3600 });
      await expect
        .poll(async () => (await fleet()).alarmsToday.count, { timeout: 30_000 })
        .toBeGreaterThan(before.alarmsToday.count);
      // Through the event stream, without a reload: the alarm tops today's list, and the count follows.
      const alarms = page.getByRole('list', { name: text('en', 'home:board.alarms') });
      await expect(alarms.locator('li').first()).toContainText(machine.serial);
      await expect.poll(async () => (await shown()) === (await fleet()).alarmsToday.count).toBe(true);
    } finally {
      await simulator.stop();
    }

    await expectNoScrollbars(page, 1920, 1080);
    // Every site card whole inside its panel at the wall's size, its name not cut (decision 062).
    const sites = page.getByRole('navigation', { name: text('en', 'home:screen.sites') });
    const panel = (await sites.locator('xpath=ancestor::section[1]').boundingBox())!;
    for (const card of await sites.getByRole('link').all()) {
      const box = (await card.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(panel.y + panel.height + 0.5);
      const name = card.locator('b');
      const fit = await name.evaluate((b) => ({
        text: b.textContent,
        sh: b.scrollHeight,
        ch: b.clientHeight,
        sw: b.scrollWidth,
        cw: b.clientWidth,
      }));
      expect(fit.sh <= fit.ch && fit.sw <= fit.cw, JSON.stringify(fit)).toBe(true);
    }
    await expectNoScrollbars(page, 1366, 768);

    // A site of the screen opens its own screen.
    const site = before.sites[0]!;
    await page
      .getByRole('navigation', { name: text('en', 'home:screen.sites') })
      .getByText(site.name)
      .click();
    await expect(page).toHaveURL(new RegExp(`/screenDetail\\?orgId=${site.orgId}$`));
    await expect(page.getByRole('heading', { name: text('en', 'home:screen.detailTitle') })).toBeVisible();
    const detail = await api.call(screenEndpoints.fleet, { token: viewer.token, query: { orgId: site.orgId } });
    await expect.poll(() => figure(page, 'machines')).toBe((detail.data as FleetScreen).machines);

    // And its machines, paged by the server.
    await page.getByRole('link', { name: text('en', 'home:screen.machines') }).click();
    await expect(page).toHaveURL(new RegExp(`/screenDeviceList\\?orgId=${site.orgId}$`));
    const machines = await api.call(screenEndpoints.machines, {
      token: viewer.token,
      query: { orgId: site.orgId, pageSize: 12 },
    });
    await expect(
      page.getByRole('heading', {
        name: text('en', 'home:screen.machinesTotal_other', { count: machines.data.total }),
      }),
    ).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(1 + Math.min(12, machines.data.total));
    await expect(page.getByRole('row').nth(1)).toContainText(machines.data.list[0]!.serialNumber);
    await expectNoScrollbars(page, 1366, 768);
  });

  test("role 2's shortcut opens the fleet big screen, and back; under the JD brand its own", async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/setUp?active=first');
    await page.getByRole('link', { name: 'Data big screen' }).click();
    await expect(page).toHaveURL(/\/bigScreen\?from=/);
    await expect(page.getByRole('heading', { name: text('en', 'home:board.title') })).toBeVisible(FIRST_LOAD);
    const fleet = (await api.call(screenEndpoints.fleet, { token: login.token })).data as FleetScreen;
    await expect.poll(() => figure(page, 'machines')).toBe(fleet.machines);
    await expect.poll(() => figure(page, 'working')).toBe(fleet.byState.working);
    // Each machine in one state: the state cards add up to the machines, and the screen says so (decision 062).
    const sum = async () =>
      (await Promise.all(SCREEN_STATES.map((state) => figure(page, state)))).reduce((a, b) => a + b);
    await expect.poll(async () => (await sum()) === (await figure(page, 'machines'))).toBe(true);
    await expect(page.getByText(text('en', 'home:board.stateRule'))).toBeVisible();
    await expect(page.getByRole('img', { name: text('en', 'home:board.trend') })).toBeVisible();
    await expectNoScrollbars(page, 1366, 768);
    await expectNoScrollbars(page, 1920, 1080);
    await expectPanelsFit(page);
    await expectNoTextCut(page);
    await page.getByRole('link', { name: text('en', 'home:board.back') }).click();
    await expect(page).toHaveURL(/\/setUp\?active=first$/);

    // The same user under the JD brand's host (the session is handed to that origin too).
    await page.goto(`${brandOrigin('jd')}/setUp?active=first`);
    await page.getByRole('link', { name: 'Data big screen' }).click();
    await expect(page).toHaveURL(/\/jdBigScreen\?from=%2FsetUp%3Factive%3Dfirst$/);
    await expect(page.locator('[data-layout="jd"]')).toBeVisible(FIRST_LOAD);
    await expect.poll(() => figure(page, 'machines')).toBe(fleet.machines);
    await expect.poll(async () => (await sum()) === (await figure(page, 'machines'))).toBe(true);
    await expectNoScrollbars(page, 1366, 768);
    await expectNoScrollbars(page, 1920, 1080);
    await expectPanelsFit(page);
    await expectNoTextCut(page);
  });

  test("a rental company's administrator watches the fleet survey and the lease screen, both fitting the wall", async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/surveyBigScreen');
    await expect(page.getByRole('heading', { name: text('en', 'home:survey.title') })).toBeVisible(FIRST_LOAD);
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const survey = (await api.call(screenEndpoints.survey, { token: login.token, timeZone })).data as SurveyScreen;
    expect(survey.machines).toBeGreaterThan(0);
    await expect.poll(() => figure(page, 'machines')).toBe(survey.machines);
    for (const { window, machines } of survey.renewals)
      await expect.poll(() => figure(page, `renewal-${window}`), `window ${window}`).toBe(machines);
    await expect.poll(() => figure(page, 'overdue')).toBe(survey.maintenance!.overdue);
    const plans = page.getByRole('table', { name: text('en', 'home:survey.maintenance') });
    await expect(plans.getByRole('row').nth(1)).toContainText(survey.maintenance!.list[0]!.serialNumber);
    await expect(page.getByRole('img', { name: text('en', 'home:survey.byAge') })).toBeVisible();
    await expectPanelsFit(page);
    await expectNoScrollbars(page, 1920, 1080);
    await expectNoScrollbars(page, 1366, 768);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/leaseBigScreen');
    await expect(page.getByRole('heading', { name: text('en', 'home:lease.title') })).toBeVisible(FIRST_LOAD);
    const lease = (await api.call(screenEndpoints.lease, { token: login.token, timeZone })).data as LeaseScreen;
    expect(lease.empty).toBe(false);
    const inExecution = lease.contracts.find((c) => c.state === 'inExecution')!.contracts;
    await expect.poll(() => figure(page, 'inExecution')).toBe(inExecution);
    await expect(page.getByTestId('screen-figure-billed').locator('dd')).toHaveText(yuan(lease.thisMonth.billedCents));
    await expect(page.getByTestId('screen-figure-arrears').locator('dd')).toHaveText(yuan(lease.arrears.overdueCents));
    const renters = page.getByRole('table', { name: text('en', 'home:lease.renters') });
    await expect(renters.getByRole('row')).toHaveCount(1 + lease.overdueRenters.length);
    await expect(renters.getByRole('row').nth(1)).toContainText(lease.overdueRenters[0]!.name);
    await expect(page.getByRole('img', { name: text('en', 'home:lease.trend') })).toBeVisible();
    await expectPanelsFit(page);
    await expectNoScrollbars(page, 1920, 1080);
    await expectNoScrollbars(page, 1366, 768);
  });
});
