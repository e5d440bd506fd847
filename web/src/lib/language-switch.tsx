import { useEffect } from 'react';
import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@console/contract/http/auth';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpointQuery } from './endpoint-query.ts';
import { changeLang, currentLang, type UiLang } from './i18n.ts';
import { getSession, updateSession, useSession } from './session.ts';

/** A signed-in user's sidebar comes again from the server in the console's language. */
async function refreshMenus(queryClient: QueryClient) {
  if (!getSession().token) return;
  const lang = currentLang();
  const info = await queryClient
    .fetchQuery(endpointQuery(authEndpoints.getUserInfo, {}, { background: true, silent: true }))
    .catch(() => null);
  // Only if the language is still the one asked for (a quick second switch asks again).
  if (info && currentLang() === lang) updateSession({ menus: info.menus, menusLang: lang });
}

async function switchTo(queryClient: QueryClient, lang: UiLang) {
  await changeLang(lang);
  await refreshMenus(queryClient);
}

/**
 * Keeps the sidebar in the console's language: a tab opened with menus written in the other language (the
 * language was switched in another tab, or the session was started in it) asks the server for them again.
 */
export function useMenusInConsoleLang() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const { token, menusLang } = useSession();
  const lang = i18n.language;
  useEffect(() => {
    if (token && menusLang !== currentLang()) void refreshMenus(queryClient);
  }, [queryClient, token, menusLang, lang]);
}

/** The language dropdown (spec section 2): Chinese (zh-cn) and English (en); the choice is saved. */
export function LanguageSwitch({ color }: { color?: string }) {
  const { t } = useTranslation(['common']);
  const queryClient = useQueryClient();
  const lang = currentLang();
  const current = lang === 'en' ? t('common:langEn') : t('common:langZh');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: [
          { key: 'zh-cn', label: t('common:langZh') },
          { key: 'en', label: t('common:langEn') },
        ],
        onClick: ({ key }) => void switchTo(queryClient, key as UiLang),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        style={color ? { color } : undefined}
        aria-label={`${t('common:language')}: ${current}`}
      >
        {current}
      </Button>
    </Dropdown>
  );
}
