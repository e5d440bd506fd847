import { describe, expect, it } from 'vitest';
import { addDaysToDay, addMonthsToDay, daysBetween } from '@console/contract/http/upkeep';
import { dueState, nextDue } from './due.ts';

describe('upkeep due arithmetic', () => {
  it('adds calendar months, falling back to the last day of a shorter month', () => {
    expect(addMonthsToDay('2026-01-15', 3)).toBe('2026-04-15');
    expect(addMonthsToDay('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonthsToDay('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-11-30', 12)).toBe('2027-11-30');
    expect(addMonthsToDay('2026-10-31', 3)).toBe('2027-01-31');
  });

  it('adds and counts calendar days across months and years', () => {
    expect(addDaysToDay('2026-12-25', 15)).toBe('2027-01-09');
    expect(addDaysToDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-05-01', '2026-05-16')).toBe(15);
    expect(daysBetween('2026-05-01', '2026-04-28')).toBe(-3);
  });

  it('computes the next due day as a plain calendar day, and the due hours of hours plans', () => {
    expect(nextDue('6m', null, '2026-01-10', 100)).toEqual({ nextDueAt: '2026-07-10', nextDueHours: null });
    expect(nextDue('3m', null, '2026-03-31', 0).nextDueAt).toBe('2026-06-30');
    expect(nextDue('12m', null, '2026-02-28', 0).nextDueAt).toBe('2027-02-28');
    expect(nextDue('hours', 250, '2026-01-10', 1200)).toEqual({ nextDueAt: null, nextDueHours: 1450 });
  });

  it('tells ok, due soon (15 days) and overdue for date plans', () => {
    const today = '2026-05-01';
    const plan = (nextDueAt: string) => ({ nextDueAt, nextDueHours: null });
    expect(dueState(plan('2026-05-17'), 0, today)).toEqual({ due: 'ok', remaining: 16 });
    expect(dueState(plan('2026-05-16'), 0, today)).toEqual({ due: 'dueSoon', remaining: 15 });
    expect(dueState(plan(today), 0, today)).toEqual({ due: 'overdue', remaining: 0 });
    expect(dueState(plan('2026-04-28'), 0, today)).toEqual({ due: 'overdue', remaining: -3 });
  });

  it('tells ok, due soon (50 hours) and overdue for hours plans', () => {
    const plan = { nextDueAt: null, nextDueHours: 1000 };
    const today = '2026-05-01';
    expect(dueState(plan, 949, today)).toEqual({ due: 'ok', remaining: 51 });
    expect(dueState(plan, 950, today)).toEqual({ due: 'dueSoon', remaining: 50 });
    expect(dueState(plan, 1000, today)).toEqual({ due: 'overdue', remaining: 0 });
    expect(dueState(plan, 1012.5, today)).toEqual({ due: 'overdue', remaining: -12.5 });
  });
});
