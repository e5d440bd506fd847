import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { warningEndpoints, type AlarmRow } from '@console/contract/http/warning';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';
import { FIRST_LOAD, quietPlatform, reportAs } from './helpers.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^System message, \d+ alarms?$/ });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/**
 * The rental company abroad: the other flows raise and handle alarms in the first company's fleet all the time,
 * which would put their alarms on top of this list and move the bell's count under it.
 */
const northwindAdmin = { ...globalDemoAccount(ROLE.lessorAdmin), password: DEMO_PASSWORD };
const bellCount = async (page: Page) => Number((await bell(page).getAttribute('aria-label'))!.match(/\d+/)![0]);

test.describe('a live alarm list never moves under the cursor', () => {
  test('new alarms wait behind a button while the user is in the list, its details or the bell pane', async ({
    page,
    api,
    baseURL,
  }) => {
    const login = await signInAs(page, api, northwindAdmin);
    const [first, second, third, fourth] = await Promise.all(
      [0, 1, 2, 3].map((nth) => quietPlatform(api, nth, northwindAdmin)),
    );
    await page.goto('/warning/all');
    await expect(rows(page).first()).toBeVisible(FIRST_LOAD);

    // Away from the list, a new alarm comes in on top by itself.
    await reportAs(baseURL!, first!.serial, { loadPct: 104 });
    await expect(rows(page).first()).toContainText(first!.serial);

    // The details of the top row are open when another alarm comes in: closing them finds the same top row.
    await rows(page)
      .first()
      .getByRole('button', { name: text('en', 'warning:actions.detail') })
      .click();
    const drawer = page.getByRole('dialog', { name: text('en', 'warning:detail.title') });
    await expect(drawer).toContainText(first!.serial);
    const before = await bellCount(page);
    await reportAs(baseURL!, second!.serial, { loadPct: 104 });
    await expect.poll(() => bellCount(page)).toBe(before + 1);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    // "1 new alarm: show", or more when flows running beside this one raise alarms meanwhile.
    const showNew = page.getByRole('button', {
      name: new RegExp(
        `^(${text('en', 'warning:centre.newAlarms_one', { count: 1 })}|${text('en', 'warning:centre.newAlarms_other', { count: 999 }).replace('999', '\\d+')})$`,
      ),
    });
    await expect(showNew).toBeVisible();
    await expect(rows(page).first()).toContainText(first!.serial);

    // Still in the list: Acknowledge on the top row acknowledges the alarm shown there, not the newer one.
    await rows(page).first().hover();
    await rows(page)
      .first()
      .getByRole('button', { name: text('en', 'warning:actions.acknowledge') })
      .click();
    await expect(page.getByText(text('en', 'warning:messages.acknowledged', { count: 1 }))).toBeVisible();
    await expect(rows(page).first()).toContainText(first!.serial);
    await expect(
      rows(page)
        .first()
        .getByRole('button', { name: text('en', 'warning:actions.acknowledge') }),
    ).toHaveCount(0);
    const open = await api.call(warningEndpoints.list, {
      token: login.token,
      query: { state: 'open', pageSize: '50' },
    });
    const alarmOf = (serial: string) => open.data.list.find((a: AlarmRow) => a.serialNumber === serial)!;
    expect(alarmOf(first!.serial).acknowledgedAt).not.toBeNull();
    expect(alarmOf(second!.serial).acknowledgedAt).toBeNull();

    // The button shows what came in.
    await showNew.click();
    await expect(rows(page).first()).toContainText(second!.serial);
    await expect(showNew).toBeHidden();

    // The bell's pane holds its items the same way while it is open.
    await page.mouse.move(0, 0);
    await bell(page).click();
    const pane = page.getByRole('tooltip').filter({ hasText: 'System message' });
    const firstItem = pane.getByRole('link').first();
    await expect(firstItem).toContainText(second!.serial);
    await reportAs(baseURL!, third!.serial, { loadPct: 104 });
    await reportAs(baseURL!, fourth!.serial, { loadPct: 104 });
    const paneNew = pane.getByRole('button', { name: text('en', 'shell:bell.newAlarms_other', { count: 2 }) });
    await expect(paneNew).toBeVisible();
    await expect(firstItem).toContainText(second!.serial);
    await paneNew.click();
    await expect(firstItem).toContainText(fourth!.serial);
  });

  test('an empty list says so in sentence case', async ({ page, api }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/warning/all?serialNumber=NOSUCH999');
    await expect(page.locator('.ant-table-placeholder').getByText('No data available', { exact: true })).toBeVisible(
      FIRST_LOAD,
    );
  });
});
