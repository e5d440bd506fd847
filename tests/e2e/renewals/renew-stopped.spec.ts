import { randomUUID } from 'node:crypto';
import { and, desc, eq, notExists } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { organisations } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { renewalLines } from '@console/db/schema/renewals';
import { lockDayMarks } from '@console/db/schema/risk';
import { withLeaseDb } from '../../fixtures/e2e-lease.ts';
import {
  brandOrigin,
  expect,
  openTab,
  RAW_KEY,
  searchList,
  signInAs,
  signInButton,
  test,
  text,
} from '../../fixtures/e2e.ts';
import { forEachInOrder } from '@console/db/in-order';

const DAY = 86_400_000;
const iso = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);

/**
 * Three machines of a rental company whose service stopped five days ago and that the lock day setting locked for
 * it, written into the e2e server's database; their host names share `tag`. Each flow takes them from its own slice
 * of the fleet (`slice`), and never one a flow already stopped (its retry, or a run before on the same database): two
 * flows on one machine would renew each other's.
 */
async function stoppedAndLocked(tag: string, slice: number): Promise<string[]> {
  return withLeaseDb(async (db) => {
    const lessor = (await db.select().from(organisations).where(eq(organisations.kind, 'lessor')).get())!;
    const expiry = iso(Date.now() - 5 * DAY);
    const machines = await db
      .select({ id: devices.id, serialNumber: devices.serialNumber })
      .from(devices)
      .where(
        and(
          eq(devices.orgId, lessor.id),
          eq(devices.sleeping, false),
          notExists(db.select().from(lockDayMarks).where(eq(lockDayMarks.deviceId, devices.id))),
        ),
      )
      .orderBy(desc(devices.id))
      .limit(3)
      .offset(20 + slice * 15)
      .all();
    await forEachInOrder(machines, async (m, i) => {
      await db
        .update(devices)
        .set({ hostName: `${tag}-${i + 1}`, serviceExpiresAt: expiry, lockLevel: 'lock1' })
        .where(eq(devices.id, m.id))
        .run();
      await db.insert(lockDayMarks).values({ deviceId: m.id, level: 2, serviceExpiresAt: expiry, taskId: 0 }).run();
      // The setting's lock, still on its way (the simulator reports the machines' own lock level).
      await db
        .insert(commands)
        .values({
          id: randomUUID(),
          deviceId: m.id,
          orgId: lessor.id,
          type: 'lock',
          lockLevel: 'lock1',
          lockMode: 'unconditional',
          state: 'queued',
          expiresAt: new Date(Date.now() + DAY),
          createdAt: new Date(),
        })
        .run();
    });
    return machines.map((m) => m.serialNumber);
  });
}

test('finance renews three machines whose service stopped; they are renewed and sent an unlock', async ({
  page,
  api,
}) => {
  const lang = 'en';
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `renewals:${key}`, params);
  const tag = `RENEW${Date.now().toString(36).toUpperCase()}`;
  const serials = await stoppedAndLocked(tag, 0);
  await signInAs(page, api, ROLE.finance);

  await page.goto('/financeCenter/renewDevice?expiry=0');
  // The operator keeps a price list per currency its brands bill in: the Australian one has its own figures.
  await page.getByRole('button', { name: t('prices.title') }).click();
  const prices = page.getByRole('dialog', { name: t('prices.title') });
  await expect(prices.getByRole('tab')).toHaveText([
    t('prices.currencyTab', { currency: 'CNY' }),
    t('prices.currencyTab', { currency: 'AUD' }),
  ]);
  await expect(
    prices.getByRole('spinbutton', { name: `CNY ${t('kind.device')} ${t('renew.monthCount', { count: 1 })}` }),
  ).toHaveValue('30.00');
  await prices.getByRole('tab', { name: t('prices.currencyTab', { currency: 'AUD' }) }).click();
  await expect(
    prices.getByRole('spinbutton', { name: `AUD ${t('kind.device')} ${t('renew.monthCount', { count: 1 })}` }),
  ).toHaveValue('9.00');
  await prices.getByRole('button', { name: 'Close' }).click();

  await searchList(page, page.getByLabel(t('item.keyword'), { exact: true }), tag);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await row.getByRole('checkbox').check();

  await page.getByRole('button', { name: t('renew.selected', { count: 3 }) }).click();
  const dialog = page.getByRole('dialog', { name: t('renew.title', { count: 3 }) });
  await expect(dialog).toContainText(serials[0]!);
  // The operator's finance received the payment: renewed at once for the longest period offered.
  await expect(dialog.getByRole('checkbox', { name: t('renew.payNow') })).toBeChecked();
  await expect(dialog.getByTestId('renew-total')).toContainText('900.00');
  await dialog.getByRole('button', { name: t('renew.submit') }).click();
  await expect(page.getByText(t('renew.renewed')).first()).toBeVisible();

  // No longer stopped: the window filter leaves them out.
  await expect(rows).toHaveCount(0);
  // The history holds the order, renewed, each machine sent its unlock.
  await openTab(page, t('tabs.orders'));
  await searchList(page, page.getByLabel(t('order.keyword'), { exact: true }), serials[1]!);
  const order = page.getByRole('row').filter({ hasText: serials[1]! });
  await expect(order).toContainText(t('state.renewed'));
  await order.getByRole('button', { name: /^XF\d+$/ }).click();
  await expect(page.getByRole('cell', { name: t('order.unlockSent'), exact: true })).toHaveCount(3);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});

