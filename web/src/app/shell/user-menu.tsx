import { LogoutOutlined, SettingOutlined, BankOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { isSafeImageUrl } from '../../lib/brand-info.ts';
import { loginPathFor } from '../../lib/redirect.ts';
import { useSession } from '../../lib/session.ts';
import { userInfoQuery } from '../../lib/shared-queries.ts';
import { signOut } from '../../lib/sign-out.ts';
import { hasCorporateSettings } from './shortcuts.ts';
import { href } from '@console/contract/screens/screen';
import { settingScreens } from '@console/contract/screens/settings';

/** The user menu: personal settings, corporate settings (roles 5 and 6), logout back to /login?redirect=. */
export function UserMenu({ color }: { color: string }) {
  const { t } = useTranslation(['shell', 'common']);
  const session = useSession();
  const { data: info } = useQuery(userInfoQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const name = session.nickname || session.username;

  const logout = async () => {
    const back = loginPathFor(pathname + search);
    await signOut(queryClient);
    void navigate(back, { replace: true });
  };

  const items: MenuProps['items'] = [
    {
      key: 'personal',
      icon: <SettingOutlined />,
      label: <Link to={href(settingScreens.settings, { active: 'first' })}>{t('shell:userMenu.personal')}</Link>,
    },
    ...(hasCorporateSettings(session.roleId)
      ? [
          {
            key: 'corporate',
            icon: <BankOutlined />,
            label: (
              <Link to={href(settingScreens.settings, { active: 'second' })}>{t('shell:userMenu.corporate')}</Link>
            ),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell:userMenu.logout'), onClick: () => void logout() },
  ];

  const avatar = info?.avatar && isSafeImageUrl(info.avatar) ? info.avatar : undefined;
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('shell:userMenu.label', { name })} style={{ color, height: 40 }}>
        <Avatar size="small" src={avatar} icon={<UserOutlined />} />
        <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
      </Button>
    </Dropdown>
  );
}
