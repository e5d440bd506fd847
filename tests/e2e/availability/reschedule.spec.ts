import { ROLE } from '@console/contract/codes/roles';
import { availabilityEndpoints, type CalendarAnswer } from '@console/contract/http/availability';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { quoteEndpoints, type QuoteOptions } from '@console/contract/http/quotes';
import type { Api } from '../../fixtures/e2e-api.ts';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';

const say = (key: string, given: Record<string, string | number> = {}) => text('en', `availability:${key}`, given);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The calendar's day columns are this wide (web/src/features/availability/components/machine-grid.tsx). */
const DAY_WIDTH = 28;

/**
 * A named machine free from 3 to 22 days ahead: the salesperson's sent quote holds it from day 3 to 5, the staff's
 * from day 20 to 22.
 */
async function facts(api: Api) {
  const sales = (await api.signIn(ROLE.lessorSales)).token;
  const staff = (await api.signIn(ROLE.lessorStaff)).token;
  const probe = (
    await api.call(availabilityEndpoints.calendar, { token: sales, query: { from: '2026-01-01', days: 1 } })
  ).data as CalendarAnswer;
  const today = probe.today;
  const options = (await api.call(quoteEndpoints.options, { token: sales })).data as QuoteOptions;
  const priced = new Set(options.prices.filter((p) => p.businessModel === 23 && p.dayCents).map((p) => p.modelId));
  const quote = async (token: string, deviceId: number, storeId: number, from: number, to: number) => {
    const made = await api.call(quoteEndpoints.create, {
      token,
      body: {
        renterId: options.renters[0]!.id,
        storeId,
        validUntil: addDays(today, 1),
        startOn: addDays(today, from),
        endOn: addDays(today, to),
        siteAddress: 'Zhangjiang Road 88',
        lines: [{ deviceId, businessModel: 23, discountBp: 0 }],
      },
    });
    expect(made.status, made.message).toBe('200');
    const sent = await api.call(quoteEndpoints.move, { token, body: { id: made.data.id, action: 'send' } });
    return { ...made.data, sent: sent.status === '200' };
  };
  for (const machine of options.machines.filter((m) => m.modelId !== null && priced.has(m.modelId))) {
    // Free over the whole window: a quote over it is sent, then withdrawn.
    const whole = await quote(sales, machine.id, machine.storeId, 3, 22);
    await api.call(quoteEndpoints.move, { token: sales, body: { id: whole.id, action: 'withdraw' } });
    if (!whole.sent) continue;
    const moved = await quote(sales, machine.id, machine.storeId, 3, 5);
    const other = await quote(staff, machine.id, machine.storeId, 20, 22);
    if (moved.sent && other.sent) return { today, serial: machine.serialNumber, moved, other };
  }
  throw new Error('no machine free to hold');
}

