import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import {
  approvedForNewRenter,
  machinesNeverLeased,
  signAtProvider,
  startSigningInConsole,
} from '../../fixtures/e2e-lease.ts';
import { confirmPopover, expect, openTab, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

/**
 * Decision 078, in the console: the rental company's administrator writes its English terms on
 * /leaseCenter/contractTerms, edits the draft and publishes it; a contract written in English and sent for signature
 * from its page fixes that version, and its PDF prints it; a newer version published afterwards (a new draft filled
 * with the version in force, changed and published) changes neither the signed contract's page nor its PDF, while a
 * contract not yet sent would take the newer one. In English: the Chinese terms and their PDF are covered by
 * tests/integration/terms/terms.test.ts, the page's Chinese texts by the catalogs' completeness checks.
 */
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const t = (key: string, params?: Record<string, string | number>) => text('en', `terms:${key}`, params);
const ENGLISH = t('lang.en-US');
/** Text as a person copying it from the PDF reads it, without the line breaks and spaces the layout puts in. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

/** The contract's PDF as its page downloads it, as pdftotext reads it (squeezed). */
async function pdfText(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: text('en', 'lease-contracts:detail.downloadPdf') }).click();
  const dir = mkdtempSync(join(tmpdir(), 'terms-pdf-'));
  try {
    const file = join(dir, 'contract.pdf');
    await (await download).saveAs(file);
    return squeeze(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The English versions' table row of a version, found by its title. */
const versionRow = (page: Page, title: string) =>
  page.getByRole('tabpanel', { name: ENGLISH }).locator('.ant-table-row').filter({ hasText: title });

/** The number of the version a row shows ("Version 2"). */
async function versionOf(page: Page, title: string): Promise<number> {
  const label = (await versionRow(page, title).getByRole('cell').first().textContent())!;
  const found = new RegExp(t('versionNumber', { version: '(\\d+)' })).exec(label);
  expect(found, label).not.toBeNull();
  return Number(found![1]);
}

/** A new draft in the English tab, written in the dialog (filled with the version in force, when there is one). */
async function newDraft(page: Page, terms: { title: string; body: string }) {
  await page.getByRole('button', { name: t('create') }).click();
  const dialog = page.getByRole('dialog', { name: t('createTitle', { lang: ENGLISH }) });
  const title = dialog.getByLabel(t('name'), { exact: true });
  await expect(title).toBeVisible();
  const filled = { title: await title.inputValue(), body: await dialog.getByLabel(t('body')).inputValue() };
  await title.fill(terms.title);
  await dialog.getByLabel(t('body'), { exact: true }).fill(terms.body);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  const row = versionRow(page, terms.title);
  await expect(row).toContainText(t('state.draft'));
  return filled;
}

/** Publish the draft of a title, confirming that it becomes read-only; the version it became. */
async function publish(page: Page, title: string): Promise<number> {
  const row = versionRow(page, title);
  await row.getByRole('button', { name: t('publish') }).click();
  await confirmPopover(page, { within: t('publishConfirm') });
  await expect(row).toContainText(t('state.published'));
  await expect(row).toContainText(t('current'));
  await expect(row.getByRole('button', { name: t('edit') })).toHaveCount(0);
  return versionOf(page, title);
}

test('an administrator publishes English terms; a contract sent for signature prints that version, and a newer one changes nothing it signed', async ({
  page,
  api,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const first = {
    title: `Equipment hire terms ${stamp}`,
    body: `Clause 1. The hirer keeps the machine on the site named in the contract.\nClause 2. The hirer locks the machine at the end of each working day (${stamp}).`,
  };
  const second = {
    title: `Revised hire terms ${stamp}`,
    body: `Clause 1. The hirer insures the machine against loss and damage (${stamp}).`,
  };
  await signInAs(page, api, ROLE.lessorAdmin);

  // The administrator writes a draft of the English terms, corrects it, and publishes it.
  await page.goto('/leaseCenter/contractTerms');
  await openTab(page, ENGLISH);
  await expect(page).toHaveURL(/lang=en-US/);
  await newDraft(page, { title: first.title, body: 'Clause 1. To be written.' });
  await versionRow(page, first.title)
    .getByRole('button', { name: t('edit') })
    .click();
  const edit = page.getByRole('dialog', { name: t('editTitle') });
  await expect(edit.getByLabel(t('body'), { exact: true })).toHaveValue('Clause 1. To be written.');
  await edit.getByLabel(t('body'), { exact: true }).fill(first.body);
  await edit.getByRole('button', { name: 'OK' }).click();
  await expect(edit).toBeHidden();
  const version = await publish(page, first.title);
  // A published version reads as written, and read-only.
  await versionRow(page, first.title)
    .getByRole('button', { name: t('view') })
    .click();
  const view = page.getByRole('dialog', { name: t('versionNumber', { version }) });
  await expect(view).toContainText(t('readOnly'));
  await expect(view).toContainText('Clause 2. The hirer locks the machine');
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();

  // A contract written in English, approved: it would take that version when sent.
  const serials = await machinesNeverLeased(api, 2);
  const lease = (serial: string, name: string) =>
    approvedForNewRenter(api, {
      name,
      serials: [serial],
      startOn: iso(Date.now() + DAY),
      endOn: iso(Date.now() + 30 * DAY),
      billingDay: 1,
      dueDays: 10,
      lang: 'en',
    });
  const signed = await lease(serials[0]!, `Terms Signing ${stamp} Engineering Co., Ltd.`);
  await page.goto(`/leaseCenter/contractDetail?id=${signed.contractId}`);
  const carried = page.getByTestId('contract-terms');
  await expect(carried).toHaveText(t('contract.pending', { version, lang: ENGLISH }));
  const [fixedBefore] = t('contract.fixed', { version, lang: ENGLISH, at: '\u0000' }).split('\u0000');

  // Sent for signature from its page and signed by both parties: the version is fixed and printed in its PDF.
  await startSigningInConsole(page, 'en');
  await expect(carried).toContainText(fixedBefore!);
  await signAtProvider(page, 'en', 'lessee', 'Wang Jianguo');
  await signAtProvider(page, 'en', 'lessor', 'Li Hua');
  const status = page.getByTestId('contract-status');
  await expect(status).toHaveText(text('en', 'codes:contractStatus.inExecution'));
  const fixedText = (await carried.textContent())!;
  expect(fixedText.startsWith(fixedBefore!)).toBe(true);
  const printed = await pdfText(page);
  expect(printed).toContain(squeeze(`Terms and conditions (version ${version})`));
  expect(printed).toContain(squeeze(first.title));
  expect(printed).toContain(squeeze(first.body));

  // The administrator changes the terms afterwards: a new draft starts from the version in force, and is published.
  await page.goto('/leaseCenter/contractTerms?lang=en-US');
  const filled = await newDraft(page, second);
  expect(filled).toEqual(first);
  const newer = await publish(page, second.title);
  expect(newer).toBe(version + 1);
  const older = versionRow(page, first.title);
  await expect(older).toContainText(t('state.published'));
  await expect(older).not.toContainText(t('current'));
  // The version the signed contract carries counts it.
  await expect(older.getByRole('cell').nth(2)).toHaveText('1');

  // The signed contract keeps the version it was signed with, on its page and in its PDF.
  await page.goto(`/leaseCenter/contractDetail?id=${signed.contractId}`);
  await expect(carried).toHaveText(fixedText);
  await page.getByRole('button', { name: t('contract.show') }).click();
  const shown = page.getByRole('dialog', { name: t('contract.title') });
  await expect(shown).toContainText(first.title);
  await expect(shown).toContainText('Clause 2. The hirer locks the machine');
  await expect(shown).not.toContainText('insures the machine');
  await shown.getByRole('button', { name: 'Close' }).click();
  const again = await pdfText(page);
  expect(again).toContain(squeeze(`Terms and conditions (version ${version})`));
  expect(again).toContain(squeeze(first.body));
  expect(again).not.toContain(squeeze(second.body));

  // A contract not sent yet would take the newer version.
  const waiting = await lease(serials[1]!, `Terms Waiting ${stamp} Engineering Co., Ltd.`);
  await page.goto(`/leaseCenter/contractDetail?id=${waiting.contractId}`);
  await expect(carried).toHaveText(t('contract.pending', { version: newer, lang: ENGLISH }));
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
});
