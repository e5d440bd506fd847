import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PasswordSignInForm } from '../components/password-sign-in-form.tsx';
import { href } from '@console/contract/screens/screen';
import { authScreens } from '@console/contract/screens/auth';
import { homeScreens } from '@console/contract/screens/home';

/** /loginForDashboard: the data screen's own door; roleId 4 only. Sets the marker and opens /screen. */
export function LoginForDashboardPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  return (
    <AuthLayout heading={t('auth:dashboardLogin.heading')}>
      <PasswordSignInForm
        kind="dashboard"
        onSignedIn={() => void navigate(href(homeScreens.screen), { replace: true })}
      />
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={href(authScreens.login)}>{t('auth:backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
