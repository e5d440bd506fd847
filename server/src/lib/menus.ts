import type { MenuNode } from '@console/contract/http/menus';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { DEVICE_EDITORS, DEVICE_READERS } from '@console/contract/http/devices';
import { SIM_READERS } from '@console/contract/http/sim-cards';
import type { Lang } from '@console/contract/messages/translate';
import { menuTitles, type MenuTitleKey } from './menu-titles.ts';

/**
 * The sidebar each role gets. Each entry names a console route (web/src/app/routes) and the roles that see
 * it; a test proves every url resolves to a page. Every area adds its entries here.
 */
interface MenuEntry {
  title: MenuTitleKey;
  url: string;
  icon: string;
  roles: readonly RoleId[] | 'all';
  children?: MenuEntry[];
}

const ORG_ADMINS: readonly RoleId[] = [ROLE.companyAdmin, ROLE.lessorAdmin];

const MENU: MenuEntry[] = [
  { title: 'home', url: '/dashboard', icon: 'home', roles: 'all' },
  {
    title: 'devices',
    // A group is not a page: its url is only the key that opens it (the list itself is /deviceManagement).
    url: 'deviceManagement',
    icon: 'database',
    roles: DEVICE_READERS,
    children: [
      { title: 'deviceList', url: '/deviceManagement', icon: 'appstore', roles: DEVICE_READERS },
      { title: 'deviceModels', url: '/deviceManagement/models', icon: 'profile', roles: DEVICE_EDITORS },
      { title: 'simCards', url: '/deviceManagement/simCards', icon: 'idcard', roles: SIM_READERS },
    ],
  },
  {
    title: 'employees',
    url: '/employeeManagement',
    icon: 'team',
    roles: ORG_ADMINS,
    children: [{ title: 'employeeList', url: '/employeeManagement/all', icon: 'user', roles: ORG_ADMINS }],
  },
  {
    title: 'settings',
    url: '/setUp',
    icon: 'setting',
    roles: 'all',
    children: [
      { title: 'personalSettings', url: '/setUp?active=first', icon: 'user', roles: 'all' },
      {
        title: 'corporateSettings',
        url: '/setUp?active=second',
        icon: 'bank',
        roles: [ROLE.lessorAdmin, ROLE.lessorSales],
      },
    ],
  },
];

function build(entries: MenuEntry[], roleId: RoleId, lang: Lang): MenuNode[] {
  return entries
    .filter((e) => e.roles === 'all' || e.roles.includes(roleId))
    .map((e) => ({
      name: menuTitles[e.title][lang === 'en_US' ? 1 : 0],
      url: e.url,
      icon: e.icon,
      nodes: build(e.children ?? [], roleId, lang),
    }));
}

export function menusFor(roleId: RoleId, lang: Lang): MenuNode[] {
  return build(MENU, roleId, lang);
}

/** Every url any role can be sent, for the test that each resolves to a page. */
export function allMenuUrls(): string[] {
  const walk = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.url, ...walk(e.children ?? [])]);
  return walk(MENU);
}
