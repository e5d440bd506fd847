import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { screensByArea } from '@console/contract/screens/all';
import type { Screen } from '@console/contract/screens/screen';
import { useSession } from '../../lib/session.ts';
import { useTitleText } from '../root-route.tsx';
import { appRoutes } from '../routes.ts';
import { menuPath } from '../../lib/menu-tree.ts';

/** The path levels of a path: `/a/b` gives `/a`, `/a/b`. */
const levelsOf = (path: string) => {
  const segments = path.split('/').filter(Boolean);
  return segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);
};

/** The screen a screen declares as its breadcrumb parent (Screen.parent), among its own area's screens. */
function parentOf(screen: Screen | undefined): Screen | undefined {
  if (!screen?.parent) return undefined;
  const area = Object.values(screensByArea).find((screens) => Object.values(screens).includes(screen));
  return (area as Record<string, Screen> | undefined)?.[screen.parent];
}

/**
 * The titles of the matched levels of the path (`/leaseCenter/contractMng` gives the rental area, then the
 * contract list), skipping levels flagged hidden. A level with a page links to it; a level that is only a
 * group of the menu takes the group's name from the server's tree. A screen that names a parent (a detail of
 * a list) comes after its parent's levels instead of its path's.
 */
export function Breadcrumbs() {
  const { t } = useTranslation(['shell', 'common']);
  const title = useTitleText();
  const { pathname, search } = useLocation();
  const { menus } = useSession();
  const current = appRoutes.find((r) => r.screen.path === pathname)?.screen;
  const parent = parentOf(current);
  const levels = parent ? [...levelsOf(parent.path), pathname] : levelsOf(pathname);
  const creating = !new URLSearchParams(search).get('id');

  const items = levels.flatMap((path, i) => {
    const screen = appRoutes.find((r) => r.screen.path === path)?.screen;
    const last = i === levels.length - 1;
    if (screen) {
      if (screen.hidden) return [];
      const text = title(last && creating && screen.createTitle ? screen.createTitle : screen.title);
      return [{ key: path, title: last ? text : <Link to={path}>{text}</Link> }];
    }
    const node = menuPath(menus, path).at(-1);
    return node ? [{ key: path, title: node.name }] : [];
  });

  if (items.length === 0) return null;
  return (
    <nav aria-label={t('shell:breadcrumb')} style={{ padding: '12px 16px 0' }}>
      <Breadcrumb items={items} />
    </nav>
  );
}
