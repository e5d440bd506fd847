import type { MenuNode } from '@console/contract/http/menus';

/** The chain of nodes from the top of the tree down to the node with this url, or [] when none has it. */
export function menuPath(nodes: MenuNode[], url: string): MenuNode[] {
  for (const node of nodes) {
    if (node.url === url) return [node];
    const below = menuPath(node.nodes, url);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The entries that are pages (not groups), in menu order. */
export function menuLeaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.nodes.length ? menuLeaves(n.nodes) : [n]));
}

/**
 * The menu entry of the page being shown: the one whose url is exactly the path and query, else the one
 * whose path is the current path, else the deepest one the current path lies under.
 */
export function selectedMenuUrl(nodes: MenuNode[], pathname: string, search: string): string | undefined {
  const all = menuLeaves(nodes);
  const withQuery = all.find((n) => n.url === pathname + search);
  if (withQuery) return withQuery.url;
  const samePath = all.find((n) => n.url.split('?')[0] === pathname);
  if (samePath) return samePath.url;
  return all
    .filter((n) => pathname.startsWith(`${n.url.split('?')[0]}/`))
    .sort((a, b) => b.url.length - a.url.length)[0]?.url;
}
