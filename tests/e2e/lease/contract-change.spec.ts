import { eq } from 'drizzle-orm';
import { addDays, billingDaysBetween } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { issueLessorBills } from '@console/db/billing/issue';
import { refreshArrears } from '@console/db/billing/ledger';
import { contracts } from '@console/db/schema/lease';
import { dayInZone } from '@console/server/src/lib/time';
import type { Api } from '../../fixtures/e2e-api.ts';
import {
  contractForNewRenter,
  handOver,
  handOverOne,
  machinesNeverLeased,
  runBilling,
  signAtProvider,
  withLeaseDb,
} from '../../fixtures/e2e-lease.ts';
import { confirmPopover, expect, goInConsole, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * Issue 14's contract change, as the rental company's administrator does it in the console: on a contract in
 * execution a change adds a machine from today, is approved, signed by both parties on the provider's pages and so
 * comes into force; the machine is delivered under the contract, and the contract's next bill carries it
 * (docs/decisions/041-contract-changes.md).
 */

/** The demo lessor has no billing zone of its own: its days are Beijing's (server/src/billing/zone.ts). */
const BILLING_ZONE = 'Asia/Shanghai';

/**
 * A renter of the demo lessor with a contract in execution, reached through the product's moves: signed, one machine
 * (`serial`) delivered at 100.00 a day ten days before the contract's last billing day, and that day's bill issued.
 * Its next billing day is tomorrow (the 1st when tomorrow is past the 28th), so nothing more is due today and the
 * server's scheduler issues nothing of it meanwhile.
 */
async function runningLease(api: Api, name: string, serial: string) {
  const today = dayInZone(Date.now(), BILLING_ZONE);
  const tomorrow = Number(addDays(today, 1).slice(8));
  const billingDay = tomorrow <= 28 ? tomorrow : 1;
  const lastBilling = billingDaysBetween(addDays(today, -31), today, billingDay).at(-1)!;
  const nextBilling = billingDaysBetween(today, addDays(today, 31), billingDay)[0]!;
  const startOn = addDays(lastBilling, -10);
  const lease = await contractForNewRenter(api, {
    name,
    serials: [serial],
    startOn,
    endOn: addDays(today, 300),
    billingDay,
    // The first bill is not overdue yet: no arrears step locks the machine meanwhile.
    dueDays: 45,
  });
  await handOver(api, lease, 'entry', startOn);
  await runBilling(api, lease);
  return { ...lease, lastBilling, nextBilling };
}

/**
 * The billing moves on to the contract's next billing day: its bill is issued now, as the scheduler will issue it
 * on that day, for this contract only; the lessor's other renters' arrears stay as of today.
 */
async function billNextBillingDay(lease: Awaited<ReturnType<typeof runningLease>>): Promise<string> {
  await withLeaseDb((db) =>
    db.transaction(async (tx) => {
      const { lessorOrgId } = (await tx.select().from(contracts).where(eq(contracts.id, lease.contractId)).get())!;
      await issueLessorBills(tx, lessorOrgId, lease.nextBilling, lease.contractId);
      await refreshArrears(tx, lessorOrgId, dayInZone(Date.now(), BILLING_ZONE));
    }),
  );
  // Bills are numbered after the contract and the month their period ends in (db/billing/issue.ts).
  return `${lease.number}-${addDays(lease.nextBilling, -1).slice(0, 7).replace('-', '')}`;
}

test('a change adds a machine to a contract in execution: approved, signed, delivered and on the next bill', async ({
  page,
  api,
}) => {
  const lang: UiLang = 'en';
  const t = (key: string) => text(lang, `lease-changes:${key}`);
  const c = (key: string) => text(lang, `lease-contracts:${key}`);
  const status = (key: string) => text(lang, `codes:contractStatus.${key}`);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Change Works ${stamp}`;

  // Two machines in stock never on lease (the first is delivered on a past day).
  const [original, added] = (await machinesNeverLeased(api, 2)) as [string, string];
  const lease = await runningLease(api, name, original);

  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(`/leaseCenter/contractDetail?id=${lease.contractId}`);
  // The company's today, as its forms and bills take it: from 16:00 UTC on it is the browser's tomorrow.
  const today = dayInZone(Date.now(), BILLING_ZONE);
  const changeStatus = page.getByTestId('change-status');
  let changeUrl = '';
  let number = '';

  await test.step('write the change from the contract’s page: a machine in stock, from today', async () => {
    await expect(page.getByTestId('contract-status')).toHaveText(status('inExecution'));
    await page.getByRole('button', { name: c('detail.newChange') }).click();
    await expect(page).toHaveURL(new RegExp(`/leaseCenter/addChangeContract\\?contractId=${lease.contractId}$`));
    const form = page.locator('form#change-form');
    await expect(
      form.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: t('form.contract') }) }),
    ).toContainText(lease.number);
    const effectiveOn = form.getByLabel(t('form.effectiveOn'), { exact: true });
    await effectiveOn.fill(today);
    await effectiveOn.press('Enter');
    await form.getByRole('button', { name: t('form.addLine') }).click();
    const line = form.getByTestId('change-line');
    const machine = line.getByRole('combobox', { name: t('form.machineInStock'), exact: true });
    await machine.click();
    await machine.fill(added);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: added }).click();
    await expect(
      line.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: t('form.machineInStock') }) }),
    ).toContainText(added);
    await line.getByLabel(t('form.dayPrice'), { exact: true }).fill('120');
    await page.getByRole('button', { name: t('form.saveSubmit') }).click();

    await expect(page).toHaveURL(/\/leaseCenter\/contractChangeDetail\?id=\d+$/);
    changeUrl = page.url();
    await expect(changeStatus).toHaveText(status('pendingReview'));
    number = await page.getByTestId('change-number').innerText();
    await expect(page.getByRole('row').filter({ hasText: added })).toContainText(text(lang, 'codes:changeOp.add'));
  });

  await test.step('approve it and send it for signing with the company’s seal', async () => {
    await page.getByRole('button', { name: c('actions.approve') }).click();
    await confirmPopover(page);
    await expect(changeStatus).toHaveText(status('awaitingSignInitiation'));
    await page.getByRole('button', { name: c('actions.startSigning') }).click();
    const dialog = page.getByRole('dialog');
    const seal = dialog.getByRole('combobox', { name: c('dialogs.seal'), exact: true });
    await seal.click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
    await seal.press('Enter');
    await dialog.getByRole('button', { name: c('actions.startSigning') }).click();
    await expect(changeStatus).toHaveText(status('awaitingLesseeSign'));
  });

  await test.step('the lessee and the lessor sign on the provider’s pages: the change is in force', async () => {
    await signAtProvider(page, lang, 'lessee', name);
    // The provider's callbacks move the change on, and its open detail page follows them without a reload.
    await expect(changeStatus).toHaveText(status('awaitingLessorSign'));
    await signAtProvider(page, lang, 'lessor', 'Signing officer');
    await expect(changeStatus).toHaveText(status('inExecution'));
    await expect(page.getByTestId('timeline-event').last()).toContainText(c('events.lessorSigned'));
  });

  await test.step('the contract has the machine and names the change; the change record lists it', async () => {
    await page.getByRole('button', { name: t('detail.contractLink') }).click();
    await expect(page).toHaveURL(new RegExp(`/leaseCenter/contractDetail\\?id=${lease.contractId}$`));
    await expect(page.getByTestId('contract-number')).toHaveText(lease.number);
    // Its lines: the machine it had, and the one the change added, in force from today; the lines add up to the total.
    const lines = page.locator('.ant-card').filter({ has: page.getByText(c('form.lines'), { exact: true }) });
    await expect(lines.getByRole('row').filter({ hasText: added })).toContainText(`${today} ~`);
    const amounts = await lines
      .locator('.ant-table-row')
      .evaluateAll((rows) => rows.map((r) => r.lastElementChild?.textContent ?? ''));
    const cents = (money: string) => Math.round(Number(money.replace(/[^\d.]/g, '')) * 100);
    const sum = amounts.reduce((s, a) => s + cents(a), 0);
    expect(sum).toBe(cents((await page.getByTestId('contract-total').textContent()) ?? ''));
    await expect(page.getByTestId('contract-change').filter({ hasText: number })).toContainText(status('inExecution'));
    await expect(page.getByTestId('timeline-event').filter({ hasText: c('events.changed') })).toContainText(number);
    await page.getByRole('link', { name: c('detail.allChanges') }).click();
    await expect(page).toHaveURL(new RegExp(`/leaseCenter/contractChangeRecord\\?contractId=${lease.contractId}$`));
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText(status('inExecution'));
    await expect(row).toContainText(text(lang, 'codes:changeKind.add'));
  });

  await test.step('deliver the added machine under the contract', async () => {
    await goInConsole(page, `/leaseCenter/contractDetail?id=${lease.contractId}`);
    await handOverOne(page, lang, 'entry', added);
  });

  await test.step('the contract’s next bill carries the added machine from today, beside its own', async () => {
    const bill = await billNextBillingDay(lease);
    await goInConsole(page, `/financeCenter/billRecord?renterId=${lease.renterId}`);
    await page
      .getByRole('row')
      .filter({ hasText: bill })
      .getByRole('button', { name: text(lang, 'lease-billing:ledger.openBill') })
      .click();
    const drawer = page.getByRole('dialog', { name: text(lang, 'lease-billing:bill.detailTitle') });
    await expect(drawer).toContainText(bill);
    const last = addDays(lease.nextBilling, -1);
    const addedLine = drawer.getByRole('row').filter({ hasText: added });
    await expect(addedLine).toContainText(today);
    await expect(addedLine).toContainText(last);
    const ownLine = drawer.getByRole('row').filter({ hasText: original });
    await expect(ownLine).toContainText(lease.lastBilling);
    await expect(ownLine).toContainText(last);
  });

  await test.step('the spec’s spelling of the detail’s address shows the same change', async () => {
    await page.goto(changeUrl.replace('/contractChangeDetail', '/ontractChangeDetail'));
    await expect(page).toHaveURL(/\/leaseCenter\/ontractChangeDetail\?id=\d+$/);
    await expect(page.getByTestId('change-number')).toHaveText(number);
    await expect(changeStatus).toHaveText(status('inExecution'));
    await expect(page.getByRole('row').filter({ hasText: added })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
});
