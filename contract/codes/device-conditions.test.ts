import { describe, expect, it } from 'vitest';
import { lifecycleConditions, type LifecycleFacts } from './device-conditions.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const TODAY = '2026-11-25';
const daysAgo = (days: number) => new Date(NOW - days * 24 * 3600 * 1000);
const dayAgo = (days: number) => daysAgo(days).toISOString().slice(0, 10);
const fitted: LifecycleFacts = {
  inventoryState: 'installed',
  leaseStatus: 'stock',
  customerOrgId: null,
  installedAt: dayAgo(3),
  lastReportAt: daysAgo(0),
};

describe('lifecycle labels', () => {
  it('is debugging while a fitted, reporting machine waits for its first delivery', () => {
    expect(lifecycleConditions(fitted, TODAY)).toEqual(['debugging']);
    // Not yet reporting: nothing to commission; delivered or rented out: in service.
    expect(lifecycleConditions({ ...fitted, lastReportAt: null }, TODAY)).toEqual([]);
    expect(lifecycleConditions({ ...fitted, leaseStatus: 'leased' }, TODAY)).toEqual([]);
    expect(lifecycleConditions({ ...fitted, customerOrgId: 12 }, TODAY)).toEqual([]);
    // Long after its fitting it is stock standing in the yard, not a machine being commissioned.
    expect(lifecycleConditions({ ...fitted, installedAt: dayAgo(30) }, TODAY)).toEqual(['debugging']);
    expect(lifecycleConditions({ ...fitted, installedAt: dayAgo(31) }, TODAY)).toEqual([]);
  });

  it('is discontinued once the owner took its unit off, never before it was fitted', () => {
    expect(lifecycleConditions({ ...fitted, inventoryState: 'inventory', installedAt: dayAgo(400) }, TODAY)).toEqual([
      'discontinued',
    ]);
    expect(lifecycleConditions({ ...fitted, inventoryState: 'inventory', installedAt: null }, TODAY)).toEqual([]);
  });
});
