import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@console/contract/http/menus';
import { ROLE, ROLE_IDS } from '@console/contract/codes/roles';
import { menusFor } from '@console/server/src/lib/menus';
import { expectEvery } from '../../../tests/fixtures/expect-every.ts';
import { appRoutes } from './routes.ts';

/** The pages a sidebar entry can open: its leaves (a node with children only opens its group). */
function leaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (node.nodes.length > 0 ? leaves(node.nodes) : [node]));
}

const routed = new Set(appRoutes.map((route) => route.screen.path));

describe('server menus', () => {
  // Role 11 twice: a renter's users and a sub-lessor's, whose sidebar is narrower (decision 042).
  const viewers = [
    ...ROLE_IDS.filter((roleId) => roleId !== 0).map((roleId) => ({ roleId, orgKind: 'lessor' as const })),
    { roleId: ROLE.other, orgKind: 'sublessor' as const },
  ];
  it.each(viewers)('sends role $roleId in a $orgKind only urls the console routes to a page', (viewer) => {
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const urls = leaves(menusFor(viewer, lang)).map((node) => new URL(node.url, 'http://console').pathname);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.filter((path) => !routed.has(path))).toEqual([]);
    }
  });

  it('names every entry in the language asked for', () => {
    const han = /\p{Script=Han}/u;
    const all = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...all(n.nodes)]);
    expect(
      all(menusFor({ roleId: ROLE.companyAdmin, orgKind: 'operator' }, 'en_US')).filter((n) => han.test(n.name)),
    ).toEqual([]);
    expectEvery(
      all(menusFor({ roleId: ROLE.companyAdmin, orgKind: 'operator' }, 'zh_CN')),
      (n) => han.test(n.name),
      'the Chinese menu entries',
    );
  });
});
