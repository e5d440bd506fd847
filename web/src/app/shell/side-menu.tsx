import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuNode } from '@console/contract/http/menus';
import { MenuIcon } from '../../lib/menu-icon.tsx';
import { useSession } from '../../lib/session.ts';
import { menuPath, selectedMenuUrl } from '../../lib/menu-tree.ts';

type Item = NonNullable<MenuProps['items']>[number];

function toItems(nodes: MenuNode[], onNavigate?: () => void): Item[] {
  return nodes.map((node) =>
    node.nodes.length
      ? {
          key: node.url,
          icon: <MenuIcon name={node.icon} />,
          label: node.name,
          children: toItems(node.nodes, onNavigate),
        }
      : {
          key: node.url,
          icon: <MenuIcon name={node.icon} />,
          // A real link: it opens in a new tab, and can be copied and bookmarked.
          label: (
            <Link to={node.url} onClick={onNavigate}>
              {node.name}
            </Link>
          ),
        },
  );
}

/**
 * The sidebar, built from the menu tree the server sent at sign-in (stored in the session). `collapsed`: the
 * sidebar shows only icons. Its groups then stay shut: antd draws an open group of a collapsed menu as a flyout
 * over the page, and the sidebar opens on hover anyway, showing the groups as they were.
 */
export function SideMenu({ onNavigate, collapsed = false }: { onNavigate?: () => void; collapsed?: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const { menus } = useSession();
  const { pathname, search } = useLocation();
  const selected = selectedMenuUrl(menus, pathname, search);
  const parents = useMemo(
    () =>
      selected
        ? menuPath(menus, selected)
            .slice(0, -1)
            .map((n) => n.url)
        : [],
    [menus, selected],
  );
  const [opened, setOpened] = useState<string[]>(parents);
  // Opening a page under a closed group opens the group (adjusting state during render, as React advises).
  const [seenParents, setSeenParents] = useState(parents);
  if (seenParents !== parents) {
    setSeenParents(parents);
    setOpened((keys) => [...new Set([...keys, ...parents])]);
  }

  return (
    <nav aria-label={t('shell:mainMenu')}>
      <Menu
        className="side-menu"
        mode="inline"
        theme="dark"
        items={toItems(menus, onNavigate)}
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed ? [] : opened}
        onOpenChange={collapsed ? undefined : setOpened}
      />
    </nav>
  );
}
