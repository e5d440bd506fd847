import { describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { brandEndpoints } from '@console/contract/http/brand';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { deviceEndpoints } from '@console/contract/http/devices';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { warningEndpoints } from '@console/contract/http/warning';
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
