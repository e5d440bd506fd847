import { describe, expect, it } from 'vitest';
import {
  deviceConditions,
  lifecycleConditions,
  TO_BE_RENEWED_DAYS,
  type ConditionFacts,
  type LifecycleFacts,
} from './device-conditions.ts';

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

describe('the conditions a machine reports and its service (decision 062)', () => {
  const leased: ConditionFacts = {
    ...fitted,
    leaseStatus: 'leased',
    customerOrgId: 12,
    online: true,
    latest: { kind: 'forklift', faults: [] },
    serviceExpiresAt: '2027-06-30',
  };
  const dayAhead = (days: number) => new Date(NOW + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

  it('reads unplugged and fault from the fault flags of the latest report', () => {
    expect(deviceConditions(leased, TODAY)).toEqual([]);
    expect(deviceConditions({ ...leased, latest: { faults: ['CTRL_OFFLINE'] } }, TODAY)).toEqual(['unplugged']);
    // Off line, the controller's silence is not known: only the connection is.
    expect(deviceConditions({ ...leased, online: false, latest: { faults: ['CTRL_OFFLINE'] } }, TODAY)).toEqual([]);
    expect(deviceConditions({ ...leased, latest: { faults: ['E12', 'CTRL_OFFLINE'] } }, TODAY)).toEqual([
      'unplugged',
      'fault',
    ]);
    expect(deviceConditions({ ...leased, online: false, latest: { faults: ['E12'] } }, TODAY)).toEqual(['fault']);
    expect(deviceConditions({ ...leased, latest: null }, TODAY)).toEqual([]);
  });

  it('is to be renewed while its service ends within the longest renewal window, today included', () => {
    expect(TO_BE_RENEWED_DAYS).toBe(30);
    expect(deviceConditions({ ...leased, serviceExpiresAt: TODAY }, TODAY)).toEqual(['toBeRenewed']);
    expect(deviceConditions({ ...leased, serviceExpiresAt: dayAhead(29) }, TODAY)).toEqual(['toBeRenewed']);
    expect(deviceConditions({ ...leased, serviceExpiresAt: dayAhead(30) }, TODAY)).toEqual([]);
    // Stopped already: the renewal window says "service stopped", not "to be renewed".
    expect(deviceConditions({ ...leased, serviceExpiresAt: dayAgo(1) }, TODAY)).toEqual([]);
    expect(deviceConditions({ ...leased, serviceExpiresAt: null }, TODAY)).toEqual([]);
  });
});
