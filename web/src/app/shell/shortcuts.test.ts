import { describe, expect, it } from 'vitest';
import { hasCorporateSettings, shortcutsFor } from './shortcuts.ts';

const keys = (roleId: number, leaseType = 0, appid = 'zjcloud') =>
  shortcutsFor({ roleId, leaseType }, appid, '/dashboard').map((s) => s.key);

describe('top bar shortcuts', () => {
  it('gives every role but 6 the dashboard shortcut', () => {
    for (const roleId of [1, 2, 3, 4, 5, 7, 8, 9, 10, 11]) expect(keys(roleId)).toContain('dashboard');
    expect(keys(6)).not.toContain('dashboard');
  });
  it('gives role 2 alone the big screen, /jdBigScreen under the JD app ids, with a from query', () => {
    expect(shortcutsFor({ roleId: 2, leaseType: 0 }, 'zjcloud', '/warning/all?x=1')).toContainEqual({
      key: 'bigScreen',
      to: '/bigScreen?from=%2Fwarning%2Fall%3Fx%3D1',
    });
    expect(shortcutsFor({ roleId: 2, leaseType: 0 }, 'jd', '/dashboard')).toContainEqual({
      key: 'bigScreen',
      to: '/jdBigScreen?from=%2Fdashboard',
    });
    for (const roleId of [1, 3, 4, 5, 6]) expect(keys(roleId)).not.toContain('bigScreen');
  });
  it('gives revenue analysis to role 5 when its company leases', () => {
    expect(shortcutsFor({ roleId: 5, leaseType: 1 }, '', '/')).toContainEqual({
      key: 'revenue',
      to: '/leaseCenter/dashboard',
    });
    expect(keys(5, 0)).not.toContain('revenue');
    expect(keys(6, 2)).not.toContain('revenue');
  });
  it('gives corporate settings to roles 5 and 6 only', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].filter(hasCorporateSettings)).toEqual([5, 6]);
  });
});
