import { JD_APPIDS } from '@console/contract/http/brand';
import { ROLE } from '@console/contract/codes/roles';
import { href } from '@console/contract/screens/screen';
import { dashboardScreens } from '@console/contract/screens/dashboard';
import { homeScreens } from '@console/contract/screens/home';
import { leaseRevenueScreens } from '@console/contract/screens/lease-revenue';

export interface Shortcut {
  key: 'dashboard' | 'bigScreen' | 'revenue';
  to: string;
}

/**
 * The top bar's shortcuts of spec section 6: the dashboard for everyone but role 6, the data big screen for
 * role 2 (/jdBigScreen under the two JD app ids, with a `from` query), revenue analysis for role 5 when
 * its company leases (non-zero leaseType).
 */
export function shortcutsFor(user: { roleId: number; leaseType: number }, appid: string, from: string): Shortcut[] {
  const list: Shortcut[] = [];
  if (user.roleId !== ROLE.lessorSales) list.push({ key: 'dashboard', to: href(dashboardScreens.home) });
  if (user.roleId === ROLE.companyAdmin) {
    const screen = (JD_APPIDS as readonly string[]).includes(appid) ? homeScreens.jdBigScreen : homeScreens.bigScreen;
    list.push({ key: 'bigScreen', to: href(screen, { from }) });
  }
  if (user.roleId === ROLE.lessorAdmin && user.leaseType !== 0)
    list.push({ key: 'revenue', to: href(leaseRevenueScreens.dashboard) });
  return list;
}

/** Roles 5 and 6 have the corporate settings item in the user menu. */
export function hasCorporateSettings(roleId: number): boolean {
  return roleId === ROLE.lessorAdmin || roleId === ROLE.lessorSales;
}
