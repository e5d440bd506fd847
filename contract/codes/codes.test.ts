import { describe, expect, it } from 'vitest';
import { BUSINESS_MODEL, priceDisplay } from './business-models.ts';
import { CONTRACT_STATUS, contractStatusTable, OTHER_KIND_STATUS } from './contract-status.ts';
import { DEVICE_STATUS, hasRiskPermission } from './device-status.ts';
import { TAX_RATES } from './accounts.ts';

describe('contract status', () => {
  it('colours 1, 3, 5, 6 amber; 2, 4, 9 red; 7 green', () => {
    const colours = Object.fromEntries(CONTRACT_STATUS.codes.map((c) => [c.value, c.color]));
    expect([1, 3, 5, 6].map((v) => colours[v])).toEqual(['gold', 'gold', 'gold', 'gold']);
    expect([2, 4, 9].map((v) => colours[v])).toEqual(['red', 'red', 'red']);
    expect(colours[7]).toBe('green');
  });

  it('shows 8 as closed in grey for contracts and completed in green for other kinds', () => {
    expect(contractStatusTable('contract').get(8)).toEqual({
      value: 8,
      key: 'contractStatus.closed',
      color: 'default',
    });
    expect(contractStatusTable('other').get(8)).toEqual({ value: 8, key: 'contractStatus.completed', color: 'green' });
    expect(OTHER_KIND_STATUS.get(1)?.key).toBe('contractStatus.pendingReview');
  });

  it('finds a code from its text form and nothing for an unknown value', () => {
    expect(CONTRACT_STATUS.get('7')?.key).toBe('contractStatus.inExecution');
    expect(CONTRACT_STATUS.get(10)).toBeUndefined();
    expect(CONTRACT_STATUS.get('')).toBeUndefined();
  });
});

describe('price display', () => {
  const prices = { day: 120, month: 3000 };
  it('shows day and month prices for 22', () => {
    expect(priceDisplay(22, prices)).toEqual([
      { unit: 'day', amount: 120 },
      { unit: 'month', amount: 3000 },
    ]);
  });
  it('shows the day price for 23 and 27 and the month price for 24 and 25', () => {
    expect(priceDisplay(23, prices)).toEqual([{ unit: 'day', amount: 120 }]);
    expect(priceDisplay(27, prices)).toEqual([{ unit: 'day', amount: 120 }]);
    expect(priceDisplay(24, prices)).toEqual([{ unit: 'month', amount: 3000 }]);
    expect(priceDisplay(25, prices)).toEqual([{ unit: 'month', amount: 3000 }]);
  });
  it('shows a missing price as null and nothing for an unknown model', () => {
    expect(priceDisplay(23, { month: 5 })).toEqual([{ unit: 'day', amount: null }]);
    expect(priceDisplay(26, prices)).toEqual([]);
    expect(BUSINESS_MODEL.values).toEqual([22, 23, 24, 25, 27]);
  });
});

describe('device status', () => {
  it('grants risk permission for 2, 3, 5 and 8 only', () => {
    const allowed = DEVICE_STATUS.values.filter((v) => hasRiskPermission(v));
    expect(allowed).toEqual([2, 3, 5, 8]);
    expect(hasRiskPermission(0)).toBe(false);
  });
});

describe('tax rates', () => {
  it('allow fewer rates on special invoices than on ordinary ones', () => {
    expect(TAX_RATES.special.length).toBeGreaterThan(0);
    expect(TAX_RATES.special.every((r) => TAX_RATES.ordinary.includes(r))).toBe(true);
    expect(TAX_RATES.ordinary).toContain(1);
    expect(TAX_RATES.special).not.toContain(1);
  });
});
