import { ROLE } from '@console/contract/codes/roles';
import { addDays } from '@console/contract/codes/lease-billing';
import { subleaseEndpoints, type SubleaseRow } from '@console/contract/http/lease-sublease';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { translate } from '@console/contract/messages/translate';
import { menuCatalogs } from '@console/contract/locales/menus';
import { href } from '@console/contract/screens/screen';
import { fenceScreens } from '@console/contract/screens/fences';
import { invoiceScreens } from '@console/contract/screens/invoices';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { leaseBillingScreens } from '@console/contract/screens/lease-billing';
import { warningScreens } from '@console/contract/screens/warning';
import { DEMO_PASSWORD } from '@console/db/seed/accounts';
import { SUBLESSOR } from '@console/db/seed/business';
import { SUBLESSOR_DEMO_ACCOUNT } from '@console/db/seed/lease-sublease';
import { dayInZone } from '@console/server/src/lib/time';
import { contractForNewRenter, handOverOne } from '../../fixtures/e2e-lease.ts';
import {
  expect,
  goInConsole,
  RAW_KEY,
  signInAs,
  signInThroughUi,
  test,
  text,
  type UiLang,
} from '../../fixtures/e2e.ts';

/**
 * Issue 14's sub-leasing, as the rental company's administrator does it in the console: a machine rented in from the
 * demo sub-lessor joins the fleet marked as rented in, goes out under one of the company's contracts, cannot go back
 * to its sub-lessor while it is out, comes back from the renter and is returned to the sub-lessor
 * (docs/decisions/042-sub-leasing.md).
 */

