import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Result
      status="404"
      title={t('shell:notFound.title')}
      subTitle={t('shell:notFound.text')}
      extra={<Link to="/">{t('shell:notFound.backHome')}</Link>}
    />
  );
}
