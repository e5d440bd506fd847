import { lazy, Suspense } from 'react';
import { Flex, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brandTitle, useBrand } from '../../../lib/brand.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PasswordSignInForm } from '../components/password-sign-in-form.tsx';
import { href } from '@console/contract/screens/screen';
import { authScreens } from '@console/contract/screens/auth';

// The QR code's drawing code loads when its tab is opened: the account form shows without it.
const QrLogin = lazy(() => import('../components/qr-login.tsx').then((m) => ({ default: m.QrLogin })));

/** /login: account and password, or the QR code. Once signed in the access rules take the user on. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const brand = useBrand();
  return (
    <AuthLayout heading={t('auth:login.heading', { title: brandTitle(brand, currentLang()) })}>
      <Tabs
        centered
        // The QR code stops polling when its tab is left.
        destroyOnHidden
        items={[
          { key: 'account', label: t('auth:login.tabAccount'), children: <PasswordSignInForm kind="console" /> },
          {
            key: 'qr',
            label: t('auth:login.tabQr'),
            children: (
              <Suspense fallback={<Spin />}>
                <QrLogin />
              </Suspense>
            ),
          },
        ]}
      />
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Link to={href(authScreens.register)}>{t('auth:login.register')}</Link>
        <Link to={href(authScreens.reset)}>{t('auth:login.forgot')}</Link>
        <Link to={href(authScreens.dropAccount)}>{t('auth:login.dropAccount')}</Link>
        <Link to={href(authScreens.dashboardLogin)}>{t('auth:login.dashboard')}</Link>
      </Flex>
    </AuthLayout>
  );
}
