import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { BUSINESSES } from '@console/db/seed/business';
import { expect, signInAs, test } from '../../fixtures/e2e.ts';

/** The operator's list of rental companies names them as every other page does: in the console's language. */
const [huadong, pearl, northwind] = BUSINESSES as [
  (typeof BUSINESSES)[0],
  (typeof BUSINESSES)[0],
  (typeof BUSINESSES)[0],
];
const dataRows = (page: Page) => page.locator('tbody tr.ant-table-row');

async function exported(page: Page, label: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: label }).click();
  return readFileSync(await (await download).path(), 'utf8');
}

test.describe('rental companies in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('lists, exports and edits each company under its Chinese name', async ({ page, api }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/userManagement/lessor');
    const row = dataRows(page).filter({ hasText: huadong.names.zh });
    await expect(row).toHaveCount(1);
    await expect(dataRows(page).filter({ hasText: pearl.names.zh })).toHaveCount(1);
    // No name in Chinese: its registered one.
    await expect(dataRows(page).filter({ hasText: northwind.lessor })).toHaveCount(1);
    await expect(page.locator('tbody')).not.toContainText(huadong.lessor);
    await expect(page.locator('tbody')).not.toContainText(pearl.lessor);

    const csv = await exported(page, '导出');
    expect(csv).toContain(huadong.names.zh);
    expect(csv).toContain(pearl.names.zh);
    expect(csv).not.toContain(huadong.lessor);

    // The form edits what the company keeps: its registered name beside both languages'.
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: `编辑租赁公司：${huadong.names.zh}` });
    await expect(dialog.getByLabel('公司名称', { exact: true })).toHaveValue(huadong.lessor);
    await expect(dialog.getByLabel('英文名称', { exact: true })).toHaveValue(huadong.names.en);
  });
});

test.describe('rental companies in English', () => {
  test('lists and exports each company under its English name', async ({ page, api }) => {
    await signInAs(page, api, ROLE.companyAdmin);
    await page.goto('/userManagement/lessor');
    for (const business of [huadong, pearl, northwind])
      await expect(dataRows(page).filter({ hasText: business.names.en })).toHaveCount(1);
    const csv = await exported(page, 'Export');
    expect(csv).toContain(huadong.names.en);
    expect(csv).not.toContain(huadong.names.zh);
  });
});
