import { ROLE } from '@console/contract/codes/roles';
import { availabilityEndpoints, type CalendarAnswer } from '@console/contract/http/availability';
import { quoteEndpoints, type QuoteOptions } from '@console/contract/http/quotes';
import type { Api } from '../../fixtures/e2e-api.ts';
import { expect, openTab, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, given: Record<string, string | number> = {}) => text('en', `availability:${key}`, given);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A named machine held by a sent quote from the day after tomorrow for three days (the first machine of a priced model
 * that nothing else holds then), and a machine out on lease, both read as the salesperson.
 */
async function facts(api: Api) {
  const sales = await api.signIn(ROLE.lessorSales);
  const token = sales.token;
  const probe = (await api.call(availabilityEndpoints.calendar, { token, query: { from: '2026-01-01', days: 1 } }))
    .data as CalendarAnswer;
  const today = probe.today;
  const options = (await api.call(quoteEndpoints.options, { token })).data as QuoteOptions;
  const priced = new Set(options.prices.filter((p) => p.businessModel === 23 && p.dayCents).map((p) => p.modelId));
  const [from, to] = [addDays(today, 2), addDays(today, 4)];
  let held: { serial: string; quoteId: number; number: string; storeId: number; modelId: number } | undefined;
  for (const machine of options.machines.filter((m) => m.modelId !== null && priced.has(m.modelId))) {
    const made = await api.call(quoteEndpoints.create, {
      token,
      body: {
        renterId: options.renters[0]!.id,
        storeId: machine.storeId,
        validUntil: addDays(today, 1),
        startOn: from,
        endOn: to,
        siteAddress: 'Zhangjiang Road 88',
        lines: [{ deviceId: machine.id, businessModel: 23, discountBp: 0 }],
      },
    });
    expect(made.status, made.message).toBe('200');
    const sent = await api.call(quoteEndpoints.move, { token, body: { id: made.data.id, action: 'send' } });
    if (sent.status === '200') {
      held = {
        serial: machine.serialNumber,
        quoteId: made.data.id,
        number: made.data.number,
        storeId: machine.storeId,
        modelId: machine.modelId!,
      };
      break;
    }
    await api.call(quoteEndpoints.move, { token, body: { id: made.data.id, action: 'withdraw' } });
  }
  if (!held) throw new Error('no machine free to hold');
  // A machine on lease today: the first page of the calendar from today that shows one.
  let leased: { serial: string; contractId: number } | undefined;
  for (let page = 1; !leased && page <= 20; page++) {
    const answer = (
      await api.call(availabilityEndpoints.calendar, { token, query: { from: today, days: 7, page, pageSize: 100 } })
    ).data as CalendarAnswer;
    for (const m of answer.list) {
      const span = m.spans.find((s) => s.state === 'leased' && s.from === today && s.ref !== null);
      if (span) {
        leased = { serial: m.serialNumber, contractId: answer.refs[span.ref!]!.id };
        break;
      }
    }
    if (answer.list.length < 100) break;
  }
  if (!leased) throw new Error('no machine on lease in the demo business');
  return { today, from, held, leased };
}

test('the calendar colours a reserved and a leased machine, a click opens the record, and the model view counts', async ({
  page,
  api,
}) => {
  const f = await facts(api);
  await signInAs(page, api, ROLE.lessorSales);

  // The reserved machine: its days coloured as reserved, by the quote; the legend names every state.
  await page.goto(`/leaseCenter/availability?from=${f.today}&keyword=${f.held.serial}`);
  const legend = page.getByTestId('availability-legend');
  for (const state of ['leased', 'reserved', 'service', 'locked', 'offline', 'free']) {
    await expect(legend.getByText(say(`states.${state}`), { exact: true })).toBeVisible();
  }
  const heldRow = page.getByTestId(`machine-${f.held.serial}`);
  const reserved = heldRow.locator(`td[data-state="reserved"][data-from="${f.from}"]`);
  await expect(reserved).toBeVisible();
  await expect(reserved).toHaveCSS('background-color', 'rgb(250, 173, 20)');
  await expect(reserved).toHaveAttribute('title', new RegExp(`^${say('states.reserved')} · Quote `));
  // A sent quote's bar may be moved: its click offers to open the quote, or to move its dates.
  await reserved.click();
  const record = say('kinds.quote', { number: f.held.number });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: say('move.open', { record }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/leaseCenter/quoteDetail\\?id=${f.held.quoteId}$`));

  // The leased machine: coloured as on lease from today, its click opens the contract.
  await page.goto(`/leaseCenter/availability?from=${f.today}&keyword=${f.leased.serial}`);
  const leased = page
    .getByTestId(`machine-${f.leased.serial}`)
    .locator(`td[data-state="leased"][data-from="${f.today}"]`);
  await expect(leased).toBeVisible();
  await expect(leased).toHaveCSS('background-color', 'rgb(22, 119, 255)');
  await leased.click();
  await expect(page).toHaveURL(new RegExp(`/leaseCenter/contractDetail\\?id=${f.leased.contractId}$`));

  // The model view of the held machine's store: its model's free count per day, as the holding rule counts it.
  const token = (await api.signIn(ROLE.lessorSales)).token;
  const counted = (
    await api.call(availabilityEndpoints.models, {
      token,
      query: { from: f.today, days: 31, storeId: f.held.storeId, modelId: f.held.modelId },
    })
  ).data as { days: string[]; list: { modelId: number; free: number[]; held: number[] }[] };
  const model = counted.list.find((m) => m.modelId === f.held.modelId)!;
  await page.goto(`/leaseCenter/availability?from=${f.today}&storeId=${f.held.storeId}&modelId=${f.held.modelId}`);
  await openTab(page, say('tabs.models'));
  const row = page.getByTestId(`model-${f.held.modelId}`);
  await expect(row).toBeVisible();
  const heldDay = counted.days.indexOf(f.from);
  await expect(row.locator(`td[data-day="${f.from}"]`)).toHaveText(String(model.free[heldDay]));
  expect(model.free.every((n) => n >= 0)).toBe(true);
  await expect(page).toHaveURL(/tab=models/);
});

test("the calendar's first answer is asked for beside the console's code, as the page asks it: asked once", async ({
  page,
  api,
}) => {
  const f = await facts(api);
  await signInAs(page, api, ROLE.lessorSales);
  // In the order the browser asked: the calendar's reads and the page's own code.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === `/api${availabilityEndpoints.calendar.path}`) asked.push(url.search);
    else if (/\/availability-page-[^/]*\.js$/.test(url.pathname)) asked.push('page code');
  });
  await page.goto(`/leaseCenter/availability?keyword=${f.held.serial}&days=62&from=${f.today}`);
  await expect(page.getByTestId('availability-grid')).toHaveAttribute('data-drawn', new RegExp(`^${f.today}/62/1/`));
  await expect(
    page.getByTestId(`machine-${f.held.serial}`).locator(`td[data-state="reserved"][data-from="${f.from}"]`),
  ).toBeVisible();
  // Asked before the page's code had come, and the page drew that answer instead of asking again.
  expect(asked).toEqual([`?from=${f.today}&days=62&keyword=${f.held.serial}&page=1&pageSize=100`, 'page code']);
});
