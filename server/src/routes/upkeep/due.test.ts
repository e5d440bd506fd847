import { describe, expect, it } from 'vitest';
import { addMonthsToDay } from '@console/contract/http/upkeep';
import { dueState, nextDue } from './due.ts';

const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
const DAY = 24 * 3600 * 1000;

describe('upkeep due arithmetic', () => {
  it('adds calendar months, falling back to the last day of a shorter month', () => {
    expect(addMonthsToDay('2026-01-15', 3)).toBe('2026-04-15');
    expect(addMonthsToDay('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonthsToDay('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-11-30', 12)).toBe('2027-11-30');
    expect(addMonthsToDay('2026-10-31', 3)).toBe('2027-01-31');
  });

  it('computes the next due day in the user’s zone, and the due hours of hours plans', () => {
    expect(nextDue('6m', null, '2026-01-10', 100, 'UTC')).toEqual({ nextDueAt: day('2026-07-10'), nextDueHours: null });
    // Midnight in Shanghai is 16:00 UTC the day before.
    expect(nextDue('3m', null, '2026-03-31', 0, 'Asia/Shanghai').nextDueAt).toBe(day('2026-06-30') - 8 * 3600_000);
    expect(nextDue('12m', null, '2026-02-28', 0, 'UTC').nextDueAt).toBe(day('2027-02-28'));
    expect(nextDue('hours', 250, '2026-01-10', 1200, 'UTC')).toEqual({ nextDueAt: null, nextDueHours: 1450 });
  });

  it('tells ok, due soon (15 days) and overdue for date plans', () => {
    const now = day('2026-05-01');
    expect(dueState({ nextDueAt: now + 16 * DAY, nextDueHours: null }, 0, now)).toEqual({ due: 'ok', remaining: 16 });
    expect(dueState({ nextDueAt: now + 15 * DAY, nextDueHours: null }, 0, now)).toEqual({
      due: 'dueSoon',
      remaining: 15,
    });
    expect(dueState({ nextDueAt: now, nextDueHours: null }, 0, now)).toEqual({ due: 'overdue', remaining: 0 });
    expect(dueState({ nextDueAt: now - 3 * DAY, nextDueHours: null }, 0, now)).toEqual({
      due: 'overdue',
      remaining: -3,
    });
  });

  it('tells ok, due soon (50 hours) and overdue for hours plans', () => {
    const plan = { nextDueAt: null, nextDueHours: 1000 };
    expect(dueState(plan, 949, 0)).toEqual({ due: 'ok', remaining: 51 });
    expect(dueState(plan, 950, 0)).toEqual({ due: 'dueSoon', remaining: 50 });
    expect(dueState(plan, 1000, 0)).toEqual({ due: 'overdue', remaining: 0 });
    expect(dueState(plan, 1012.5, 0)).toEqual({ due: 'overdue', remaining: -12.5 });
  });
});