test('a salesperson drags a reservation to other dates, then moves it again from its dialog, refused first where it does not fit', async ({
  page,
  api,
}) => {
  const f = await facts(api);
  const day = (n: number) => addDays(f.today, n);
  const record = say('kinds.quote', { number: f.moved.number });
  await signInAs(page, api, ROLE.lessorSales);
  await page.goto(`/leaseCenter/availability?from=${f.today}&keyword=${f.serial}`);
  const row = page.getByTestId(`machine-${f.serial}`);
  const bar = (from: number) => row.locator(`td[data-state="reserved"][data-from="${day(from)}"]`);
  await expect(bar(3)).toHaveAttribute('data-movable', 'true');
  // The staff's quote is shown, not theirs to move.
  await expect(bar(20)).toBeVisible();
  await expect(bar(20)).not.toHaveAttribute('data-movable', 'true');

  // Dragged by its first day onto the 10th (in whichever cell of the row shows that day): a week later, three days.
  const cells = await row
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-from')!, td.getAttribute('data-to')!]));
  const under = cells.findIndex(([from, to]) => from! <= day(10) && day(10) <= to!);
  const into = (Date.parse(day(10)) - Date.parse(cells[under]![0]!)) / 86_400_000;
  await bar(3).dragTo(row.locator('td').nth(under), {
    sourcePosition: { x: DAY_WIDTH / 2, y: 10 },
    targetPosition: { x: into * DAY_WIDTH + DAY_WIDTH / 2, y: 10 },
  });
  await expect(page.getByText(say('move.done', { number: f.moved.number, from: day(10), to: day(12) }))).toBeVisible();
  await expect(bar(10)).toHaveAttribute('data-to', day(12));
  await expect(bar(3)).toHaveCount(0);

  // From the keyboard: Enter on the bar opens its dialog; onto the other quote's days it is refused, naming it.
  await bar(10).focus();
  await bar(10).press('Enter');
  const dialog = page.getByRole('dialog', { name: say('move.title', { record }) });
  await expect(dialog).toBeVisible();
  const setDays = async (from: number, to: number) => {
    for (const [label, value] of [
      [say('move.startOn'), day(from)],
      [say('move.endOn'), day(to)],
    ] as const) {
      const field = dialog.getByLabel(label, { exact: true });
      await field.fill(value);
      await field.press('Enter');
      await expect(field).toHaveValue(value);
    }
    await dialog.getByRole('button', { name: say('move.submit') }).click();
  };
  await setDays(19, 21);
  await expect(
    page.getByText(`Machine ${f.serial} is held by ${f.other.number} from ${day(20)} to ${day(21)}`),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(bar(10)).toBeVisible();

  // Where it fits it moves, and the calendar shows it there.
  await setDays(14, 16);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(say('move.done', { number: f.moved.number, from: day(14), to: day(16) }))).toBeVisible();
  await expect(bar(14)).toHaveAttribute('data-to', day(16));

  // The quote's history records both moves.
  await bar(14).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: say('move.open', { record }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/leaseCenter/quoteDetail\\?id=${f.moved.id}$`));
  await expect(page.getByText(text('en', 'quotes:events.reschedule'), { exact: true })).toHaveCount(2);
  await expect(
    page.getByText(
      text('en', 'quotes:detail.movedDays', { fromStart: day(10), fromEnd: day(12), start: day(14), end: day(16) }),
    ),
  ).toBeVisible();

  // On the quote's own page "Move dates" opens the same dialog, with its days and without a link to the page it is on.
  await page.getByTestId('move-dates').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(say('move.startOn'), { exact: true })).toHaveValue(day(14));
  await expect(dialog.getByRole('button', { name: say('move.open', { record }) })).toHaveCount(0);
  await setDays(17, 18);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(say('move.done', { number: f.moved.number, from: day(17), to: day(18) }))).toBeVisible();
  await expect(page.getByText(text('en', 'quotes:events.reschedule'), { exact: true })).toHaveCount(3);
  await expect(
    page.getByText(
      text('en', 'quotes:detail.movedDays', { fromStart: day(14), fromEnd: day(16), start: day(17), end: day(18) }),
    ),
  ).toBeVisible();
});

test('a salesperson moves a contract draft’s dates from its page, and the button is gone once it is submitted', async ({
  page,
  api,
}) => {
  const sales = (await api.signIn(ROLE.lessorSales)).token;
  const probe = (
    await api.call(availabilityEndpoints.calendar, { token: sales, query: { from: '2026-01-01', days: 1 } })
  ).data as CalendarAnswer;
  const day = (n: number) => addDays(probe.today, n);
  const options = (await api.call(quoteEndpoints.options, { token: sales })).data as QuoteOptions;
  // A contract draft naming a machine free on its days (it holds the machine as it is saved).
  let made: { id: number; number: string } | null = null;
  for (const machine of options.machines) {
    const answer = await api.call(leaseContractEndpoints.create, {
      token: sales,
      body: {
        renterId: options.renters[0]!.id,
        storeId: machine.storeId,
        startOn: day(40),
        endOn: day(45),
        siteAddress: 'Zhangjiang Road 88',
        lines: [{ deviceId: machine.id, businessModel: 23, dayCents: 50_000 }],
      },
    });
    if (answer.status === '200') {
      made = answer.data as { id: number; number: string };
      break;
    }
  }
  if (!made) throw new Error('no machine free for a contract draft');
  const record = say('kinds.contract', { number: made.number });
  await signInAs(page, api, ROLE.lessorSales);
  await page.goto(`/leaseCenter/contractDetail?id=${made.id}`);
  await page.getByTestId('move-dates').click();
  const dialog = page.getByRole('dialog', { name: say('move.title', { record }) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(say('move.startOn'), { exact: true })).toHaveValue(day(40));
  for (const [label, value] of [
    [say('move.startOn'), day(50)],
    [say('move.endOn'), day(52)],
  ] as const) {
    const field = dialog.getByLabel(label, { exact: true });
    await field.fill(value);
    await field.press('Enter');
    await expect(field).toHaveValue(value);
  }
  await dialog.getByRole('button', { name: say('move.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(say('move.done', { number: made.number, from: day(50), to: day(52) }))).toBeVisible();
  const moved = await api.call(leaseContractEndpoints.detail, { token: sales, query: { id: made.id } });
  expect([moved.data.startOn, moved.data.endOn]).toEqual([day(50), day(52)]);

  // Submitted, its days are the ones in review: the page no longer offers to move them.
  const submitted = await api.call(leaseContractEndpoints.move, {
    token: sales,
    body: { id: made.id, action: 'submit' },
  });
  expect(submitted.status, submitted.message).toBe('200');
  await page.reload();
  await expect(page.getByTestId('contract-number')).toHaveText(made.number);
  await expect(page.getByTestId('move-dates')).toHaveCount(0);
});
