import { describe, expect, it } from 'vitest';
import { contractLineInput } from './forms.ts';
import { changeLineInput } from './change-forms.ts';
import { measuredTenths, overtimeCharge, proratedAllowanceTenths, tenthsText } from './overtime.ts';

/** The terms and the arithmetic of overtime from measured hours (docs/decisions/070). */
describe('overtime terms', () => {
  const line = { deviceId: 1, businessModel: 23, dayCents: 30_000 };
  const issues = (input: unknown) =>
    contractLineInput.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('takes both or neither, a price above zero, and at most 24 h a day for a day model', () => {
    expect(issues({ ...line, allowanceTenths: 80, overtimeCents: 4_000 })).toEqual([]);
    expect(issues(line)).toEqual([]);
    expect(issues({ ...line, allowanceTenths: 80 })).toEqual([['overtimeCents', 'lease.overtimePriceRequired']]);
    expect(issues({ ...line, overtimeCents: 4_000 })).toEqual([['allowanceTenths', 'lease.allowanceRequired']]);
    expect(issues({ ...line, allowanceTenths: 80, overtimeCents: 0 })).toEqual([
      ['overtimeCents', 'lease.overtimePriceRequired'],
    ]);
    expect(issues({ ...line, allowanceTenths: 250, overtimeCents: 4_000 })).toEqual([
      ['allowanceTenths', 'lease.allowanceDayMax'],
    ]);
    expect(issues({ ...line, allowanceTenths: 0, overtimeCents: 4_000 })).toEqual([
      ['allowanceTenths', 'lease.allowanceRange'],
    ]);
    // A month model's allowance is per month.
    expect(
      issues({ deviceId: 1, businessModel: 25, monthCents: 600_000, allowanceTenths: 1760, overtimeCents: 5_000 }),
    ).toEqual([]);
  });

  it("checks a change's repricing alike and drops the terms of a removal", () => {
    const reprice = { op: 'reprice', lineId: 3, businessModel: 23, dayCents: 30_000 };
    expect(changeLineInput.safeParse({ ...reprice, allowanceTenths: 80 }).success).toBe(false);
    expect(changeLineInput.parse({ ...reprice, allowanceTenths: 80, overtimeCents: 4_000 })).toMatchObject({
      allowanceTenths: 80,
      overtimeCents: 4_000,
    });
    expect(changeLineInput.parse({ op: 'remove', lineId: 3, allowanceTenths: 80 })).toMatchObject({
      allowanceTenths: null,
      overtimeCents: null,
    });
  });

  it('prorates the allowance as the price is, rounded half up to 0.1 h', () => {
    expect(proratedAllowanceTenths(23, 80, '2027-03-01', '2027-03-10')).toBe(800);
    expect(proratedAllowanceTenths(25, 1760, '2027-03-01', '2027-03-31')).toBe(1760);
    // 176 × 17/31 = 96.516...
    expect(proratedAllowanceTenths(25, 1760, '2027-03-15', '2027-03-31')).toBe(965);
    // 24: a thirtieth a day; 45 days = a month and a half.
    expect(proratedAllowanceTenths(24, 1760, '2027-03-01', '2027-04-14')).toBe(2640);
    expect(measuredTenths(109.96)).toBe(1100);
    expect(measuredTenths(0.05)).toBe(1);
  });

  it('prices the hours above the allowance, none below it', () => {
    expect(overtimeCharge(800, 950, 4_000)).toEqual({ hoursTenths: 150, amountCents: 60_000 });
    expect(overtimeCharge(1760, 1900, 5_000)).toEqual({ hoursTenths: 140, amountCents: 70_000 });
    expect(overtimeCharge(965, 1100, 5_000)).toEqual({ hoursTenths: 135, amountCents: 67_500 });
    expect(overtimeCharge(800, 700, 4_000)).toEqual({ hoursTenths: 0, amountCents: 0 });
    // 0.1 h at 33.35 is 3.335: half up to the cent.
    expect(overtimeCharge(0, 1, 3_335).amountCents).toBe(334);
    expect(tenthsText(965)).toBe('96.5');
    expect(tenthsText(17_600)).toBe('1,760.0');
  });
});
