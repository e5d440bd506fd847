import type { Page } from '@playwright/test';
import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { translate } from '@console/contract/messages/translate';
import { dayInZone } from '@console/server/src/lib/time';
import {
  contractForNewRenter,
  handOver,
  machinesNeverLeased,
  signAtProvider,
  startSigningInConsole,
} from '../../fixtures/e2e-lease.ts';
import { confirmPopover, expect, goInConsole, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * One change of a contract at a time (decision 059's addendum to 041), and the lease periods a reprice from a later
 * day leaves: while a change repricing the contract's machine from a later day is out for signing, a second change is
 * refused with the change and its status named; once the first is signed, the machine's periods read as of today,
 * the one cut at the new terms' eve still on lease and the one from the new terms not started.
 */

/** The demo lessor has no billing zone of its own: its days are Beijing's (server/src/billing/zone.ts). */
const BILLING_ZONE = 'Asia/Shanghai';

/** On the open contract's page, write a change repricing its one machine from `effectiveOn`, up to its buttons. */
async function writeReprice(page: Page, lang: UiLang, serial: string, effectiveOn: string) {
  const t = (key: string) => text(lang, `lease-changes:${key}`);
  await page.getByRole('button', { name: text(lang, 'lease-contracts:detail.newChange') }).click();
  await expect(page).toHaveURL(/\/leaseCenter\/addChangeContract\?contractId=\d+$/);
  const form = page.locator('form#change-form');
  const day = form.getByLabel(t('form.effectiveOn'), { exact: true });
  await day.fill(effectiveOn);
  await day.press('Enter');
  await form.getByRole('button', { name: t('form.addLine') }).click();
  const line = form.getByTestId('change-line');
  await line.getByRole('combobox', { name: t('fields.op'), exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle(text(lang, 'codes:changeOp.reprice'), { exact: true })
    .click();
  await line.getByRole('combobox', { name: t('form.line'), exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: serial }).click();
  await line.getByLabel(t('form.dayPrice'), { exact: true }).fill('120');
}

test('a second change waits for the one being signed; a reprice from a later day leaves periods read as of today', async ({
  page,
  api,
}) => {
  const lang: UiLang = 'en';
  const c = (key: string) => text(lang, `lease-contracts:${key}`);
  const h = (key: string) => text(lang, `lease-handover:${key}`);
  const status = (key: string) => text(lang, `codes:contractStatus.${key}`);
  const name = `One Change Works ${Date.now().toString(36).toUpperCase()}`;
  const today = dayInZone(Date.now(), BILLING_ZONE);
  const startOn = addDays(today, -5);
  const endOn = addDays(today, 200);
  // The new price starts on a later day; the period before it ends on that day's eve.
  const repricedOn = addDays(today, 5);
  const [serial] = (await machinesNeverLeased(api, 1)) as [string];
  const lease = await contractForNewRenter(api, {
    name,
    serials: [serial],
    startOn,
    endOn,
    billingDay: 1,
    // Nothing falls due meanwhile: no arrears step moves the machine.
    dueDays: 45,
  });
  await handOver(api, lease, 'entry', startOn);

  await signInAs(page, api, ROLE.lessorAdmin);
  await page.goto(`/leaseCenter/contractDetail?id=${lease.contractId}`);
  await expect(page.getByTestId('contract-status')).toHaveText(status('inExecution'));
  const changeStatus = page.getByTestId('change-status');
  let changeUrl = '';
  let number = '';

  await test.step('reprice the machine from a later day, approve the change and send it for signing', async () => {
    await writeReprice(page, lang, serial, repricedOn);
    await page.getByRole('button', { name: text(lang, 'lease-changes:form.saveSubmit') }).click();
    await expect(page).toHaveURL(/\/leaseCenter\/contractChangeDetail\?id=\d+$/);
    changeUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    number = await page.getByTestId('change-number').innerText();
    await expect(changeStatus).toHaveText(status('pendingReview'));
    await page.getByRole('button', { name: c('actions.approve') }).click();
    await confirmPopover(page);
    await expect(changeStatus).toHaveText(status('awaitingSignInitiation'));
    await startSigningInConsole(page, lang);
    await expect(changeStatus).toHaveText(status('awaitingLesseeSign'));
  });

  await test.step('a second change is refused while the first is out for signing, naming it', async () => {
    await goInConsole(page, `/leaseCenter/contractDetail?id=${lease.contractId}`);
    await expect(page.getByTestId('contract-number')).toHaveText(lease.number);
    await writeReprice(page, lang, serial, addDays(repricedOn, 1));
    await page.getByRole('button', { name: text(lang, 'lease-changes:form.save'), exact: true }).click();
    const refusal = translate('en_US', 'change.anotherInFlight', {
      number,
      status: translate('en_US', 'lease.status.5'),
    });
    await expect(page.getByText(refusal)).toBeVisible();
    // Nothing was written: the form stays, and the contract still has the one change.
    await expect(page).toHaveURL(/\/leaseCenter\/addChangeContract\?contractId=\d+$/);
  });

  await test.step('both parties sign the first change: it is in force', async () => {
    await goInConsole(page, changeUrl);
    await expect(page.getByTestId('change-number')).toHaveText(number);
    await signAtProvider(page, lang, 'lessee', name);
    await expect(changeStatus).toHaveText(status('awaitingLessorSign'));
    await signAtProvider(page, lang, 'lessor', 'Signing officer');
    await expect(changeStatus).toHaveText(status('inExecution'));
  });

  await test.step('the machine’s two periods: on lease to the new price’s eve, and not started from it', async () => {
    await page.getByRole('button', { name: text(lang, 'lease-changes:detail.contractLink') }).click();
    await expect(page).toHaveURL(new RegExp(`/leaseCenter/contractDetail\\?id=${lease.contractId}$`));
    await expect(page.getByTestId('contract-change')).toHaveCount(1);
    const periods = page.locator('.ant-card').filter({ has: page.getByText(h('periods.ofContract'), { exact: true }) });
    const rows = periods.locator('.ant-table-row');
    await expect(rows).toHaveCount(2);
    const cells = (row: number) =>
      rows.nth(row).evaluate((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''));
    const columns = await periods
      .locator('thead th')
      .evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? ''));
    const at = (title: string) => columns.indexOf(h(title));
    const read = async (row: number) => {
      const values = await cells(row);
      return {
        serial: values[at('fields.serial')],
        start: values[at('fields.startOn')],
        planned: values[at('fields.plannedEndOn')],
        end: values[at('fields.endOn')],
        state: values[at('fields.periodState')],
        days: values[at('fields.days')],
      };
    };
    const both = [await read(0), await read(1)].sort((a, b) => a.start!.localeCompare(b.start!));
    expect(both).toEqual([
      {
        serial,
        start: startOn,
        // The machine stays planned to the contract's end; this period's terms end on the new price's eve.
        planned: endOn,
        end: addDays(repricedOn, -1),
        state: text(lang, 'codes:periodState.open'),
        // Six days on lease so far, today included.
        days: '6',
      },
      {
        serial,
        start: repricedOn,
        planned: endOn,
        end: '-',
        state: text(lang, 'codes:periodState.upcoming'),
        days: '0',
      },
    ]);
    await expect(page.locator('body')).not.toContainText(RAW_KEY);
  });
});
