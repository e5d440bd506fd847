import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A screen the signed-in role may not open (app/shell/keep-alive-outlet.tsx decides, from the declarations). */
export function ForbiddenPage() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Result
      status="403"
      title={t('shell:forbidden.title')}
      subTitle={t('shell:forbidden.text')}
      extra={<Link to="/">{t('shell:notFound.backHome')}</Link>}
    />
  );
}
