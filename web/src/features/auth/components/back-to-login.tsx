import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '@console/contract/screens/screen';
import { authScreens } from '@console/contract/screens/auth';

export function BackToLogin() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <div style={{ marginTop: 8, textAlign: 'center' }}>
      <Link to={href(authScreens.login)}>{t('auth:backToLogin')}</Link>
    </div>
  );
}