test('the rental company renews three stopped machines and pays on the payment provider’s page; the notification renews them', async ({
  page,
  api,
}) => {
  const lang = 'en';
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `renewals:${key}`, params);
  const tag = `PAYON${Date.now().toString(36).toUpperCase()}`;
  const serials = await stoppedAndLocked(tag, 1);
  await signInAs(page, api, ROLE.lessorAdmin);

  await page.goto('/financeCenter/renewDevice?expiry=0');
  await searchList(page, page.getByLabel(t('item.keyword'), { exact: true }), tag);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: t('renew.selected', { count: 3 }) }).click();
  const dialog = page.getByRole('dialog', { name: t('renew.title', { count: 3 }) });
  await dialog.getByRole('button', { name: t('renew.submit') }).click();
  await expect(page.getByText(t('renew.created')).first()).toBeVisible();

  // The order waits for payment; the company pays it online.
  await openTab(page, t('tabs.orders'));
  await searchList(page, page.getByLabel(t('order.keyword'), { exact: true }), serials[0]!);
  const order = page.getByRole('row').filter({ hasText: serials[0]! });
  await expect(order).toContainText(t('state.pending'));
  await order.getByRole('button', { name: t('payOnline.action') }).click();
  await expect(page.getByRole('img', { name: 'QR' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid');
  await page.getByRole('link', { name: 'Back to the merchant' }).click();

  // The provider's notification renewed them and sent each its unlock.
  await searchList(page, page.getByLabel(t('order.keyword'), { exact: true }), serials[0]!);
  await expect(order).toContainText(t('state.renewed'));
  await order.getByRole('button', { name: /^XF\d+$/ }).click();
  await expect(page.getByRole('cell', { name: t('order.unlockSent'), exact: true })).toHaveCount(3);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});

/**
 * A machine of Northwind's (the global brand's Australian company) whose service stopped five days ago, in no renewal
 * order yet (a retry, or a run before on the same database, takes another); its host name is `tag`.
 */
async function northwindStopped(tag: string): Promise<string> {
  return withLeaseDb(async (db) => {
    const northwind = (await db
      .select()
      .from(organisations)
      .where(and(eq(organisations.kind, 'lessor'), eq(organisations.name, 'Northwind Equipment Hire')))
      .get())!;
    const machine = (await db
      .select({ id: devices.id, serialNumber: devices.serialNumber })
      .from(devices)
      .where(
        and(
          eq(devices.orgId, northwind.id),
          notExists(db.select().from(renewalLines).where(eq(renewalLines.itemId, devices.id))),
        ),
      )
      .orderBy(desc(devices.id))
      .limit(1)
      .offset(12)
      .get())!;
    await db
      .update(devices)
      .set({ hostName: tag, serviceExpiresAt: iso(Date.now() - 5 * DAY) })
      .where(eq(devices.id, machine.id))
      .run();
    return machine.serialNumber;
  });
}

/** Any sign of yuan: the Australian company is billed in Australian dollars only. */
const YUAN = /[¥元]|CNY|RMB/;

test('Northwind’s administrator renews on the English brand and reads every price and amount in Australian dollars', async ({
  page,
}) => {
  const lang = 'en';
  const t = (key: string, params?: Record<string, string | number>) => text(lang, `renewals:${key}`, params);
  const tag = `AUREN${Date.now().toString(36).toUpperCase()}`;
  const serial = await northwindStopped(tag);
  const origin = brandOrigin('liftgo');
  await page.goto(`${origin}/login`);
  await page
    .getByLabel(text(lang, 'auth:fields.account'), { exact: true })
    .fill(globalDemoAccount(ROLE.lessorAdmin).account);
  await page.getByLabel(text(lang, 'auth:fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await signInButton(page).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${origin}/financeCenter/renewDevice?expiry=0`);
  // The price list the company reads is the Australian one: A$9.00 a machine for a month.
  await page.getByRole('button', { name: t('prices.title') }).click();
  const prices = page.getByRole('dialog', { name: t('prices.title') });
  await expect(prices.getByRole('row', { name: t('renew.monthCount', { count: 1 }) })).toContainText('A$9.00');
  await expect(prices).not.toContainText(YUAN);
  await prices.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  await searchList(page, page.getByLabel(t('item.keyword'), { exact: true }), tag);
  const row = page.getByRole('row').filter({ hasText: tag });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: t('renew.action'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('renew.title', { count: 1 }) });
  // A year is ten months of the Australian list.
  await expect(dialog.getByTestId('renew-total')).toContainText('A$90.00');
  await expect(dialog).not.toContainText(YUAN);
  await dialog.getByRole('button', { name: t('renew.submit') }).click();
  await expect(page.getByText(t('renew.created')).first()).toBeVisible();

  // The order waits for payment, in AUD, in the history and in its detail.
  await openTab(page, t('tabs.orders'));
  await searchList(page, page.getByLabel(t('order.keyword'), { exact: true }), serial);
  const order = page.getByRole('row').filter({ hasText: serial });
  await expect(order).toContainText(t('state.pending'));
  await expect(order).toContainText('A$90.00');
  await expect(order).toContainText('AUD');
  await expect(page.getByRole('main')).not.toContainText(YUAN);
  await order.getByRole('button', { name: /^XF\d+$/ }).click();
  const drawer = page.getByRole('dialog', { name: t('order.detailTitle') });
  await expect(drawer.getByRole('row').filter({ hasText: serial })).toContainText('A$90.00');
  await expect(drawer).not.toContainText(YUAN);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
