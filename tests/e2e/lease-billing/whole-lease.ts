import type { Browser, Locator, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverEndpoints } from '@console/contract/http/lease-handover';
import { PAY_PAGE_TEXT } from '@console/contract/shop/paygate-protocol';
import { users } from '@console/db/schema/accounts';
import { DEMO_PASSWORD, demoAccount, GLOBAL_DEMO_RENTER, globalDemoAccount } from '@console/db/seed/accounts';
import { dayInZone } from '@console/server/src/lib/time';
import type { Account, Api } from '../../fixtures/e2e-api.ts';
import {
  contractForNewRenter,
  machinesNeverLeased,
  runBilling,
  withLeaseDb,
  type LeaseInExecution,
} from '../../fixtures/e2e-lease.ts';
import { brandOrigin, expect, RAW_KEY, searchList, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * Issue 35's lease from deposit to refund, in the console, as steps a brand's spec runs: the renter's contract asks for
 * a deposit of 3,000.00 when it is signed, and the renter's user pays it online on the pay-online page (decision 073's
 * online receipt, decision 077); the delivery note is written on the handover's page and recorded signed on paper
 * (decision 076); a delivery from the price list is billed with the month (decision 074); the machine comes back with
 * a damage finding on the return note, charged once the note is signed; the contract ends, the deposit pays the damage
 * bill and the rest is refunded; then the renter's statement (its bill record) and the company's revenue analysis read
 * the same billed total, to the cent, in the company's currency.
 */

/** A rental company whose lease the flow runs, with the brand it does business under. */
export interface LeaseBusiness {
  /** The console's origin: '' for the default brand's (the configured base URL), else a brand's host. */
  origin: string;
  /** Its administrator (the desk), who writes, sends and settles the contract. */
  admin: RoleId | Account;
  /** The renter's user who pays online, of a customer of the company. */
  renter: RoleId | Account;
  /** The zone the company's business days are counted in. */
  timeZone: string;
  /** Its brand's currency: what the console's titles name (`Amount (AUD)`, `金额（元）`). */
  money: { currency: string; currencyUnit: string };
  /** Where its machines work, and the language its contracts' documents are written in: its own. */
  siteAddress: string;
  contractLang: 'zh' | 'en';
  /** The people of a handover and of the signatures. */
  people: { deliveredBy: string; receivedBy: string; lesseeSigner: string; lessorSigner: string };
  /** The damage the return note finds, in the languages the flow runs in. */
  damage: Partial<Record<UiLang, string>>;
}

/** Huadong Aerial Leasing, the default (Chinese) brand's company, and its demo renter's user (13800000011). */
export const HUADONG: LeaseBusiness = {
  origin: '',
  admin: ROLE.lessorAdmin,
  renter: ROLE.other,
  timeZone: 'Asia/Shanghai',
  money: { currency: 'CNY', currencyUnit: '元' },
  siteAddress: '张江路1号',
  contractLang: 'zh',
  people: { deliveredBy: '王师傅', receivedBy: '李工', lesseeSigner: '王建国', lessorSigner: '李华' },
  damage: { en: 'Cracked cab window', 'zh-cn': '驾驶室玻璃破裂' },
};

/**
 * Northwind Equipment Hire, the global brand's Australian company (AUD, GST, Sydney time), on its brand's console, and
 * the demo renter's user of its Parramatta builder (+61 400000011).
 */
export const NORTHWIND: LeaseBusiness = {
  origin: brandOrigin('liftgo'),
  admin: { ...globalDemoAccount(ROLE.lessorAdmin), password: DEMO_PASSWORD },
  renter: { account: GLOBAL_DEMO_RENTER.account, areaCode: GLOBAL_DEMO_RENTER.areaCode, password: DEMO_PASSWORD },
  timeZone: 'Australia/Sydney',
  money: { currency: 'AUD', currencyUnit: '澳元' },
  siteAddress: '88 Church Street, Parramatta NSW 2150',
  contractLang: 'en',
  people: {
    deliveredBy: 'Craig Thompson',
    receivedBy: GLOBAL_DEMO_RENTER.name,
    lesseeSigner: GLOBAL_DEMO_RENTER.name,
    lessorSigner: 'Karen Walsh',
  },
  damage: { en: 'Cracked cab window' },
};

/** Any sign of yuan, which an Australian company's pages never show. */
export const YUAN = /[¥元]|CNY|RMB/;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** Cents of an amount as the console writes it (`1,234.56`, `-500.00`, `¥1,234.56`, `A$1,234.56`). */
const centsOf = (written: string) => Math.round(Number(written.replace(/[^\d.-]/g, '')) * 100);
/** Cents as the console writes them in either language: `1,234.56`. */
const written = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** The organisation of the renter's user. */
const renterOrg = (renter: RoleId | Account) =>
  withLeaseDb(async (db) => {
    const { account, areaCode = '86' } = typeof renter === 'number' ? { account: demoAccount(renter) } : renter;
    const user = await db
      .select({ orgId: users.orgId })
      .from(users)
      .where(and(eq(users.mobile, account), eq(users.areaCode, areaCode)))
      .get();
    return user!.orgId;
  });

