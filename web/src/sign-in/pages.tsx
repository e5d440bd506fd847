import { lazy, Suspense, useId, useState } from 'react';
import { authScreens } from '@console/contract/screens/auth';
import { href } from '@console/contract/screens/screen';
import { brandTitle, useSignIn } from './context.ts';
import { SignInLayout } from './layout.tsx';
import { PasswordForm } from './password-form.tsx';

// The QR code's drawing code loads when its tab is opened: the account form shows without it.
const QrSignIn = lazy(() => import('./qr-sign-in.tsx').then((m) => ({ default: m.QrSignIn })));

type Tab = 'account' | 'qr';

/**
 * /login: account and password, or the QR code; the links to the console's other public pages (each a page of the
 * console, opened as an address). Once signed in the console opens where the access rules send the user.
 */
export function LoginPage() {
  const signIn = useSignIn();
  const { t } = signIn;
  const [tab, setTab] = useState<Tab>('account');
  const id = useId();
  const tabs: { key: Tab; label: string }[] = [
    { key: 'account', label: t('auth:login.tabAccount') },
    { key: 'qr', label: t('auth:login.tabQr') },
  ];
  const move = (from: Tab) => {
    const next = from === 'account' ? 'qr' : 'account';
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <SignInLayout heading={t('auth:login.heading', { title: brandTitle(signIn) })}>
      <div role="tablist" className="si-tabs">
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={tab === key}
            aria-controls={`${id}-${key}-panel`}
            tabIndex={tab === key ? 0 : -1}
            className="si-tab"
            onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') move(key);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {/* Only the open tab is drawn: the QR code stops polling when its tab is left. */}
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} className="si-panel">
        {tab === 'account' ? (
          <PasswordForm kind="console" />
        ) : (
          <Suspense fallback={<div className="si-spinner" />}>
            <QrSignIn />
          </Suspense>
        )}
      </div>
      <div className="si-links">
        <a href={href(authScreens.register)}>{t('auth:login.register')}</a>
        <a href={href(authScreens.reset)}>{t('auth:login.forgot')}</a>
        <a href={href(authScreens.dropAccount)}>{t('auth:login.dropAccount')}</a>
        <a href={href(authScreens.dashboardLogin)}>{t('auth:login.dashboard')}</a>
      </div>
    </SignInLayout>
  );
}

/** /loginForDashboard: the data screen's own door; roleId 4 only. Sets the marker and opens /screen. */
export function LoginForDashboardPage() {
  const { t } = useSignIn();
  return (
    <SignInLayout heading={t('auth:dashboardLogin.heading')}>
      <PasswordForm kind="dashboard" />
      <div className="si-back">
        <a href={href(authScreens.login)}>{t('auth:backToLogin')}</a>
      </div>
    </SignInLayout>
  );
}
