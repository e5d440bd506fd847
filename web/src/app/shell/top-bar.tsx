import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { brandTitle, useBrand } from '../../lib/brand.ts';
import { isDarkColor } from '../../lib/color.ts';
import { currentLang } from '../../lib/i18n.ts';
import { LanguageSwitch } from '../../lib/language-switch.tsx';
import { useSession } from '../../lib/session.ts';
import { shortcutsFor } from './shortcuts.ts';
import { UserMenu } from './user-menu.tsx';

/** Spec: the version tag reads v0.00. */
const VERSION = 'v0.00';

interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  compact: boolean;
}

/** Logo, title and version tag; the role's shortcuts, the language switch and the user menu. */
export function TopBar({ sidebarOpen, onToggleSidebar, compact }: TopBarProps) {
  const { t } = useTranslation(['shell', 'common']);
  const brand = useBrand();
  const session = useSession();
  const { pathname, search } = useLocation();
  const { theme } = brand.info;
  const dark = isDarkColor(theme.header);
  const ink = dark ? '#ffffff' : 'rgba(0, 0, 0, 0.88)';
  const title = brandTitle(brand, currentLang());
  const shortcuts = shortcutsFor(session, brand.appid, pathname + search);

  return (
    <Layout.Header
      style={{ display: 'flex', alignItems: 'center', gap: 12, color: ink, boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}
    >
      <Button
        type="text"
        icon={<MenuOutlined />}
        onClick={onToggleSidebar}
        aria-label={t('shell:toggleSidebar')}
        aria-expanded={sidebarOpen}
        style={{ color: ink }}
      />
      <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8, color: ink, minWidth: 0 }}>
        <img
          src={brand.info.logo}
          alt={brand.info.brand || title}
          height={32}
          style={{ maxWidth: 120, objectFit: 'contain' }}
        />
        {!compact && <span style={{ fontSize: 16, fontWeight: 600, whiteSpace: 'nowrap' }}>{title}</span>}
      </Link>
      <Tag
        aria-label={t('shell:version')}
        style={{ background: theme.versionBg, color: theme.versionText, border: 0, margin: 0 }}
      >
        {VERSION}
      </Tag>
      <div style={{ flex: 1 }} />
      {!compact && shortcuts.length > 0 && (
        <nav style={{ display: 'flex', gap: 16 }}>
          {shortcuts.map((s) => (
            <Link key={s.key} to={s.to} style={{ color: ink }}>
              {t(`shell:shortcuts.${s.key}`)}
            </Link>
          ))}
        </nav>
      )}
      {brand.info.languageSwitch && <LanguageSwitch color={ink} />}
      <UserMenu color={ink} />
    </Layout.Header>
  );
}
