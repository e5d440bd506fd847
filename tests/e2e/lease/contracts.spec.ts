import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { CNY, formatMoney } from '@console/contract/codes/money';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { availabilityEndpoints, type CalendarAnswer } from '@console/contract/http/availability';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { partyEndpoints, type RenterRow, type RuleRow } from '@console/contract/http/lease-parties';
import { productEndpoints } from '@console/contract/http/products';
import type { Api } from '../../fixtures/e2e-api.ts';
import { signAtProvider } from '../../fixtures/e2e-lease.ts';
import { CHINESE, expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * The acceptance flow, as the rental company's people do it in the console: a salesperson writes
 * contracts, the administrator reviews them and sends them for signing, the lessee and the lessor sign on the
 * simulated provider's own pages (the second webServer of tests/playwright.config.ts), whose callbacks bring the
 * contract into execution, and its PDF opens from the public link without signing in.
 */

const words = (lang: UiLang) => ({
  t: (key: string, params?: Record<string, string>) => text(lang, `lease-contracts:${key}`, params),
  status: (key: string) => text(lang, `codes:contractStatus.${key}`),
});

/**
 * What the flows choose from, read as the company's administrator sees it (the seed's renters and rules), and the
 * machines in stock whose model has a day price in the lease price list (a contract below it, or without one, waits
 * for a manager whatever the rules say: decision 029). Only machines the availability calendar shows free on each of
 * the contract's days are chosen, as a salesperson checks there first: other flows' quotes and contracts hold
 * machines on the same server, and the form refuses a held machine (decision 069).
 */
async function companyFacts(api: Api, days: { from: string; days: number }) {
  const admin = await api.signIn(ROLE.lessorAdmin);
  const renters = (await api.call(partyEndpoints.renterList, { token: admin.token, query: { pageSize: 100 } })).data
    .list as RenterRow[];
  const rules = (await api.call(partyEndpoints.ruleList, { token: admin.token })).data.list as RuleRow[];
  const sales = await api.signIn(ROLE.lessorSales);
  const options = (await api.call(leaseContractEndpoints.options, { token: sales.token })).data as {
    machines: { serialNumber: string; modelId: number | null }[];
  };
  const prices = (await api.call(productEndpoints.leasePrices, { token: sales.token, query: { pageSize: 200 } })).data
    .list as { modelId: number; businessModel: number; dayCents: number | null }[];
  const free = new Set<string>();
  for (let page = 1; ; page++) {
    const calendar = (
      await api.call(availabilityEndpoints.calendar, { token: sales.token, query: { ...days, page, pageSize: 200 } })
    ).data as CalendarAnswer;
    for (const m of calendar.list) {
      if (m.spans.every((s) => s.state === 'free' || s.state === 'offline')) free.add(m.serialNumber);
    }
    if (page * 200 >= calendar.total) break;
  }
  const machines = options.machines.filter((m) => free.has(m.serialNumber));
  const listed = machines.flatMap((m) => {
    const dayCents = prices.find((p) => p.modelId === m.modelId && p.businessModel === 23)?.dayCents;
    return dayCents ? [{ serial: m.serialNumber, dayCents }] : [];
  });
  return { renters, rules, machines: machines.map((m) => m.serialNumber), listed };
}

/** The contract form, filled by the keyboard as a person does: a machine in stock at a day price. */
async function fillContract(
  page: Page,
  lang: UiLang,
  terms: { renter: string; machine: string; start: string; end: string; dayPrice: string },
) {
  const { t } = words(lang);
  // The list stays mounted (kept alive) beside the form: everything below is looked for in the form.
  const form = page.locator('form#contract-form');
  const pick = async (label: string, option?: string) => {
    const box = form.getByRole('combobox', { name: label, exact: true });
    await box.click();
    if (option) await box.fill(option);
    await expect(page.locator(`#${await box.getAttribute('aria-controls')}`)).toBeAttached();
    await box.press('Enter');
    if (option) {
      const item = form
        .locator('.ant-form-item')
        .filter({ has: page.getByRole('combobox', { name: label, exact: true }) });
      await expect(item).toContainText(option);
    }
  };
  await pick(t('fields.renter'), terms.renter);
  await pick(t('fields.store'));
  // The term's days are typed as the console writes them, yyyy-MM-dd, in either language.
  for (const [label, day] of [
    [t('fields.startOn'), terms.start],
    [t('fields.endOn'), terms.end],
  ] as const) {
    const field = form.getByLabel(label, { exact: true });
    await field.fill(day);
    await field.press('Enter');
    await expect(field).toHaveValue(day);
  }
  await form.getByLabel(t('fields.siteAddress'), { exact: true }).fill('Century Avenue 88');
  await pick(t('form.machine'), terms.machine);
  await form.getByLabel(t('form.dayPrice'), { exact: true }).fill(terms.dayPrice);
}

/** A second person at their own browser, in the same language and zone as the first. */
async function another(browser: Browser, api: Api, role: RoleId, lang: UiLang) {
  const context = await browser.newContext(
    lang === 'zh-cn'
      ? { timezoneId: 'Asia/Shanghai', locale: 'zh-CN' }
      : { timezoneId: 'Europe/Berlin', locale: 'en-GB' },
  );
  const page = await context.newPage();
  await signInAs(page, api, role);
  return { context, page };
}

test('a salesperson’s contract is approved by a rule, signed by the lessee and the lessor on the provider’s pages, and its PDF opens from the public link', async ({
  page,
  api,
  browser,
}) => {
  const lang: UiLang = 'en';
  const { t, status } = words(lang);
  const facts = await companyFacts(api, { from: '2026-12-01', days: 10 });
  // A company renter with a Chinese name, verified and owing nothing: the first enabled rule approves it.
  const renter = facts.renters.find(
    (r) => r.identityType === 2 && r.realNameState === 'verified' && r.arrearsCents === 0 && CHINESE.test(r.name),
  )!;
  const rule = facts.rules.filter((r) => r.enabled).sort((a, b) => a.position - b.position)[0]!;
  expect(renter).toBeDefined();
  // A machine at its list price: below it, or without one, no rule would approve the contract.
  const machine = facts.listed[0]!;
  expect(machine).toBeDefined();

  await signInAs(page, api, ROLE.lessorSales);
  await page.goto('/leaseCenter/contractMng');
  await page.getByRole('button', { name: t('list.add') }).click();
  await expect(page).toHaveURL(/\/leaseCenter\/addContract$/);
  await fillContract(page, lang, {
    renter: renter.name,
    machine: machine.serial,
    start: '2026-12-01',
    end: '2026-12-10',
    dayPrice: String(machine.dayCents / 100),
  });
  // Ten days at the list's day price, priced in the form as the server prices it.
  await expect(page.getByTestId('contract-total')).toContainText(formatMoney(machine.dayCents * 10, CNY));
  await page.getByRole('button', { name: t('form.saveSubmit') }).click();

  await expect(page).toHaveURL(/\/leaseCenter\/contractDetail\?id=\d+$/);
  const detailUrl = page.url();
  await expect(page.getByTestId('contract-status')).toHaveText(status('awaitingSignInitiation'));
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: t('fields.approvedBy') })).toContainText(
    rule.name,
  );
  await expect(page.getByTestId('timeline-event').nth(2)).toContainText(t('events.autoApprove'));

  // The administrator sends it for signing with the company's seal.
  const admin = await another(browser, api, ROLE.lessorAdmin, lang);
  await admin.page.goto(detailUrl);
  const adminStatus = admin.page.getByTestId('contract-status');
  await expect(adminStatus).toHaveText(status('awaitingSignInitiation'));
  await admin.page.getByRole('button', { name: t('actions.startSigning') }).click();
  const dialog = admin.page.getByRole('dialog');
  const seal = dialog.getByRole('combobox', { name: t('dialogs.seal'), exact: true });
  await seal.click();
  await expect(admin.page.locator(`#${await seal.getAttribute('aria-controls')}`)).toBeAttached();
  await seal.press('Enter');
  await dialog.getByRole('button', { name: t('actions.startSigning') }).click();
  await expect(adminStatus).toHaveText(status('awaitingLesseeSign'));

  // Each party signs on the provider's page the detail page links to: the lessee first, then the lessor.
  await signAtProvider(admin.page, lang, 'lessee', renter.contactName || renter.name);
  // The provider's callbacks move the contract on, and the open detail page follows them without a reload.
  await expect(adminStatus).toHaveText(status('awaitingLessorSign'));
  await signAtProvider(admin.page, lang, 'lessor', 'Signing officer');
  await expect(adminStatus).toHaveText(status('inExecution'));
  await expect(admin.page.getByTestId('timeline-event').last()).toContainText(t('events.lessorSigned'));

  // The public link, opened where no one is signed in, downloads the signed PDF.
  await admin.page.getByRole('button', { name: t('detail.makeLink') }).click();
  const link = await admin.page.getByLabel(t('detail.publicLink')).inputValue();
  expect(link).toMatch(/\/contract\/export\?token=/);
  const visitor = await browser.newContext({ timezoneId: 'Europe/Berlin', locale: 'en-GB' });
  const publicPage = await visitor.newPage();
  await publicPage.goto(link);
  await expect(publicPage.locator('body')).toContainText(renter.name);
  const download = publicPage.waitForEvent('download');
  await publicPage.getByRole('button', { name: t('detail.downloadPdf') }).click();
  const dir = mkdtempSync(join(tmpdir(), 'contract-pdf-'));
  try {
    const file = join(dir, 'contract.pdf');
    await (await download).saveAs(file);
    const extracted = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(extracted.replace(/\s+/g, '')).toContain(renter.name.replace(/\s+/g, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await visitor.close();

  // In the list, the machine's serial finds the contract.
  const number = (await admin.page.getByTestId('contract-number').textContent())!;
  await admin.page.goto('/leaseCenter/contractMng');
  await admin.page.getByLabel(t('fields.serial'), { exact: true }).fill(machine.serial);
  await admin.page.getByRole('button', { name: text(lang, 'common:search') }).click();
  await expect(admin.page).toHaveURL(new RegExp(`serial=${machine.serial}`));
  await expect(admin.page.getByRole('row').filter({ hasText: number })).toContainText(status('inExecution'));
  await expect(admin.page.locator('body')).not.toContainText(RAW_KEY);
  await admin.context.close();
});

test.describe('in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('a contract no rule approves is rejected with a reason, edited by its author, submitted again and approved by hand', async ({
    page,
    api,
    browser,
  }) => {
    const lang: UiLang = 'zh-cn';
    const { t, status } = words(lang);
    const facts = await companyFacts(api, { from: '2027-01-04', days: 5 });
    // A renter who owes rent: no rule approves its contracts, a person reviews them.
    const renter = facts.renters.find((r) => r.arrearsCents > 0)!;
    expect(renter).toBeDefined();

    await signInAs(page, api, ROLE.lessorSales);
    await page.goto('/leaseCenter/addContract');
    await fillContract(page, lang, {
      renter: renter.name,
      // The other flow takes the first machine in stock with a list price.
      machine: facts.machines.filter((m) => m !== facts.listed[0]?.serial).at(-1)!,
      start: '2027-01-04',
      end: '2027-01-08',
      dayPrice: '300',
    });
    await page.getByRole('button', { name: t('form.saveSubmit') }).click();
    await expect(page).toHaveURL(/\/leaseCenter\/contractDetail\?id=\d+$/);
    const detailUrl = page.url();
    const salesStatus = page.getByTestId('contract-status');
    await expect(salesStatus).toHaveText(status('pendingReview'));

    // The administrator rejects it with a reason.
    const admin = await another(browser, api, ROLE.lessorAdmin, lang);
    await admin.page.goto(detailUrl);
    const adminStatus = admin.page.getByTestId('contract-status');
    await expect(adminStatus).toHaveText(status('pendingReview'));
    await admin.page.getByRole('button', { name: t('actions.reject') }).click();
    const dialog = admin.page.getByRole('dialog');
    const reason = '日租价格低于门店底价';
    await dialog.getByLabel(t('dialogs.reason')).fill(reason);
    await dialog.getByRole('button', { name: t('actions.reject') }).click();
    await expect(adminStatus).toHaveText(status('rejected'));
    await expect(admin.page.getByTestId('timeline-event').last()).toContainText(reason);

    // Its author reads why, corrects the price and submits it again.
    await page.reload();
    await expect(salesStatus).toHaveText(status('rejected'));
    await expect(page.getByTestId('timeline-event').last()).toContainText(t('detail.reason', { reason }));
    await page.getByRole('button', { name: t('actions.edit') }).click();
    await expect(page).toHaveURL(/\/leaseCenter\/addContract\?id=\d+$/);
    const form = page.locator('form#contract-form');
    // Its days read yyyy-MM-dd in the Chinese console, in the console's own picker (a browser's date input would
    // write them in the browser's format, mm/dd/yyyy), with the picker's Chinese placeholder.
    const startOn = form.getByLabel(t('fields.startOn'), { exact: true });
    await expect(startOn).toHaveValue('2027-01-04');
    await expect(startOn).not.toHaveAttribute('type', 'date');
    await expect(startOn).toHaveAttribute('placeholder', '请选择日期');
    await expect(form.getByLabel(t('fields.endOn'), { exact: true })).toHaveValue('2027-01-08');
    await form.getByLabel(t('form.dayPrice'), { exact: true }).fill('450');
    // Five days at 450 yuan a day, written as every amount of the brand is.
    await expect(page.getByTestId('contract-total')).toContainText('¥2,250.00');
    await page.getByRole('button', { name: t('form.saveSubmit') }).click();
    await expect(page).toHaveURL(detailUrl);
    await expect(salesStatus).toHaveText(status('pendingReview'));

    // The administrator approves it by hand.
    await admin.page.reload();
    await expect(adminStatus).toHaveText(status('pendingReview'));
    await expect(admin.page.getByTestId('contract-total')).toHaveText('2,250.00');
    await admin.page.getByRole('button', { name: t('actions.approve') }).click();
    await admin.page.getByRole('button', { name: text(lang, 'common:ok') }).click();
    await expect(adminStatus).toHaveText(status('awaitingSignInitiation'));
    const timeline = admin.page.getByTestId('timeline-event');
    await expect(timeline.locator('strong')).toHaveText(
      ['create', 'submit', 'reject', 'edit', 'submit', 'approve'].map((e) => t(`events.${e}`)),
    );
    await expect(admin.page.locator('body')).not.toContainText(RAW_KEY);
    await admin.context.close();
  });
});
