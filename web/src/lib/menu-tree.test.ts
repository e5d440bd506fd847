import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@console/contract/http/menus';
import { menuLeaves, menuPath, selectedMenuUrl } from './menu-tree.ts';

const node = (url: string, nodes: MenuNode[] = []): MenuNode => ({ name: url, url, icon: 'home', nodes });
const tree = [
  node('/dashboard'),
  node('/leaseCenter', [node('/leaseCenter/contractMng'), node('/leaseCenter/entryMng')]),
  node('/setUp', [node('/setUp?active=first'), node('/setUp?active=second')]),
];

describe('menu tree', () => {
  it('lists the pages, not the groups, in menu order', () => {
    expect(menuLeaves(tree).map((n) => n.url)).toEqual([
      '/dashboard',
      '/leaseCenter/contractMng',
      '/leaseCenter/entryMng',
      '/setUp?active=first',
      '/setUp?active=second',
    ]);
  });
  it('finds the chain of groups above an entry', () => {
    expect(menuPath(tree, '/leaseCenter/entryMng').map((n) => n.url)).toEqual([
      '/leaseCenter',
      '/leaseCenter/entryMng',
    ]);
    expect(menuPath(tree, '/nowhere')).toEqual([]);
  });
  it('selects the entry with the same query first, then the same path, then the closest parent path', () => {
    expect(selectedMenuUrl(tree, '/setUp', '?active=second')).toBe('/setUp?active=second');
    expect(selectedMenuUrl(tree, '/setUp', '')).toBe('/setUp?active=first');
    expect(selectedMenuUrl(tree, '/leaseCenter/contractMng/detail', '?id=3')).toBe('/leaseCenter/contractMng');
    expect(selectedMenuUrl(tree, '/unknown', '')).toBeUndefined();
  });
});
