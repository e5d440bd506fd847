import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useTitleText } from '../root-route.tsx';
import { appRoutes } from '../routes.ts';
import { menuPath } from '../../lib/menu-tree.ts';

/**
 * The titles of the matched levels of the path (`/leaseCenter/contractMng` gives the rental area, then the
 * contract list), skipping levels flagged hidden. A level with a page links to it; a level that is only a
 * group of the menu takes the group's name from the server's tree.
 */
export function Breadcrumbs() {
  const { t } = useTranslation(['shell', 'common']);
  const title = useTitleText();
  const { pathname } = useLocation();
  const { menus } = useSession();
  const segments = pathname.split('/').filter(Boolean);
  const levels = segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);

  const items = levels.flatMap((path, i) => {
    const route = appRoutes.find((r) => r.path === path);
    const last = i === levels.length - 1;
    if (route) {
      if (route.hidden) return [];
      const text = title(route.title);
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
