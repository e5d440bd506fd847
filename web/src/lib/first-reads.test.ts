import { afterEach, describe, expect, it, vi } from 'vitest';
import { availabilityEndpoints } from '@console/contract/http/availability';
import { authEndpoints } from '@console/contract/http/auth';
import { brandEndpoints } from '@console/contract/http/brand';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { deviceEndpoints } from '@console/contract/http/devices';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { warningEndpoints } from '@console/contract/http/warning';
import { availabilityScreens } from '@console/contract/screens/availability';
import { dashboardScreens } from '@console/contract/screens/dashboard';
import { deviceScreens } from '@console/contract/screens/devices';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { warningScreens } from '@console/contract/screens/warning';
import { CONSOLE_READS, firstReads } from './first-reads.ts';

describe('firstReads', () => {
  it("names the console's own first reads by their declared endpoints", () => {
    expect(CONSOLE_READS).toEqual({ brand: brandEndpoints.metadata.path, user: authEndpoints.getUserInfo.path });
  });

  it("names each page's first read by the endpoint its page declares", () => {
    expect(firstReads(dashboardScreens.home.path, '')).toEqual([dashboardEndpoints.figures.path]);
    expect(firstReads(deviceScreens.list.path, '')).toEqual([deviceEndpoints.list.path]);
    expect(firstReads(leaseContractScreens.contractMng.path, '')).toEqual([leaseContractEndpoints.list.path]);
    expect(firstReads(warningScreens.centre.path, '')).toEqual([`${warningEndpoints.list.path}?state=open`]);
    expect(firstReads(availabilityScreens.availability.path, '?from=2027-01-01')).toEqual([
      `${availabilityEndpoints.calendar.path}?from=2027-01-01&days=31&page=1&pageSize=100`,
    ]);
    expect(firstReads(availabilityScreens.availability.path, '?tab=models&storeId=3&from=2027-01-01')).toEqual([
      `${availabilityEndpoints.models.path}?from=2027-01-01&days=31&storeId=3`,
    ]);
  });

  describe('the availability calendar', () => {
    afterEach(() => vi.useRealTimers());
    const calendar = (search: string) => firstReads('/leaseCenter/availability', search);

    it("opens on today's month, a month long, on the first page of 100 machines", () => {
      vi.useFakeTimers({ now: new Date(2026, 11, 31, 23, 30) });
      expect(calendar('')).toEqual(['/availability/calendar.do?from=2026-12-01&days=31&page=1&pageSize=100']);
      // A day or a span the page does not take is read as the page reads it: today's month, one month.
      expect(calendar('?from=2027-1-5&days=45')).toEqual([
        '/availability/calendar.do?from=2026-12-01&days=31&page=1&pageSize=100',
      ]);
    });

    it("sends the address's span, filters and page in the grid's order, without empty values", () => {
      expect(
        calendar('?keyword=AWP%2000&page=2&customerId=&days=62&kind=forklift&storeId=3&modelId=9&from=2027-02-01'),
      ).toEqual([
        '/availability/calendar.do?from=2027-02-01&days=62&storeId=3&kind=forklift&modelId=9&keyword=AWP+00&page=2&pageSize=100',
      ]);
      expect(calendar('?tab=machines&storeId=abc&from=2027-02-01')).toEqual([
        '/availability/calendar.do?from=2027-02-01&days=31&page=1&pageSize=100',
      ]);
    });

    it("reads the models' tab of a chosen store, and nothing before the filters name the first store", () => {
      expect(calendar('?tab=models&storeId=3&kind=forklift&keyword=AWP&page=2&from=2027-02-01&days=62')).toEqual([
        '/availability/models.do?from=2027-02-01&days=62&storeId=3&kind=forklift',
      ]);
      expect(calendar('?tab=models')).toEqual([]);
    });
  });

  it('sends the address query as the list page does: without empty values, a fixed parameter first', () => {
    expect(firstReads('/deviceManagement', '?page=2&serialNumber=&sortField=createdAt&sortOrder=descend')).toEqual([
      '/device/list.do?page=2&sortField=createdAt&sortOrder=descend',
    ]);
    expect(firstReads('/deviceManagement', '?serialNumber=A%2001')).toEqual(['/device/list.do?serialNumber=A+01']);
    expect(firstReads('/warning/all', '?page=3&state=ended')).toEqual(['/warning/list.do?state=ended&page=3']);
  });

  it('matches the address as the router does, and reads nothing for another view or page', () => {
    expect(firstReads('/DeviceManagement/', '')).toEqual(['/device/list.do']);
    expect(firstReads('/deviceManagement', '?view=map')).toEqual([]);
    expect(firstReads('/deviceManagement/deviceOverview', '')).toEqual([]);
  });
});
