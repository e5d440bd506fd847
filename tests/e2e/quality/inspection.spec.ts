import { readFileSync } from 'node:fs';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { qualityEndpoints } from '@console/contract/http/quality';
import { confirmPopover, expect, signInAs, test, text } from '../../fixtures/e2e.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';

const t = (key: string, params?: Record<string, string | number>) => text('en', `quality:${key}`, params);

test('an inspector starts an inspection on a reporting machine, sees its items judged from the reports, records the manual one, passes it and downloads its certificate from the history', async ({
  page,
  api,
}) => {
  test.slow();
  const login = await signInAs(page, api, ROLE.companyEmployee);
  // A charger nobody is inspecting: its plan checks the unit's reports and its output voltage, and one item by hand.
  const chargers = await api.call(deviceEndpoints.list, {
    token: login.token,
    query: { kind: 'charger', pageSize: 50 },
  });
  let serial = '';
  for (const row of chargers.data.list.slice(10)) {
    const open = await api.call(qualityEndpoints.list, {
      token: login.token,
      query: { keyword: row.serialNumber, stage: 'open' },
    });
    if (open.data.total === 0) {
      serial = row.serialNumber;
      break;
    }
  }
  expect(serial).not.toBe('');
  const simulator = await startSimulator([{ serial, kind: 'charger', lat: 31.2, lng: 121.5 }]);
  try {
    await page.goto('/qualityManagement/proceed');
    await page.getByRole('button', { name: t('start.action') }).click();
    const dialog = page.getByRole('dialog', { name: t('start.title') });
    await dialog.getByLabel(t('field.serialNumber')).fill(serial);
    await dialog.getByRole('button', { name: t('start.ok') }).click();
    await expect(dialog).toBeHidden();

    // The new inspection opens; its automatic items pass as the machine reports.
    const drawer = page.getByRole('dialog', { name: new RegExp(serial) });
    const items = drawer.getByTestId('inspection-items');
    const automatic = items.getByRole('row').filter({ hasNotText: text('en', 'quality:checks.manual') });
    await expect(async () => {
      await drawer.getByRole('button', { name: t('actions.evaluate') }).click();
      await expect(automatic.filter({ hasText: t('results.pass') })).toHaveCount(5, { timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await expect(items).toContainText(t('checkRule.reporting'));

    // The inspector records the manual item and completes the inspection: passed.
    const manual = items.getByRole('row').filter({ hasText: t('item.toRecord') });
    await manual.getByRole('button', { name: t('item.pass') }).click();
    await expect(items.getByText(t('item.toRecord'))).toHaveCount(0);
    await drawer.getByRole('button', { name: t('actions.complete') }).click();
    await confirmPopover(page, { within: t('actions.completeConfirm') });
    await expect(page.getByText(t('actions.completed.passed'))).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();

    // In the history, found by its serial, passed, with the certificate to download.
    await page.goto(`/qualityManagement/history?keyword=${serial}`);
    const row = page.getByRole('row').filter({ hasText: serial });
    await expect(row).toContainText(t('states.passed'));
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: t('certificate') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^QC\d{13}-certificate\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  } finally {
    await simulator.stop();
  }
});
