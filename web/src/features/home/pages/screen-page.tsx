import { useEffect, useState } from 'react';
import { Button, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { brandTitle, useBrand } from '../../../lib/brand.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { userInfoQuery } from '../../../lib/shared-queries.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { href } from '@console/contract/screens/screen';
import { authScreens } from '@console/contract/screens/auth';

/**
 * /screen: the data screen's landing, reached through /loginForDashboard. It shows whose screen it is and
 * the time; the screen's charts come with the big-screen area.
 */
export function ScreenPage() {
  const { t } = useTranslation(['home', 'common']);
  const brand = useBrand();
  const info = useQuery(userInfoQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const leave = async () => {
    await signOut(queryClient);
    void navigate(href(authScreens.dashboardLogin), { replace: true });
  };

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 24,
        color: '#e6f0ff',
        background: 'radial-gradient(circle at 50% 30%, #12305c 0%, #050d1c 70%)',
      }}
    >
      <Typography.Title style={{ color: '#e6f0ff', margin: 0 }}>{brandTitle(brand, currentLang())}</Typography.Title>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '12px 24px', fontSize: 20, margin: 0 }}>
        <dt style={{ opacity: 0.7 }}>{t('home:screen.organisation')}</dt>
        <dd style={{ margin: 0 }}>{info.data?.orgName ?? ''}</dd>
        <dt style={{ opacity: 0.7 }}>{t('home:screen.now')}</dt>
        <dd style={{ margin: 0 }}>
          <time dateTime={new Date(now).toISOString()}>{formatDate(now)}</time>
        </dd>
      </dl>
      <Button ghost onClick={() => void leave()}>
        {t('home:screen.signOut')}
      </Button>
    </main>
  );
}
