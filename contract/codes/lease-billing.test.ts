import { describe, expect, it } from 'vitest';
import {
  amountThrough,
  billingDaysBetween,
  billPart,
  billState,
  daysOverdue,
  type BilledPeriod,
} from './lease-billing.ts';
import { lineAmountCents, MODEL_PRICING } from './lease-pricing.ts';

/** The worked examples: day price 300.00, month price 6,000.00; entry and exit day both count. */
const prices = { dayCents: 30_000, monthCents: 600_000 };
const span = (start: string, end: string) => ({ start, end, day: 30_000, month: 600_000 });
const cents = (model: 22 | 23 | 24 | 25 | 27, start: string, end: string) =>
  Math.round(MODEL_PRICING[model](span(start, end)));

describe('one pricing function per business model (worked examples)', () => {
  it('23 daily: 10 days cost 3,000.00', () => {
    expect(cents(23, '2026-03-01', '2026-03-10')).toBe(300_000);
  });
  it('27 daily with at least 7 days: 3 days cost 2,100.00, 10 days 3,000.00', () => {
    expect(cents(27, '2026-03-01', '2026-03-03')).toBe(210_000);
    expect(cents(27, '2026-03-01', '2026-03-10')).toBe(300_000);
  });
  it('22 daily converting to monthly: 10 days 3,000.00, 25 days 6,000.00, 45 days 10,500.00', () => {
    expect(cents(22, '2026-03-01', '2026-03-10')).toBe(300_000);
    expect(cents(22, '2026-03-01', '2026-03-25')).toBe(600_000);
    expect(cents(22, '2026-03-01', '2026-04-14')).toBe(1_050_000);
  });
  it('24 monthly (30 days): 45 days cost 6,000.00 + 15 × 200.00 = 9,000.00', () => {
    expect(cents(24, '2026-03-01', '2026-04-14')).toBe(900_000);
  });
  it('25 calendar month: 15 March to 30 April costs 6,000.00 × 17/31 + 6,000.00 = 9,290.32', () => {
    expect(cents(25, '2026-03-15', '2026-04-30')).toBe(929_032);
  });
  it('prices a contract line with the same functions', () => {
    expect(lineAmountCents(25, prices, '2026-03-15', '2026-04-30', 2)).toBe(2 * 929_032);
    expect(lineAmountCents(26, prices, '2026-03-15', '2026-04-30')).toBe(0);
  });
});

const period = (model: number, startOn: string, endOn: string | null): BilledPeriod => ({
  startOn,
  endOn,
  businessModel: model,
  prices,
  billedThrough: null,
  billedCents: 0,
});

/** Bills a period at each cut day in turn, as the scheduler would: the parts it charges. */
function billAt(p: BilledPeriod, cuts: string[]) {
  const parts = [];
  let current = p;
  for (const cut of cuts) {
    const part = billPart(current, cut);
    if (!part) continue;
    parts.push(part);
    current = { ...current, billedThrough: part.toOn, billedCents: current.billedCents + part.amountCents };
  }
  return parts;
}
const sum = (parts: { amountCents: number }[]) => parts.reduce((s, p) => s + p.amountCents, 0);

describe('a lease period cut into several bills', () => {
  it('charges the cumulative price less what was billed: the bills add up to the whole lease', () => {
    // 25 from 15 March, billing day 1: bills through 31 March and 30 April, returned on 30 April.
    const parts = billAt(period(25, '2026-03-15', '2026-04-30'), ['2026-03-31', '2026-04-30']);
    expect(parts.map((p) => [p.fromOn, p.toOn, p.amountCents])).toEqual([
      ['2026-03-15', '2026-03-31', Math.round((17 * 600_000) / 31)],
      ['2026-04-01', '2026-04-30', 929_032 - Math.round((17 * 600_000) / 31)],
    ]);
    expect(sum(parts)).toBe(929_032);
  });

  it('22 turns monthly across bills too: 45 days cut at day 20 still cost 10,500.00', () => {
    const parts = billAt(period(22, '2026-03-01', '2026-04-14'), ['2026-03-20', '2026-04-14']);
    expect(parts.map((p) => p.amountCents)).toEqual([600_000, 450_000]);
    expect(sum(parts)).toBe(1_050_000);
  });

  it('27 bills the days while on lease and the seven-day minimum at the return', () => {
    const running = billAt(period(27, '2026-03-01', null), ['2026-03-02']);
    expect(running.map((p) => p.amountCents)).toEqual([60_000]);
    const returned = billAt(period(27, '2026-03-01', '2026-03-03'), ['2026-03-02', '2026-03-03']);
    expect(returned.map((p) => p.amountCents)).toEqual([60_000, 150_000]);
    expect(sum(returned)).toBe(210_000);
  });

  it('stops at the exit and charges nothing twice', () => {
    const p = period(23, '2026-03-01', '2026-03-10');
    const parts = billAt(p, ['2026-03-31', '2026-03-31', '2026-04-30']);
    expect(parts).toEqual([{ fromOn: '2026-03-01', toOn: '2026-03-10', days: 10, amountCents: 300_000 }]);
    expect(billPart(period(23, '2026-04-02', null), '2026-03-31')).toBeNull();
  });

  it('prices a running 24 by thirtieths and the same lease as a whole at its end', () => {
    expect(amountThrough(period(24, '2026-03-01', null), '2026-03-15')).toBe(300_000);
    expect(amountThrough(period(24, '2026-03-01', '2026-04-14'), '2026-04-14')).toBe(900_000);
  });
});

describe('billing days, states and overdue days', () => {
  it('lists the billing days after a day up to today', () => {
    expect(billingDaysBetween('2026-03-15', '2026-05-05', 5)).toEqual(['2026-04-05', '2026-05-05']);
    expect(billingDaysBetween('2026-04-05', '2026-04-05', 5)).toEqual([]);
    expect(billingDaysBetween('2026-12-20', '2027-01-02', 1)).toEqual(['2027-01-01']);
  });
  it('names a bill open, partly paid or paid', () => {
    expect(billState(1000, 0)).toBe('open');
    expect(billState(1000, 400)).toBe('partlyPaid');
    expect(billState(1000, 1000)).toBe('paid');
  });
  it('counts the days past the due day', () => {
    expect(daysOverdue('2026-04-15', '2026-04-15')).toBe(0);
    expect(daysOverdue('2026-04-15', '2026-04-20')).toBe(5);
    expect(daysOverdue('2026-04-15', '2026-04-01')).toBe(0);
  });
});
