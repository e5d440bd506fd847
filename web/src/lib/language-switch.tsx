import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@console/contract/http/auth';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpointQuery } from './endpoint-query.ts';
import { changeLang, currentLang, type UiLang } from './i18n.ts';
import { getSession, updateSession } from './session.ts';

/** Switch language; a signed-in user's sidebar comes again from the server in the new language. */
async function switchTo(queryClient: QueryClient, lang: UiLang) {
  await changeLang(lang);
  if (!getSession().token) return;
  const info = await queryClient
    .fetchQuery(endpointQuery(authEndpoints.getUserInfo, {}, { background: true, silent: true }))
    .catch(() => null);
  if (info) updateSession({ menus: info.menus });
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
