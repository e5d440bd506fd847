import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import type { MenuNode } from '@console/contract/http/menus';
import { mayOpenScreen } from '@console/contract/screens/access';
import { dashboardScreens } from '@console/contract/screens/dashboard';
import { deviceScreens } from '@console/contract/screens/devices';
import { fenceScreens } from '@console/contract/screens/fences';
import { invoiceScreens } from '@console/contract/screens/invoices';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { leaseBillingScreens } from '@console/contract/screens/lease-billing';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { settingScreens } from '@console/contract/screens/settings';
import { trackScreens } from '@console/contract/screens/tracks';
import { warningScreens } from '@console/contract/screens/warning';
import { DEMO_PASSWORD } from '@console/db/seed/accounts';
import { SUBLESSOR_DEMO_ACCOUNT } from '@console/db/seed/lease-sublease';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const leafPaths = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.nodes.length ? leafPaths(n.nodes) : [n.url.split('?')[0]!]));

/**
 * A sub-lessor's people are role 11, the catch-all they share with a renter's users (decision 042): their sidebar is
 * what a sub-lessor has (its sub-leases and the machines it got back), not the renter's contracts, bills, invoices,
 * fences and alarms, which would open empty for it.
 */
describe("a sub-lessor's sidebar", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  const SUBLESSOR_PAGES = [
    dashboardScreens.home,
    deviceScreens.list,
    deviceScreens.overview,
    trackScreens.playback,
    leaseSubleaseScreens.subleases,
    settingScreens.settings,
  ].map((s) => s.path);
  const RENTER_PAGES = [
    leaseContractScreens.contractMng,
    leaseBillingScreens.billRecord,
    invoiceScreens.invoiceMng,
    fenceScreens.list,
    warningScreens.centre,
  ].map((s) => s.path);

  it('holds only what a sub-lessor has, at sign-in and when the console asks again', async () => {
    const login = await t.call(authEndpoints.login, {
      query: { account: SUBLESSOR_DEMO_ACCOUNT, password: DEMO_PASSWORD },
    });
    expect(login.status, login.message).toBe('200');
    expect(login.data.roleId).toBe(ROLE.other);
    expect(login.data.orgKind).toBe('sublessor');
    expect(new Set(leafPaths(login.data.menus))).toEqual(new Set(SUBLESSOR_PAGES));
    // No group is left without an entry (rental management keeps only the sub-leases).
    expect(login.data.menus.filter((group) => group.url !== '/dashboard' && group.nodes.length === 0)).toEqual([]);

    const info = await t.call(authEndpoints.getUserInfo, { token: login.data.token });
    expect(info.data.orgKind).toBe('sublessor');
    expect(new Set(leafPaths(info.data.menus))).toEqual(new Set(SUBLESSOR_PAGES));
  });

  it("leaves a renter's users of the same role their contracts, bills, invoices, fences and alarms", async () => {
    const token = await t.signIn(ROLE.other);
    const info = await t.call(authEndpoints.getUserInfo, { token });
    expect(info.data.orgKind).toBe('customer');
    expect(leafPaths(info.data.menus)).toEqual(expect.arrayContaining([...RENTER_PAGES, ...SUBLESSOR_PAGES]));
  });

  it('refuses the hidden pages to a sub-lessor, as the console checks a typed address', () => {
    for (const path of RENTER_PAGES) {
      expect(mayOpenScreen({ path }, ROLE.other, 'sublessor'), path).toBe(false);
      expect(mayOpenScreen({ path }, ROLE.other, 'customer'), path).toBe(true);
    }
    for (const path of SUBLESSOR_PAGES) expect(mayOpenScreen({ path }, ROLE.other, 'sublessor'), path).toBe(true);
  });
});
