import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverEndpoints, type HandoverOptions } from '@console/contract/http/lease-handover';
import { addDays } from '@console/contract/codes/lease-billing';
import { dayInZone } from '@console/server/src/lib/time';
import type { Api } from '../../fixtures/e2e-api.ts';
import { contractForNewRenter, handOver, machinesNeverLeased } from '../../fixtures/e2e-lease.ts';
import { expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * Issue 13's delivery and return, as the rental company's administrator does them: from a contract in execution,
 * deliver two machines and confirm, see them on lease among the lease periods, return one with damage and open the
 * work order the return raised (docs/decisions/035-lease-handover.md).
 */
const words = (lang: UiLang) => (key: string, params?: Record<string, string | number>) =>
  text(lang, `lease-handover:${key}`, params);

/** A contract in execution with two lines that can each deliver a machine now (the seed returned two early). */
async function contractWithTwoFree(api: Api, skip: number[]) {
  const admin = await api.signIn(ROLE.lessorAdmin);
  const running = (
    await api.call(leaseContractEndpoints.list, { token: admin.token, query: { status: 7, pageSize: 200 } })
  ).data.list as { id: number }[];
  for (const c of running.filter((r) => !skip.includes(r.id))) {
    const options = (
      await api.call(leaseHandoverEndpoints.options, { token: admin.token, query: { contractId: c.id, kind: 'entry' } })
    ).data as HandoverOptions;
    const free = options.lines.filter((l) => l.onLease < l.count && l.candidates.length > 0);
    if (free.length >= 2) return { id: c.id, lines: free.slice(0, 2) };
  }
  throw new Error('no contract in execution with two machines to deliver in the seed');
}

/** Pick the line's machine in the delivery or return dialog. */
async function pickMachine(page: Page, lineId: number, serial: string) {
  const select = page.getByRole('dialog').getByTestId(`line-${lineId}`);
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(serial, { exact: true }).click();
  await select.press('Escape');
}

async function flow(page: Page, api: Api, lang: UiLang, used: number[]) {
  // Two deliveries' worth of dialogs, confirmations and lists on a machine shared with other runs.
  test.setTimeout(240_000);
  const t = words(lang);
  const contract = await contractWithTwoFree(api, used);
  used.push(contract.id);
  const [first, second] = contract.lines.map((l) => ({ lineId: l.lineId, serial: l.candidates[0]!.serialNumber }));

  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(`/leaseCenter/contractDetail?id=${contract.id}`);
  await page.getByRole('button', { name: t('periods.deliver') }).click();
  for (const m of [first!, second!]) await pickMachine(page, m.lineId, m.serial);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('fields.deliveredBy')).fill(lang === 'en' ? 'Tom Harris' : '张师傅');
  await dialog.getByRole('button', { name: t('form.saveDraft') }).click();
  await expect(page).toHaveURL(/\/leaseCenter\/enterDetail\?id=\d+$/);
  await expect(page.getByTestId('handover-state')).toHaveText(text(lang, 'codes:handoverState.draft'));
  await page.getByRole('button', { name: t('actions.confirm') }).click();
  await page.getByRole('button', { name: text(lang, 'common:ok') }).click();
  await expect(page.getByTestId('handover-state')).toHaveText(text(lang, 'codes:handoverState.confirmed'));

  // Both are on lease among the lease periods.
  for (const m of [first!, second!]) {
    await page.goto(`/leaseCenter/deviceLeasePeriod?keyword=${m.serial}&state=open`);
    await expect(page.locator('.ant-table-row').filter({ hasText: m.serial })).toContainText(
      text(lang, 'codes:periodState.open'),
    );
  }

  // One comes back damaged: the return raises its work order.
  await page.goto(`/leaseCenter/contractDetail?id=${contract.id}`);
  await page.getByRole('button', { name: t('periods.return') }).click();
  await pickMachine(page, first!.lineId, first!.serial);
  const damage = lang === 'en' ? 'Guard rail bent' : '护栏变形';
  await page
    .getByRole('dialog')
    .getByLabel(t('form.damageOf', { serial: first!.serial }))
    .fill(damage);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('form.saveDraft') })
    .click();
  await expect(page).toHaveURL(/\/leaseCenter\/quitDetail\?id=\d+$/);
  await page.getByRole('button', { name: t('actions.confirm') }).click();
  await page.getByRole('button', { name: text(lang, 'common:ok') }).click();
  await expect(page.getByTestId('handover-state')).toHaveText(text(lang, 'codes:handoverState.confirmed'));
  const order = page.getByTestId('damage-work-order');
  await expect(order).toHaveText(/^WO\d{12}$/);
  const number = await order.innerText();
  await order.click();
  await expect(page).toHaveURL(/\/warning\/ticketDetail\?id=\d+$/);
  await expect(page.locator('body')).toContainText(number);
  await expect(page.locator('body')).toContainText(damage);

  await page.goto(`/leaseCenter/deviceLeasePeriod?keyword=${first!.serial}`);
  await expect(page.locator('.ant-table-row').filter({ hasText: first!.serial }).first()).toContainText(
    text(lang, 'codes:periodState.ended'),
  );
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
}

const used: number[] = [];

test('deliver two machines under a contract in execution, see their lease periods, return one with damage and open its work order', async ({
  page,
  api,
}) => {
  await flow(page, api, 'en', used);
});

test.describe('in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
  test('进场两台设备、查看租期、一台带损坏退场并打开其工单', async ({ page, api }) => {
    await flow(page, api, 'zh-cn', used);
  });
});

test('a desk in another time zone sees the lessor’s days: days on lease and the day a receipt is received', async ({
  browser,
  api,
}) => {
  const h = words('en');
  // The demo lessor keeps its days on Beijing time; the browser sits in a zone where it is another day now.
  const today = dayInZone(Date.now(), 'Asia/Shanghai');
  const zone = ['America/Los_Angeles', 'Pacific/Pago_Pago', 'Pacific/Kiritimati'].find(
    (z) => dayInZone(Date.now(), z) !== today,
  )!;
  const lease = await contractForNewRenter(api, {
    name: `Far Desk Works ${Date.now().toString(36).toUpperCase()}`,
    serials: await machinesNeverLeased(api, 1),
    startOn: addDays(today, -10),
    endOn: addDays(today, 30),
    billingDay: 1,
    dueDays: 10,
  });
  await handOver(api, lease, 'entry', addDays(today, -10));

  const context = await browser.newContext({ timezoneId: zone, locale: 'en-US' });
  const page = await context.newPage();
  await signInAs(page, api, ROLE.lessorStaff);

  // On lease since ten days before the lessor's today: 11 days, both ends counted, and 30 days left.
  await page.goto(`/leaseCenter/deviceLeasePeriod?contractId=${lease.contractId}`);
  const row = page.getByRole('row').filter({ hasText: lease.lines[0]!.serial });
  await expect(row).toBeVisible();
  const headers = (await page.getByRole('columnheader').allTextContents()).map((c) => c.trim());
  await expect(row.getByRole('cell').nth(headers.indexOf(h('fields.days')))).toHaveText('11');
  await expect(row.getByRole('cell').nth(headers.indexOf(h('fields.daysLeft')))).toHaveText('30');

  // A receipt is received on the lessor's today unless told otherwise, not on the browser's.
  await page.goto(`/leaseCenter/receiptRecord?renterId=${lease.renterId}`);
  const receivedOn = page.getByLabel(text('en', 'lease-billing:receipt.receivedOn'), { exact: true });
  await expect(receivedOn).toHaveValue(today);
  await context.close();
});
