import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BackToLogin() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <div style={{ marginTop: 8, textAlign: 'center' }}>
      <Link to="/login">{t('auth:backToLogin')}</Link>
    </div>
  );
}
