import type { OrgKind } from '../codes/org-kinds.ts';
import type { RoleId } from '../codes/roles.ts';
import { allMenuEntries } from './all.ts';
import { dashboardScreens } from './dashboard.ts';
import { deviceScreens } from './devices.ts';
import { leaseSubleaseScreens } from './lease-sublease.ts';
import { MENU_GROUPS } from './menu-groups.ts';
import type { MenuEntry, MenuRoles, Screen } from './screen.ts';
import { settingScreens } from './settings.ts';
import { trackScreens } from './tracks.ts';

/**
 * Who may open a screen, read from the sidebar's declarations that the server builds each role's menu from: a
 * screen that sits in the sidebar opens for the roles that see one of its entries there (the entry's roles, less
 * its `except`, within its group's roles); a screen outside the sidebar (a record's detail, a form) opens for
 * everyone signed in, and its endpoints decide what they answer. The console reads it when it is built (its
 * vite.config.ts): the entries name the endpoint role lists, which the console's bundle must not carry.
 */
const sees = (roles: MenuRoles, roleId: RoleId) => roles === 'all' || roles.includes(roleId);

/**
 * The organisations whose people see only these sidebar screens, whatever their role sees elsewhere. A sub-lessor's
 * people are role 11, the spec's catch-all they share with a renter's users (decision 042): a sub-lessor has its
 * sub-leases and the machines it got back, and no contract, bill, invoice, fence or alarm of a renter's. Kinds not
 * listed see by their role alone.
 */
export const KIND_SCREENS: Partial<Record<OrgKind, readonly Screen[]>> = {
  sublessor: [
    dashboardScreens.home,
    deviceScreens.list,
    deviceScreens.overview,
    trackScreens.playback,
    leaseSubleaseScreens.subleases,
    settingScreens.settings,
  ],
};

/** The sidebar paths of the kinds of `KIND_SCREENS`, as the console checks a typed address against them. */
export function kindPaths(): Partial<Record<OrgKind, string[]>> {
  return Object.fromEntries(
    Object.entries(KIND_SCREENS).map(([kind, screens]) => [kind, screens.map((screen) => screen.path)]),
  );
}

/**
 * Does `roleId` see this entry in its sidebar (as the server's menusFor decides)? With the viewer's organisation
 * kind, a kind of `KIND_SCREENS` sees only its screens.
 */
export function seesEntry(entry: MenuEntry, roleId: RoleId, orgKind?: OrgKind): boolean {
  if (!sees(entry.roles, roleId) || entry.except?.includes(roleId)) return false;
  const only = orgKind && KIND_SCREENS[orgKind];
  if (only && !only.some((screen) => screen.path === entry.screen.path)) return false;
  return entry.group === 'top' || sees(MENU_GROUPS[entry.group].roles, roleId);
}

const entriesByPath = new Map<string, MenuEntry[]>();
for (const entry of allMenuEntries()) {
  entriesByPath.set(entry.screen.path, [...(entriesByPath.get(entry.screen.path) ?? []), entry]);
}

/** The paths of the screens that sit in the sidebar (for some role). */
export function sidebarPaths(): string[] {
  return [...entriesByPath.keys()];
}

export function mayOpenScreen(screen: Pick<Screen, 'path'>, roleId: RoleId, orgKind?: OrgKind): boolean {
  const entries = entriesByPath.get(screen.path);
  return !entries || entries.some((entry) => seesEntry(entry, roleId, orgKind));
}
