import { ROLE } from '@console/contract/codes/roles';
import { expect, goInConsole, NEW_TABLE_ROW, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

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

/** What the user sees of a list at 1440 px, measured in the page at once (one round trip, not one per cell). */
interface ListView {
  /** The header titles, in order, without the selection column. */
  titles: string[];
  /** Titles wholly in the viewport and left of the fixed actions column. */
  inSight: string[];
  /** Row links and buttons the floating bell covers. */
  covered: string[];
  /** Row links and buttons there are. */
  controls: number;
  /** The floating bell is on the page. */
  bell: boolean;
}

function measureList(): ListView {
  const rect = (el: Element) => el.getBoundingClientRect();
  const overlap = (a: DOMRect, b: DOMRect) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  // Pages kept alive are in the document too, hidden: only what shows counts.
  const shown = <E extends Element>(selector: string) =>
    [...document.querySelectorAll<E>(selector)].filter((el) => el.checkVisibility());
  const headers = shown<HTMLElement>('.ant-table-thead th:not(.ant-table-selection-column)');
  const actions = shown('.ant-table-thead th.ant-table-cell-fix-end')[0];
  const right = actions ? rect(actions).x : window.innerWidth;
  const titles = headers.map((th) => th.innerText.trim()).filter(Boolean);
  const inSight = headers
    .filter((th) => th.innerText.trim() && rect(th).x >= 0 && rect(th).right <= right)
    .map((th) => th.innerText.trim());
  const bellButton = shown('button').find((b) => /^System message|^系统消息/.test(b.getAttribute('aria-label') ?? ''));
  const controls = shown<HTMLElement>('.ant-table-tbody tr.ant-table-row :is(a, button)');
  const bell = bellButton ? rect(bellButton) : null;
  const covered = controls.filter((c) => bell && overlap(rect(c), bell)).map((c) => c.innerText);
  return { titles, inSight, covered, controls: controls.length, bell: !!bell };
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
      // The first list loads the console; the others are opened in it, as from the sidebar.
      if (list === LISTS[0]) await page.goto(list.path);
      else await goInConsole(page, list.path);
      await expect(page.locator(NEW_TABLE_ROW).first(), list.name).toBeVisible({
        timeout: 30_000,
      });
      const view = await page.evaluate(measureList);
      const titles = [...view.titles.slice(0, 4), ...list.columns.map((key) => text(lang, key))];
      expect(titles.length, list.name).toBeGreaterThan(3);
      expect(
        titles.filter((title) => !view.inSight.includes(title)),
        `${list.name}: out of sight`,
      ).toEqual([]);
      // The floating bell covers no row's links and buttons (Edit, Details, ...).
      expect(view.bell, list.name).toBe(true);
      expect(view.controls, list.name).toBeGreaterThan(0);
      expect(view.covered, `${list.name}: under the bell`).toEqual([]);
    }
    await page.close();
  });
}
