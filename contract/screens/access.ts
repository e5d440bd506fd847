import type { RoleId } from '../codes/roles.ts';
import { allMenuEntries } from './all.ts';
import { MENU_GROUPS } from './menu-groups.ts';
import type { MenuEntry, MenuRoles, Screen } from './screen.ts';

/**
 * Who may open a screen, read from the sidebar's declarations that the server builds each role's menu from: a
 * screen that sits in the sidebar opens for the roles that see one of its entries there (the entry's roles, less
 * its `except`, within its group's roles); a screen outside the sidebar (a record's detail, a form) opens for
 * everyone signed in, and its endpoints decide what they answer. The console reads it when it is built (its
 * vite.config.ts): the entries name the endpoint role lists, which the console's bundle must not carry.
 */
const sees = (roles: MenuRoles, roleId: RoleId) => roles === 'all' || roles.includes(roleId);

/** Does `roleId` see this entry in its sidebar (as the server's menusFor decides)? */
export function seesEntry(entry: MenuEntry, roleId: RoleId): boolean {
  if (!sees(entry.roles, roleId) || entry.except?.includes(roleId)) return false;
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

export function mayOpenScreen(screen: Pick<Screen, 'path'>, roleId: RoleId): boolean {
  const entries = entriesByPath.get(screen.path);
  return !entries || entries.some((entry) => seesEntry(entry, roleId));
}
