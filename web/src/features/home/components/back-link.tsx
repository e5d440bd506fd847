import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { safeRedirect } from '../../../lib/redirect.ts';

/** Back to the console page the top bar's shortcut came from (its `from` query), a path of this console only. */
export function BackLink({ from }: { from: string | undefined }) {
  const { t } = useTranslation('home');
  if (!from) return null;
  return (
    <Link to={safeRedirect(from)}>
      <Button ghost size="large">
        {t('board.back')}
      </Button>
    </Link>
  );
}
