import { describe, expect, it } from 'vitest';
import { SHOP_ORDER_FLOW, SHOP_ORDER_STATES, shopOrderAllows, splitSerials } from './shop-orders.ts';

describe('the shop order flow', () => {
  it('reaches every state from created, and only the provider moves a charging order', () => {
    const reached = new Set<string>(['created']);
    for (let round = 0; round < SHOP_ORDER_STATES.length; round++)
      for (const rule of Object.values(SHOP_ORDER_FLOW))
        if (rule.from.some((s) => reached.has(s))) reached.add(rule.to);
    expect([...reached].sort()).toEqual([...SHOP_ORDER_STATES].sort());
    expect(shopOrderAllows('paid', 'charging', 'provider')).toBe(true);
    expect(shopOrderAllows('paid', 'charging', 'buyer')).toBe(false);
    expect(shopOrderAllows('cancel', 'charging')).toBe(false);
    expect(shopOrderAllows('ship', 'paid', 'buyer')).toBe(false);
    expect(shopOrderAllows('receive', 'shipped', 'buyer')).toBe(true);
    expect(shopOrderAllows('complete', 'completed')).toBe(false);
  });

  it('splits shipping serials on commas (a Chinese comma too), dropping blanks', () => {
    expect(splitSerials(' AWP001, AWP002，AWP003 ,, ')).toEqual(['AWP001', 'AWP002', 'AWP003']);
    expect(splitSerials('')).toEqual([]);
  });
});