/** A handover of the contract's machine recorded and confirmed by the desk, as `handOver` does; its id. */
async function handOverMachine(
  api: Api,
  business: LeaseBusiness,
  lease: LeaseInExecution,
  kind: 'entry' | 'exit',
  day: string,
) {
  const made = await api.call(leaseHandoverEndpoints.create, {
    token: lease.token,
    body: {
      kind,
      contractId: lease.contractId,
      day,
      deliveredBy: business.people.deliveredBy,
      receivedBy: business.people.receivedBy,
      machines: lease.lines.map(({ lineId, deviceId }) => ({ lineId, deviceId })),
    },
  });
  expect(made.status, made.message).toBe('200');
  const id = (made.data as { id: number }).id;
  const confirmed = await api.call(leaseHandoverEndpoints.confirm, { token: lease.token, body: { id } });
  expect(confirmed.status, confirmed.message).toBe('200');
  return id;
}

/** On a handover's page: write its note (with a damage finding on a return) and record it signed on paper. */
async function noteSignedOnPaper(page: Page, lang: UiLang, damage?: { description: string; amount: string }) {
  const t = (key: string) => text(lang, `handover-notes:${key}`);
  const card = page.getByTestId('handover-note');
  await expect(card).toContainText(t('none'));
  await card.getByRole('button', { name: t('create.action') }).click();
  const dialog = page.getByRole('dialog', { name: t(damage ? 'create.returnTitle' : 'create.deliveryTitle') });
  if (damage) {
    await dialog.getByRole('button', { name: t('create.addFinding') }).click();
    const finding = dialog.getByTestId('note-finding');
    await finding.getByLabel(t('fields.description'), { exact: true }).fill(damage.description);
    await finding.getByLabel(t('fields.amountCents'), { exact: true }).fill(damage.amount);
  }
  await dialog.getByRole('button', { name: t('create.action') }).click();
  await expect(dialog).toBeHidden();
  const state = page.getByTestId('handover-note-state');
  await expect(state).toHaveText(t('states.draft'));
  if (damage) await expect(card).toContainText(t('notCharged'));

  await card.getByRole('button', { name: t('actions.paper') }).click();
  const paper = page.getByRole('dialog', { name: t('paper.title') });
  await paper
    .locator('input[type=file]')
    .setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(paper.locator('.ant-upload-list-item').first()).toBeVisible();
  await expect(paper.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await paper.getByRole('button', { name: t('actions.paper') }).click();
  await expect(paper).toBeHidden();
  await expect(state).toHaveText(t('states.signed'));
  await expect(card).toContainText(t('signings.paper'));
  if (damage) await expect(card).toContainText(t('charged'));
}

/** The text of a table row's cell under the header that starts with `title`. */
async function cellUnder(table: Locator, row: Locator, title: string): Promise<string> {
  const headers = await table.locator('.ant-table-thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim().startsWith(title));
  expect(index, `a column ${title} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return (await row.locator('td').nth(index).textContent())!.trim();
}

/**
 * The whole lease of a company, its renter's user in `page` and its desk in a browser page of its own, in a language;
 * the damage found on return is charged at `damage` (as typed, and in cents).
 */
export async function wholeLease(
  browser: Browser,
  page: Page,
  api: Api,
  lang: UiLang,
  business: LeaseBusiness,
  damage: { amount: string; cents: number },
) {
  test.setTimeout(300_000);
  const { origin, money } = business;
  // The console's titles name the company's currency ("Amount (AUD)", "金额（元）").
  const tb = (key: string, params?: Record<string, string | number>) =>
    text(lang, `lease-billing:${key}`, { ...money, ...params });
  const td = (key: string, params?: Record<string, string | number>) =>
    text(lang, `deposits:${key}`, { ...money, ...params });
  const tc = (key: string) => text(lang, `charges:${key}`, money);
  const provider = PAY_PAGE_TEXT[lang === 'en' ? 'en' : 'zh'];
  const startOn = iso(Date.now() - 40 * DAY);
  // The rental company's day, in its zone.
  const today = dayInZone(Date.now(), business.timeZone);
  const description = business.damage[lang]!;

  // The renter's contract, asking for a deposit of 3,000.00, signed by both parties on the provider's pages.
  const lease = await contractForNewRenter(api, {
    name: '',
    renterId: await renterOrg(business.renter),
    admin: business.admin,
    siteAddress: business.siteAddress,
    lang: business.contractLang,
    signers: { lessee: business.people.lesseeSigner, lessor: business.people.lessorSigner },
    serials: await machinesNeverLeased(api, 1, business.admin),
    startOn,
    endOn: iso(Date.now() + 60 * DAY),
    billingDay: 1,
    dueDays: 10,
    depositCents: 300_000,
  });
  const depositNumber = `YJ-${lease.number}`;

  // The renter's user finds the deposit requested beside its bills and pays it on the provider's page.
  await signInAs(page, api, business.renter);
  await page.goto(`${origin}/financeCenter/payOnline`);
  const deposits = page.getByTestId('pay-deposits');
  const depositRow = deposits.getByRole('row').filter({ hasText: depositNumber });
  await expect(depositRow).toContainText(text(lang, 'deposits:state.requested'));
  await expect(depositRow).toContainText('3,000.00');
  await depositRow.getByRole('radio').check();
  await expect(deposits.getByTestId('pay-deposit-owed')).toContainText('3,000.00');
  await deposits.getByRole('button', { name: tb('payOnline.payDeposit') }).click();
  await expect(page.getByRole('img', { name: 'QR' })).toBeVisible();
  await page.getByRole('button', { name: provider.pay }).click();
  await expect(page.getByRole('status')).toHaveText(provider.state.paid);
  await page.getByRole('link', { name: provider.back }).click();
  await expect(page).toHaveURL(/\/financeCenter\/payOnline/);
  const payment = page
    .locator('.ant-table-row')
    .filter({ has: page.locator('[data-testid^="payment-state-"]') })
    .filter({ hasText: depositNumber });
  await expect(async () => {
    const check = payment.getByRole('button', { name: tb('payOnline.check') });
    if (await check.isVisible()) await check.click();
    await expect(payment).toContainText(tb('payOnline.state.paid'), { timeout: 1000 });
  }).toPass();
  await expect(payment).toContainText(tb('payOnline.explain.deposit'));
  // Received in full: no longer asked for.
  await expect(depositRow).toHaveCount(0);

  // The desk, in a browser of its own: the deposit held on the contract's page.
  const desk = await browser.newPage();
  await signInAs(desk, api, business.admin);
  await desk.goto(`${origin}/leaseCenter/contractDetail?id=${lease.contractId}`);
  const panel = desk.getByTestId('deposit-panel');
  await expect(panel).toContainText(text(lang, 'deposits:state.held'));
  await expect(panel.getByTestId('deposit-held')).toHaveText('3,000.00');

  // Delivered: the delivery note written on the handover's page and signed on paper.
  const entry = await handOverMachine(api, business, lease, 'entry', startOn);
  await desk.goto(`${origin}/leaseCenter/enterDetail?id=${entry}`);
  await noteSignedOnPaper(desk, lang);

  // A delivery from the price list (18 km), billed with the month by the billing pass.
  await desk.goto(`${origin}/leaseCenter/contractDetail?id=${lease.contractId}`);
  const charges = desk.getByTestId('contract-charges');
  await charges.getByTestId('add-charge').click();
  const add = desk.getByRole('dialog', { name: tc('addTitle') });
  await add.getByLabel(tc('price'), { exact: true }).click();
  await desk.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await add.getByLabel(tc('distanceKm'), { exact: true }).fill('18');
  await add.getByRole('button', { name: tc('add') }).click();
  await expect(add).toBeHidden();
  await expect(charges).toContainText('450.00');
  await runBilling(api, lease);
  await desk.reload();
  await expect(charges.getByRole('row').filter({ hasText: '450.00' })).toContainText(tc('state.billed'));

  // Returned today with a damage finding on the return note: charged once the note is signed.
  const exit = await handOverMachine(api, business, lease, 'exit', today);
  await desk.goto(`${origin}/leaseCenter/quitDetail?id=${exit}`);
  await noteSignedOnPaper(desk, lang, { description, amount: damage.amount });
  await desk.goto(`${origin}/leaseCenter/contractDetail?id=${lease.contractId}`);
  const damageRow = charges.getByRole('row').filter({ hasText: description });
  await expect(damageRow).toContainText(text(lang, 'charges:kind.damage'));
  await expect(damageRow).toContainText(tc('state.pending'));
  // Nothing left out on lease, so no bill is coming: the desk bills it now.
  await damageRow.getByRole('button', { name: tc('billNow') }).click();
  await expect(damageRow).toContainText(tc('state.billed'));
  const damageBill = (await damageRow
    .getByRole('cell')
    .filter({ hasText: tc('state.billed') })
    .textContent())!
    .replace(tc('state.billed'), '')
    .trim();
  expect(damageBill).toMatch(new RegExp(`^${lease.number}-`));

  // The contract ends; the deposit pays the damage bill and the rest is refunded.
  const ended = await api.call(leaseContractEndpoints.move, {
    token: lease.token,
    body: { id: lease.contractId, action: 'close', day: today } as never,
  });
  expect(ended.status, ended.message).toBe('200');
  await desk.reload();
  await panel.getByRole('button', { name: td('apply.action') }).click();
  const apply = desk.getByRole('dialog', { name: td('apply.title') });
  await apply.getByLabel(td('apply.bill'), { exact: true }).click();
  await desk.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: damageBill }).click();
  await apply.getByLabel(td('amount'), { exact: true }).fill(damage.amount);
  await apply.getByLabel(td('reasonLabel'), { exact: true }).click();
  await desk.locator('.ant-select-dropdown:visible').getByTitle(text(lang, 'deposits:reason.damage')).click();
  await apply.getByLabel(td('note'), { exact: true }).fill(description);
  await apply.getByRole('button', { name: td('apply.action') }).click();
  await expect(apply).toBeHidden();
  const rest = 300_000 - damage.cents;
  await expect(panel.getByTestId('deposit-held')).toHaveText(written(rest));
  await panel.getByRole('button', { name: td('refund.action') }).click();
  const refund = desk.getByRole('dialog', { name: td('refund.title') });
  await refund.getByLabel(td('reasonLabel'), { exact: true }).click();
  await desk.locator('.ant-select-dropdown:visible').getByTitle(text(lang, 'deposits:reason.other')).click();
  await refund.getByRole('button', { name: td('refund.action') }).click();
  await expect(refund).toBeHidden();
  await expect(panel.getByTestId('deposit-held')).toHaveText('0.00');
  await expect(panel).toContainText(text(lang, 'deposits:state.settled'));

  // What the contract billed, bill by bill (the damage bill paid by the deposit).
  const { token } = await api.signIn(business.admin);
  const listed = await api.call(billingEndpoints.billList, {
    token,
    query: { contractId: lease.contractId, pageSize: 100 } as never,
  });
  const billed = (
    listed.data as {
      list: { number: string; amountCents: number; state: string; money: { currency: { code: string } } }[];
    }
  ).list;
  expect(billed.find((b) => b.number === damageBill)).toMatchObject({ amountCents: damage.cents, state: 'paid' });
  // Billed in the company's currency.
  expect(new Set(billed.map((b) => b.money.currency.code))).toEqual(new Set([money.currency]));
  const billedCents = billed.filter((b) => b.state !== 'void').reduce((sum, b) => sum + b.amountCents, 0);
  expect(billedCents).toBeGreaterThan(45_000 + damage.cents);

  // The renter's statement: what the deposit paid today, and the contract's bill rows since it began, its amounts
  // under a title naming the company's currency.
  const ledger = page
    .locator('.ant-table')
    .filter({ has: page.locator('.ant-table-thead') })
    .last();
  const contractRows = ledger.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: lease.number });
  await page.goto(`${origin}/financeCenter/billRecord?from=${today}&to=${today}&pageSize=100`);
  await expect(contractRows.filter({ hasText: tb('ledgerType.depositApplied') })).toContainText(
    `-${written(damage.cents)}`,
  );
  await page.goto(`${origin}/financeCenter/billRecord?type=bill&from=${startOn}&to=${today}&pageSize=100`);
  await expect(contractRows).toHaveCount(billed.filter((b) => b.state !== 'void').length);
  let statementCents = 0;
  for (const row of await contractRows.all()) {
    expect(await cellUnder(ledger, row, tb('ledger.type'))).toBe(tb('ledgerType.bill'));
    statementCents += centsOf(await cellUnder(ledger, row, tb('amount')));
  }

  // The company's revenue analysis of the contract: the same billed income, to the cent, in its currency.
  await desk.goto(
    `${origin}/leaseCenter/incomeDetail?from=${iso(Date.now() - 120 * DAY)}&to=${iso(Date.now() + 120 * DAY)}`,
  );
  await searchList(desk, desk.getByLabel(text(lang, 'lease-revenue:income.keyword'), { exact: true }), lease.number);
  const kpi = desk.locator('.ant-statistic').filter({ hasText: text(lang, 'lease-revenue:kpi.billed', money) });
  await expect(kpi.locator('.ant-statistic-content')).toHaveText(/\d/);
  await expect
    .poll(async () => centsOf((await kpi.locator('.ant-statistic-content').textContent())!))
    .toBe(billedCents);
  expect(statementCents).toBe(billedCents);
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await expect(desk.locator('body')).not.toContainText(RAW_KEY);
  return { renter: page, desk };
}