test('a machine rented in from a sub-lessor is leased out, held while out, brought back and returned', async ({
  page,
  api,
}) => {
  const lang: UiLang = 'en';
  const s = (key: string, params?: Record<string, string | number>) => text(lang, `lease-sublease:${key}`, params);
  const stamp = Date.now().toString(36).toUpperCase();
  const serial = `ZLE2E${stamp}`;
  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto('/leaseCenter/subleaseMng');
  // The company's today (Huadong keeps Beijing's calendar), as its forms and contracts take it: from 16:00 UTC on it is
  // the browser's tomorrow.
  const today = dayInZone(Date.now(), 'Asia/Shanghai');
  const subleaseRow = page.getByRole('row').filter({ hasText: serial });

  await test.step('rent a machine in from the sub-lessor for three months', async () => {
    await page.getByLabel(s('keyword'), { exact: true }).fill(SUBLESSOR.names.en);
    await page.getByRole('button', { name: text(lang, 'common:search') }).click();
    await page
      .getByRole('row')
      .filter({ hasText: SUBLESSOR.names.en })
      .getByRole('button', { name: s('rentIn.action') })
      .click();
    await expect(page).toHaveURL(/\/leaseCenter\/addSubDevice\?sublessorId=\d+$/);
    const sublessor = page.getByRole('combobox', { name: s('rentIn.sublessor'), exact: true });
    await expect(page.locator('.ant-form-item').filter({ has: sublessor })).toContainText(SUBLESSOR.names.en);
    const end = page.getByLabel(s('subleases.endOn'), { exact: true });
    await end.fill(addDays(today, 90));
    await end.press('Enter');
    await page.getByLabel(s('subleases.dayPrice'), { exact: true }).fill('80');
    await page.getByLabel(`${s('rentIn.serialNumber')} 1`, { exact: true }).fill(serial);
    await page.getByPlaceholder(s('rentIn.deviceName'), { exact: true }).fill('Rented scissor lift');
    await page
      .locator('.ant-select')
      .filter({ hasText: s('rentIn.model') })
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByRole('button', { name: s('rentIn.submit'), exact: true }).click();
    await expect(page.getByText(s('rentIn.done', { count: 1 }))).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: serial })).toBeVisible();

    await page.getByRole('button', { name: s('rentIn.toRecord') }).click();
    await expect(page).toHaveURL(/\/leaseCenter\/subleaseRecord/);
    await expect(subleaseRow).toContainText(SUBLESSOR.names.en);
    await expect(subleaseRow).toContainText(s('state.renting'));
    await expect(subleaseRow).toContainText(s('leasedOut.no'));
  });

  await test.step('the fleet lists it, rented in from the sub-lessor', async () => {
    await goInConsole(page, `/deviceManagement?serialNumber=${serial}`);
    await expect(page.getByRole('columnheader', { name: text(lang, 'devices:fields.rentedFrom') })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: serial })).toContainText(SUBLESSOR.names.en);
  });

  const lease = await contractForNewRenter(api, {
    name: `Sublease Works ${stamp}`,
    serials: [serial],
    startOn: today,
    endOn: addDays(today, 60),
    billingDay: 1,
    dueDays: 15,
  });
  const contract = { id: lease.contractId, number: lease.number };
  await test.step('lease it out: delivered under the company’s own contract', async () => {
    await goInConsole(page, `/leaseCenter/contractDetail?id=${contract.id}`);
    await handOverOne(page, lang, 'entry', serial);
  });

  const openSublease = async () => {
    await goInConsole(page, `/leaseCenter/subleaseRecord?keyword=${serial}`);
    await subleaseRow.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/leaseCenter\/subleaseDetail\?id=\d+$/);
  };
  const returnToSublessor = async () => {
    await page.getByRole('button', { name: s('subleases.return') }).click();
    const dialog = page.getByRole('dialog', { name: s('subleases.returnTitle', { serial }) });
    await dialog.getByRole('button', { name: s('subleases.return') }).click();
    return dialog;
  };

  await test.step('while it is out, returning it to the sub-lessor is refused', async () => {
    await openSublease();
    const card = page.locator('.ant-card:visible').filter({ hasText: s('subleases.serialNumber') });
    await expect(card.locator('.ant-card-head')).toContainText(s('leasedOut.yes'));
    await expect(page.getByRole('row').filter({ hasText: contract.number })).toContainText(
      text(lang, 'codes:contractStatus.inExecution'),
    );
    const dialog = await returnToSublessor();
    await expect(
      page.getByText(translate('en_US', 'sublease.leasedOut', { serial, number: contract.number })),
    ).toBeVisible();
    await dialog.getByRole('button', { name: text(lang, 'common:cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(card.locator('.ant-card-head')).toContainText(s('state.renting'));
  });

  await test.step('it comes back from the renter', async () => {
    await goInConsole(page, `/leaseCenter/contractDetail?id=${contract.id}`);
    await handOverOne(page, lang, 'exit', serial);
  });

  await test.step('returned to the sub-lessor, the sub-lease has ended', async () => {
    await openSublease();
    const card = page.locator('.ant-card:visible').filter({ hasText: s('subleases.serialNumber') });
    await expect(card.locator('.ant-card-head')).toContainText(s('leasedOut.no'));
    await returnToSublessor();
    await expect(page.getByText(s('subleases.returned'))).toBeVisible();
    await expect(card.locator('.ant-card-head')).toContainText(s('state.returned'));
    await expect(page.getByRole('button', { name: s('subleases.return') })).toHaveCount(0);
    await goInConsole(page, `/leaseCenter/subleaseRecord?keyword=${serial}`);
    await expect(subleaseRow).toContainText(s('state.returned'));
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
});

test("the sub-lessor's people see their sub-leases, and a renter's pages are refused to them", async ({ page }) => {
  const lang: UiLang = 'en';
  const menus = menuCatalogs.en_US;
  await signInThroughUi(page, { account: SUBLESSOR_DEMO_ACCOUNT, password: DEMO_PASSWORD }, { lang });
  const sider = page.locator('.ant-layout-sider');
  await expect(sider.getByText(menus.lease, { exact: true })).toBeAttached();
  const titles = await sider.locator('.ant-menu-title-content').allTextContents();
  for (const hidden of [menus.finance, menus.fences, menus.warning, menus.analysis])
    expect(titles).not.toContain(hidden);

  await test.step('its record lists the machines it lent, in renting', async () => {
    await goInConsole(page, href(leaseSubleaseScreens.subleases));
    await expect(page.getByText(text(lang, 'shell:forbidden.title'))).toHaveCount(0);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: text(lang, 'lease-sublease:state.renting') })
        .first(),
    ).toBeVisible();
  });

  await test.step("a renter's pages typed in show the refused screen", async () => {
    for (const screen of [
      leaseContractScreens.contractMng,
      leaseBillingScreens.billRecord,
      invoiceScreens.invoiceMng,
      fenceScreens.list,
      warningScreens.centre,
    ]) {
      await page.goto(screen.path);
      await expect(page.getByText(text(lang, 'shell:forbidden.title'))).toBeVisible();
      await expect(page.locator('main table')).toHaveCount(0);
    }
  });
});

test.describe('in Beijing before 8 am', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('租入和退还的日期默认是用户的当天，而不是 UTC 的当天', async ({ page, api }) => {
    const lang: UiLang = 'zh-cn';
    const s = (key: string, params?: Record<string, string | number>) => text(lang, `lease-sublease:${key}`, params);
    const day = dayInZone(Date.now(), 'Asia/Shanghai');
    // 7:30 in Beijing is still the day before in UTC.
    await page.clock.install({ time: Date.parse(`${day}T07:30:00+08:00`) });
    const admin = await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/leaseCenter/addSubDevice');
    await expect(page.getByLabel(s('subleases.startOn'), { exact: true })).toHaveValue(day);
    await expect(page.getByLabel(s('subleases.endOn'), { exact: true })).toHaveValue(day);

    const renting = (
      await api.call(subleaseEndpoints.subleaseList, {
        token: admin.token,
        query: { state: 'renting', pageSize: 1 },
      })
    ).data.list[0] as SubleaseRow;
    await page.goto(`/leaseCenter/subleaseDetail?id=${renting.id}`);
    await page.getByRole('button', { name: s('subleases.return') }).click();
    const dialog = page.getByRole('dialog', { name: s('subleases.returnTitle', { serial: renting.serialNumber }) });
    await expect(dialog.getByLabel(s('subleases.returnDay'), { exact: true })).toHaveValue(day);
    // antd spaces a two-character Chinese label: 取 消.
    await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
    await expect(dialog).toBeHidden();
  });
});
