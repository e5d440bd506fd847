import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { quoteEndpoints, type QuoteOptions } from '@console/contract/http/quotes';
import type { Api } from '../../fixtures/e2e-api.ts';
import { confirmPopover, expect, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, given: Record<string, string | number> = {}) => text('en', `quotes:${key}`, given);

/** A store and two models of it on the day price list, each with machines at the store, read as the salesperson. */
async function deskFacts(api: Api) {
  const sales = await api.signIn(ROLE.lessorSales);
  const options = (await api.call(quoteEndpoints.options, { token: sales.token })).data as QuoteOptions;
  const priced = (modelId: number | null) =>
    options.prices.some((p) => p.modelId === modelId && p.businessModel === 23 && p.dayCents);
  for (const store of options.stores) {
    const counts = new Map<number, number>();
    for (const m of options.machines.filter((x) => x.storeId === store.id && priced(x.modelId))) {
      counts.set(m.modelId!, (counts.get(m.modelId!) ?? 0) + 1);
    }
    const models = [...counts.entries()].filter(([, n]) => n >= 3).map(([id]) => id);
    if (models.length >= 2) {
      const name = (id: number) => options.models.find((m) => m.id === id)!.name;
      return { store: store.name, models: [name(models[0]!), name(models[1]!)], renter: options.renters[0]!.name };
    }
  }
  throw new Error('no store with two priced models');
}

const day = (d: Date) => d.toISOString().slice(0, 10);

async function pick(page: Page, box: ReturnType<Page['getByRole']>, option: string) {
  await box.click();
  await box.fill(option);
  await expect(page.locator(`#${await box.getAttribute('aria-controls')}`)).toBeAttached();
  await box.press('Enter');
}

test('a salesperson quotes two models for next month, the customer accepts, and the quote becomes a contract', async ({
  page,
  api,
}) => {
  const facts = await deskFacts(api);
  const now = new Date();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const start = day(nextMonth);
  const end = day(new Date(nextMonth.getTime() + 9 * 86_400_000));
  const valid = day(new Date(now.getTime() + 5 * 86_400_000));

  await signInAs(page, api, ROLE.lessorSales);
  await page.goto('/leaseCenter/quoteMng');
  await page.getByTestId('new-quote').click();
  await expect(page).toHaveURL(/\/leaseCenter\/addQuote$/);
  const form = page.locator('form#quote-form');
  await pick(page, form.getByRole('combobox', { name: say('fields.renter'), exact: true }), facts.renter);
  await pick(page, form.getByRole('combobox', { name: say('fields.store'), exact: true }), facts.store);
  for (const [label, value] of [
    [say('fields.validUntil'), valid],
    [say('fields.startOn'), start],
    [say('fields.endOn'), end],
  ] as const) {
    const field = form.getByLabel(label, { exact: true });
    await field.fill(value);
    await field.press('Enter');
    await expect(field).toHaveValue(value);
  }
  await form.getByLabel(say('fields.siteAddress'), { exact: true }).fill('Century Avenue 88');
  await pick(page, form.getByTestId('quote-line-0').getByRole('combobox').nth(0), facts.models[0]!);
  await form.getByTestId('quote-add-line').click();
  await pick(page, form.getByTestId('quote-line-1').getByRole('combobox').nth(0), facts.models[1]!);
  // Ten days of each at its list price, priced in the form as the server prices it.
  await expect(form.getByTestId('quote-line-1-amount')).toBeVisible();
  await expect(form.getByTestId('quote-form-total')).not.toHaveText('-');
  await form.getByTestId('quote-save-send').click();

  await expect(page).toHaveURL(/\/leaseCenter\/quoteDetail\?id=\d+$/);
  await expect(page.getByTestId('quote-state')).toHaveText(say('states.sent'));
  const number = (await page.getByTestId('quote-number').innerText()).trim();
  const held = page.getByTestId('quote-reservations');
  await expect(held.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(held).toContainText(say('reservationStates.held'));

  await page.getByTestId('quote-accept').click();
  await confirmPopover(page, { within: say('confirm.accept', { number }) });
  // The contract draft it became opens, and names the quote it was written from.
  await expect(page).toHaveURL(/\/leaseCenter\/contractDetail\?id=\d+$/);
  await expect(page.getByTestId('contract-quote')).toHaveText(number);
  await expect(page.getByTestId('contract-status')).toHaveText(text('en', 'codes:contractStatus.draft'));
  // The contract names its models in its own language (decision 064): each by its type code.
  for (const model of facts.models) {
    await expect(page.locator('.ant-table-tbody:visible').first()).toContainText(model.split(' ')[0]!);
  }
  await page.getByTestId('contract-quote').click();
  await expect(page.getByTestId('quote-state')).toHaveText(say('states.accepted'));
  await expect(held).toContainText(text('en', 'quotes:holders.contract', { number: '' }).trim());
});
