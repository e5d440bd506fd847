import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { riskEndpoints } from '@console/contract/http/risk';
import { dayInZone } from '@console/server/src/lib/time';
import {
  contractForNewRenter,
  handOver,
  machinesNeverLeased,
  runBilling,
  switchArrearsLockingOn,
} from '../../fixtures/e2e-lease.ts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

/**
 * What arrears will do, seen before it happens (decision 039, issue 32): a contract whose bill has been overdue three
 * days shows on its page the steps its machine will take and on which days, under the lessor's default steps; the
 * lock day settings' preview says when it shows only its first rows, and finds the contract's machine by the
 * contract's number or the machine's serial.
 */

/** The demo lessor has no billing zone of its own: its days are Beijing's (server/src/billing/zone.ts). */
const BILLING_ZONE = 'Asia/Shanghai';
/** The default arrears steps (db/schema/risk.ts), in days overdue. */
const PRE_LOCK_1 = 7;
const LOCK_1 = 15;
const PRE_LOCK_2 = 30;

/** A console text with its numbers left open (`{{total}}` matches any), to find what carries it. */
const withNumbers = (shown: string) =>
  new RegExp(shown.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '\\d+'));

test('a contract three days in arrears shows its next steps, and the lock preview finds its machine', async ({
  page,
  api,
}) => {
  const b = (key: string, params?: Record<string, string | number>) => text('en', `lease-billing:${key}`, params);
  const r = (key: string, params?: Record<string, string | number>) => text('en', `risk:${key}`, params);
  const level = (key: string) => text('en', `codes:lockLevel.${key}`);
  const today = dayInZone(Date.now(), BILLING_ZONE);
  // A billing day at least ten days ago (at most the 28th of its month), its bill due three days ago.
  let ago = 10;
  while (Number(addDays(today, -ago).slice(8)) > 28) ago += 1;
  const billingOn = addDays(today, -ago);
  const dueOn = addDays(today, -3);
  const [serial] = (await machinesNeverLeased(api, 1)) as [string];
  const lease = await contractForNewRenter(api, {
    name: `Next Steps Works ${Date.now().toString(36).toUpperCase()}`,
    serials: [serial],
    startOn: addDays(billingOn, -8),
    endOn: addDays(today, 300),
    billingDay: Number(billingOn.slice(8)),
    dueDays: ago - 3,
  });
  // Delivered eight days before the billing day: that day's bill of 800.00 falls due three days ago.
  await handOver(api, lease, 'entry', addDays(billingOn, -8));
  await runBilling(api, lease);
  await switchArrearsLockingOn(api, lease.token);
  const steps = [
    { day: addDays(dueOn, PRE_LOCK_1), level: level('firstPreLock'), days: PRE_LOCK_1 },
    { day: addDays(dueOn, LOCK_1), level: level('firstLock'), days: LOCK_1 },
    { day: addDays(dueOn, PRE_LOCK_2), level: level('secondPreLock'), days: PRE_LOCK_2 },
  ];

  await signInAs(page, api, ROLE.lessorAdmin);

  await test.step('the contract’s page: what is overdue, and what happens to its machine on which day', async () => {
    await page.goto(`/leaseCenter/contractDetail?id=${lease.contractId}`);
    const arrears = page.getByTestId('contract-arrears');
    const item = (label: string) =>
      arrears
        .locator('.ant-descriptions-item')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('.ant-descriptions-item-content');
    await expect(item(b('arrears.overdue'))).toHaveText('800.00');
    await expect(item(b('arrears.daysOverdue'))).toHaveText('3');
    const next = arrears.getByTestId('arrears-next-steps');
    for (const step of steps) {
      const line = next.locator('.ant-space').filter({ hasText: step.day }).filter({ hasText: serial });
      await expect(line).toContainText(step.level);
      await expect(line).toContainText(b('arrears.daysOverdueThen', { count: step.days }));
    }
    // The second-level lock, 45 days overdue, lies beyond the 30 days shown.
    await expect(next).not.toContainText(addDays(dueOn, 45));
  });

  await test.step('the lock preview says it shows its first rows, and finds the machine by contract or serial', async () => {
    await page.goto('/riskManagement/lockDays');
    await expect(page.getByRole('switch', { name: r('lockDays.arrearsEnabled') })).toBeChecked();
    await page.getByRole('button', { name: r('lockDays.preview') }).click();
    // The demo lessor's renters in arrears: more steps than the preview lists, and it says so.
    const arrearsCard = page.locator('.ant-card').filter({ hasText: withNumbers(r('lockDays.arrearsPreviewTitle')) });
    await expect(arrearsCard.getByRole('alert')).toHaveText(withNumbers(r('lockDays.firstRows', { shown: 200 })));

    const keyword = page.getByLabel(r('lockDays.previewKeyword'), { exact: true });
    for (const word of [lease.number, serial]) {
      await keyword.fill(word);
      // The second search shows the same rows as the first: wait for its own answer.
      const answered = page.waitForResponse((response) => response.url().includes(riskEndpoints.previewLockDays.path));
      await keyword.press('Enter');
      await answered;
      // Only the contract's steps are left, all of them on the one page: nothing is cut.
      await expect(arrearsCard.locator('.ant-table-row').filter({ hasNotText: lease.number })).toHaveCount(0);
      await expect(arrearsCard.getByRole('alert')).toHaveCount(0);
      for (const step of steps) {
        const row = arrearsCard.locator('.ant-table-row').filter({ hasText: step.day });
        await expect(row).toContainText(lease.number);
        await expect(row).toContainText(serial);
        await expect(row).toContainText(step.level);
      }
    }
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
});
