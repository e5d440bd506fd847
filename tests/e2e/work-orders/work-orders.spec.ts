import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { CHINESE, expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';
import { dataRows, pick } from '../devices/helpers.ts';
import { assignRepairResolve, button, named } from './helpers.ts';

const FIRST_LOAD = { timeout: 30_000 };

/** Create a work order through the dialog and land on its page; answers the machine's serial. */
async function createThroughUi(
  page: Page,
  lang: UiLang,
  machine: { serialNumber: string; kind: string },
  title: string,
) {
  await button(page, lang, 'work-orders:list.new').click();
  const dialog = page.getByRole('dialog', { name: text(lang, 'work-orders:dialogs.createTitle') });
  // Required fields first: the dialog refuses an empty form on the fields.
  await dialog.getByRole('button', { name: named(text(lang, 'common:ok')) }).click();
  await expect(dialog.getByText(lang === 'en' ? 'Enter the title of the work order' : '请输入工单标题')).toBeVisible();
  await expect(dialog.getByText(lang === 'en' ? 'Select the device category' : '请选择设备类别')).toBeVisible();
  await dialog.getByLabel(text(lang, 'work-orders:fields.title')).fill(title);
  await pick(
    page,
    dialog.getByLabel(text(lang, 'work-orders:fields.deviceKind')),
    text(lang, `codes:machineKind.${machine.kind}`),
  );
  await pick(
    page,
    dialog.getByLabel(text(lang, 'work-orders:fields.machine'), { exact: true }),
    machine.serialNumber,
    true,
  );
  const phone = dialog.getByLabel(text(lang, 'work-orders:fields.phone'), { exact: true });
  await phone.fill('1391234');
  await dialog.getByRole('button', { name: named(text(lang, 'common:ok')) }).click();
  await expect(
    dialog.getByText(lang === 'en' ? 'Please enter a valid phone number' : '请输入正确的手机号'),
  ).toBeVisible();
  await phone.fill('13912345678');
  await dialog.getByRole('button', { name: named(text(lang, 'common:ok')) }).click();
  await expect(page).toHaveURL(/\/warning\/ticketDetail\?id=\d+$/);
}

async function flow(page: Page, lang: UiLang, api: Parameters<typeof signInAs>[1]) {
  const login = await signInAs(page, api, ROLE.lessorAdmin);
  const devices = await api.call(deviceEndpoints.list, {
    token: login.token,
    query: { kind: 'aerialPlatform', pageSize: 5 },
  });
  const machine = devices.data.list.find((d: { editable: boolean }) => d.editable);
  const techs = await api.call(workOrderEndpoints.technicians, { token: login.token });
  const tech = techs.data.list.find((t: { mobile: string }) => t.mobile === '13800000007');
  const title = `${lang === 'en' ? 'Boom stops half way' : '臂架升到一半停止'} ${Date.now()}`;

  await page.goto('/warning/ticket');
  await expect(page.getByText(text(lang, 'work-orders:list.title')).first()).toBeVisible(FIRST_LOAD);
  await createThroughUi(page, lang, machine, title);

  await expect(page.getByText(title).first()).toBeVisible();
  // The order's own machine field (the closing create dialog may still show the machine for a moment).
  await expect(page.locator('.ant-descriptions').getByRole('link', { name: machine.serialNumber })).toHaveAttribute(
    'href',
    `/deviceManagement/detail?id=${machine.id}`,
  );
  await assignRepairResolve(page, lang, tech.name, lang === 'en' ? 'Worn seal' : '密封圈老化');
  // The expert library's cases for a hydraulic fault of an aerial platform, each a link to the case.
  const cases = page.locator('.ant-card').filter({ hasText: text(lang, 'components:matchingCases.title') });
  await expect(cases.getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/approvalManagement\/caselibraryDetail\?id=\d+$/,
  );
  for (const action of ['assign', 'repair', 'pay', 'resolve', 'suspend', 'close', 'edit']) {
    await expect(button(page, lang, `work-orders:actions.${action}`)).toHaveCount(0);
  }
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  // The labels are all in the page's language (the data, such as people's names, may be in either).
  const labels = await page.locator('.ant-descriptions-item-label, .ant-card-head-title').allTextContents();
  expect(labels.length).toBeGreaterThan(10);
  for (const label of labels) {
    if (lang === 'en') expect(label).not.toMatch(CHINESE);
    else expect(label.replace(/WO\d+/, '')).not.toMatch(/[A-Za-z]{3,}/);
  }
}

test.describe('work orders (English)', () => {
  test('create, assign, record the repair and resolve: each step on the timeline, nothing refused offered', async ({
    page,
    api,
  }) => {
    await flow(page, 'en', api);
  });

  test('a technician sees only their own work orders, as "My work orders", and cannot create or assign', async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.technician);
    const mine = await api.call(workOrderEndpoints.list, { token: login.token, query: { pageSize: 200 } });
    await page.goto('/warning/ticket');
    await expect(page.getByText(text('en', 'work-orders:list.mine')).first()).toBeVisible(FIRST_LOAD);
    // The sidebar's entry is "My work orders" too.
    expect(JSON.stringify(login.menus)).toContain('"My work orders"');
    await expect(dataRows(page).first()).toBeVisible();
    const rows = await dataRows(page).count();
    expect(rows).toBe(Math.min(mine.data.total, 20));
    for (let i = 0; i < rows; i += 1) await expect(dataRows(page).nth(i)).toContainText(login.name);
    await expect(button(page, 'en', 'work-orders:list.new')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Assign' })).toHaveCount(0);
    // Someone else's order is not found for them.
    const admin = await api.signIn(ROLE.lessorAdmin);
    const all = await api.call(workOrderEndpoints.list, { token: admin.token, query: { pageSize: 200 } });
    const other = all.data.list.find((o: { assigneeId: number | null }) => o.assigneeId !== login.uid);
    await page.goto(`/warning/ticketDetail?id=${other.id}`);
    await expect(page.getByText('The record does not exist').first()).toBeVisible();
  });

  test('"Create work order" in the alarm centre opens the form filled from the alarm, and the order links back', async ({
    page,
    api,
  }) => {
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/warning/all');
    const row = dataRows(page).first();
    await expect(row).toBeVisible(FIRST_LOAD);
    const serial = (await row.getByRole('link').first().textContent())!.trim();
    await row.getByRole('link', { name: text('en', 'warning:actions.workOrder') }).click();
    await expect(page).toHaveURL(/\/warning\/ticket\?fromAlarm=\d+$/);
    const dialog = page.getByRole('dialog', { name: text('en', 'work-orders:dialogs.createTitle') });
    await expect(dialog.getByText(/^From alarm #\d+: /)).toBeVisible();
    await expect(dialog.getByLabel(text('en', 'work-orders:fields.title'))).toHaveValue(new RegExp(`· ${serial}$`));
    await expect(dialog.locator('.ant-select').filter({ hasText: serial })).toBeVisible();
    await expect(dialog.getByLabel(text('en', 'work-orders:fields.content'))).not.toHaveValue('');
    await dialog.getByLabel(text('en', 'work-orders:fields.phone'), { exact: true }).fill('13912345678');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/warning\/ticketDetail\?id=\d+$/);
    await expect(
      page.locator('.ant-descriptions').getByText(text('en', 'codes:workOrderSource.alarm'), { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: text('en', 'work-orders:detail.openAlarm') })).toHaveAttribute(
      'href',
      /^\/warning\/all\?deviceId=\d+&alarmId=\d+$/,
    );
    await expect(page.getByRole('link', { name: serial })).toHaveAttribute(
      'href',
      /^\/deviceManagement\/detail\?id=\d+$/,
    );
  });
});

test.describe('work orders (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('the same flow in Chinese, and the technicians page links to their work orders', async ({ page, api }) => {
    await flow(page, 'zh-cn', api);
    await page.goto('/warning/worker');
    const row = dataRows(page).filter({ hasText: '13800000007' });
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row.getByRole('link', { name: text('zh-cn', 'work-orders:technicians.orders') })).toHaveAttribute(
      'href',
      /^\/warning\/ticket\?assigneeId=\d+$/,
    );
    await expect(page.locator('main')).not.toContainText(/\b(Work orders|Technicians|Region)\b/);
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
});
