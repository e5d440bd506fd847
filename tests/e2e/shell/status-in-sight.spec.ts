import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { expect, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * Every list of the console, and the columns a user scans for first: in sight at 1440 × 900 in both languages, as
 * are the first four columns of each list.
 */
const LISTS: { name: string; path: string; columns: string[] }[] = [
  {
    name: 'devices',
    path: '/deviceManagement',
    columns: [
      'devices:fields.status',
      'devices:fields.signal',
      'devices:fields.location',
      'devices:fields.lastReportAt',
    ],
  },
  { name: 'alarms', path: '/warning/all', columns: ['warning:fields.info'] },
  { name: 'work-orders', path: '/warning/ticket', columns: ['work-orders:fields.source'] },
  { name: 'fences', path: '/fenceManagement/list', columns: ['fences:fields.monitoringDates'] },
  { name: 'sim-cards', path: '/deviceManagement/simCards', columns: [] },
  { name: 'models', path: '/deviceManagement/models', columns: [] },
  { name: 'virtual-hosts', path: '/deviceManagement/virtualHosts', columns: [] },
  { name: 'controllers', path: '/deviceManagement/controllers', columns: [] },
  { name: 'gps-gateways', path: '/deviceManagement/gpsGateways', columns: [] },
  { name: 'accessories', path: '/deviceManagement/accessories', columns: [] },
  { name: 'employees', path: '/employeeManagement/all', columns: [] },
  { name: 'technicians', path: '/warning/worker', columns: [] },
  { name: 'faults', path: '/warning/fault', columns: [] },
  { name: 'upkeep', path: '/warning/upkeep', columns: [] },
  { name: 'feedback', path: '/warning/feedback', columns: [] },
  { name: 'cases', path: '/approvalManagement/caselibrary', columns: [] },
  { name: 'lock-tasks', path: '/riskManagement/index', columns: ['risk:tasks.stage'] },
  { name: 'risk-records', path: '/riskManagement/history', columns: ['risk:tasks.stage'] },
];

/** The first header cells of the list (not its selection column), as the user reads them. */
async function firstTitles(page: Page, count: number): Promise<string[]> {
  const titles = await page.locator('.ant-table-thead th:not(.ant-table-selection-column)').allInnerTexts();
  return titles
    .map((title) => title.trim())
    .filter(Boolean)
    .slice(0, count);
}

const SHOTS = join(import.meta.dirname, '..', '..', '..', 'test-results', 'lists-1440');

/** The header cell is wholly in the viewport and not under the table's fixed actions column. */
async function inSight(page: Page, title: string) {
  const header = page
    .locator('.ant-table-thead th')
    .filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .first();
  const box = (await header.boundingBox({ timeout: 10_000 }))!;
  const fixedEnd = page.locator('.ant-table-thead th.ant-table-cell-fix-end');
  const actions = (await fixedEnd.count()) > 0 ? await fixedEnd.first().boundingBox() : null;
  const right = actions ? actions.x : 1440;
  return box.x >= 0 && box.x + box.width <= right;
}

for (const lang of ['en', 'zh-cn'] as UiLang[]) {
  test(`status is in sight at 1440 px: the first columns of each list (${lang})`, async ({ browser, api }) => {
    // Every list, each loaded and measured.
    test.slow();
    const page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      ...(lang === 'zh-cn' ? { timezoneId: 'Asia/Shanghai', locale: 'zh-CN' } : {}),
    });
    await signInAs(page, api, ROLE.lessorAdmin);
    for (const list of LISTS) {
      await page.goto(list.path);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first(), list.name).toBeVisible({
        timeout: 30_000,
      });
      await page.screenshot({ path: join(SHOTS, `${list.name}-${lang}.png`) });
      const titles = [...(await firstTitles(page, 4)), ...list.columns.map((key) => text(lang, key))];
      expect(titles.length, list.name).toBeGreaterThan(3);
      for (const title of titles) expect(await inSight(page, title), `${list.name}: ${title}`).toBe(true);
      // The floating bell covers no row's links and buttons (Edit, Details, ...).
      const bell = (await page.getByRole('button', { name: /^System message|^系统消息/ }).boundingBox())!;
      const links = await page.locator('.ant-table-tbody tr.ant-table-row').locator('a, button').all();
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const box = await link.boundingBox({ timeout: 10_000 });
        if (!box) continue;
        const overlaps =
          box.x < bell.x + bell.width &&
          bell.x < box.x + box.width &&
          box.y < bell.y + bell.height &&
          bell.y < box.y + box.height;
        expect(overlaps, `${list.name}: the bell covers ${await link.innerText()}`).toBe(false);
      }
    }
    await page.close();
  });
}
