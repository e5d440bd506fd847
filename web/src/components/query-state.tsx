import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiFailure } from '../lib/api-client.ts';

/**
 * The three states of anything loaded: a skeleton while loading, "not found" when the server says the
 * record does not exist (or `isMissing` says so), an error with a retry button, else the content.
 *
 *   <QueryState query={companyQuery}>{(company) => <CompanyForm company={company} />}</QueryState>
 */
export function QueryState<T>({
  query,
  children,
  isMissing,
  notFoundExtra,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  isMissing?: (data: T) => boolean;
  notFoundExtra?: ReactNode;
}) {
  const { t } = useTranslation(['components', 'common']);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const missing =
    (query.isError && query.error instanceof ApiFailure && query.error.status === API_STATUS.notFound) ||
    (query.isSuccess && isMissing?.(query.data));
  if (missing) {
    return <Result status="404" title={t('components:detail.notFound')} extra={notFoundExtra} />;
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** Retry a failed load once when the network failed; a refusal of the server would only be refused again. */
export function retryNetworkOnly(failureCount: number, error: Error): boolean {
  return error instanceof ApiFailure && error.status === 'network' && failureCount < 1;
}

/** Why something could not be loaded: a refusal (no retry) or another failure with a retry button. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('common');
  if (error instanceof ApiFailure && error.status === API_STATUS.forbidden) {
    return <Result status="403" title={error.message} />;
  }
  return (
    <Result
      status="warning"
      title={t('loadFailed')}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
