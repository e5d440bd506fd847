import { describe, expect, it } from 'vitest';
import { lifecycleConditions, type LifecycleFacts } from './device-conditions.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 24 * 3600 * 1000);
const fitted: LifecycleFacts = {
  inventoryState: 'installed',
  leaseStatus: 'stock',
  customerOrgId: null,
  installedAt: daysAgo(3),
  lastReportAt: daysAgo(0),
};

describe('lifecycle labels', () => {
  it('is debugging while a fitted, reporting machine waits for its first delivery', () => {
    expect(lifecycleConditions(fitted, NOW)).toEqual(['debugging']);
    // Not yet reporting: nothing to commission; delivered or rented out: in service.
    expect(lifecycleConditions({ ...fitted, lastReportAt: null }, NOW)).toEqual([]);
    expect(lifecycleConditions({ ...fitted, leaseStatus: 'leased' }, NOW)).toEqual([]);
    expect(lifecycleConditions({ ...fitted, customerOrgId: 12 }, NOW)).toEqual([]);
    // Long after its fitting it is stock standing in the yard, not a machine being commissioned.
    expect(lifecycleConditions({ ...fitted, installedAt: daysAgo(31) }, NOW)).toEqual([]);
  });

  it('is discontinued once the owner took its unit off, never before it was fitted', () => {
    expect(lifecycleConditions({ ...fitted, inventoryState: 'inventory', installedAt: daysAgo(400) }, NOW)).toEqual([
      'discontinued',
    ]);
    expect(lifecycleConditions({ ...fitted, inventoryState: 'inventory', installedAt: null }, NOW)).toEqual([]);
  });
});
