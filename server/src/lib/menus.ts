import type { MenuNode } from '@console/contract/http/menus';
import type { OrgKind } from '@console/contract/codes/org-kinds';
import type { RoleId } from '@console/contract/codes/roles';
import { menuCatalogs } from '@console/contract/locales/menus';
import type { Lang } from '@console/contract/messages/translate';
import { seesEntry } from '@console/contract/screens/access';
import { allMenuEntries } from '@console/contract/screens/all';
import { MENU_GROUPS } from '@console/contract/screens/menu-groups';
import { linkTo, type MenuEntry, type MenuRoles } from '@console/contract/screens/screen';

/**
 * The sidebar each role gets, built from the screens' declarations (contract/screens/<area>.ts): each entry
 * names its screen, group, order, title key, icon and roles; a test proves every url resolves to a page. The
 * organisation's kind narrows it where the contract says so (a sub-lessor's people, `KIND_SCREENS`); a group left
 * without an entry is not shown.
 */
const sees = (roles: MenuRoles, roleId: RoleId) => roles === 'all' || roles.includes(roleId);

interface Placed {
  order: number;
  node: MenuNode;
}

export function menusFor(viewer: { roleId: RoleId; orgKind: OrgKind }, lang: Lang): MenuNode[] {
  const { roleId, orgKind } = viewer;
  const titles = menuCatalogs[lang];
  const visible = allMenuEntries().filter((e) => seesEntry(e, roleId, orgKind));
  const leaf = (e: MenuEntry): Placed => ({
    order: e.order,
    node: { name: titles[e.title], url: linkTo(e.screen, e.query), icon: e.icon, nodes: [] },
  });
  const byOrder = (a: Placed, b: Placed) => a.order - b.order;
  const groups = Object.entries(MENU_GROUPS)
    .filter(([, group]) => sees(group.roles, roleId))
    .map(([id, group]) => ({
      order: group.order,
      node: {
        name: titles[group.title],
        url: group.url,
        icon: group.icon,
        nodes: visible
          .filter((e) => e.group === id)
          .map(leaf)
          .sort(byOrder)
          .map((p) => p.node),
      },
    }))
    .filter((group) => group.node.nodes.length > 0);
  const top = visible.filter((e) => e.group === 'top').map(leaf);
  return [...top, ...groups].sort(byOrder).map((p) => p.node);
}
