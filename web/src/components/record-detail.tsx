import type { ReactNode } from 'react';
import { Card, Descriptions, Result, Space, type DescriptionsProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from './query-state.tsx';

/**
 * The shell of a record's detail page: no record for an id the address does not hold, the loading and the 404 of
 * its query, then a card headed by the record's number and status with its actions and the way back, its
 * descriptions, and the page's own sections below.
 *
 *   <RecordDetail id={id} query={query} back={back} notFound={t('detail.notFound')}
 *     testIds={{ number: 'contract-number', status: 'contract-status' }}
 *     number={(c) => c.number} status={(c) => <StatusBadge ... />} actions={(c) => <ContractActions ... />}
 *     descriptions={(c) => fields.descriptions(c, [...])}>
 *     {(c) => <Card title={t('form.lines')}>...</Card>}
 *   </RecordDetail>
 */
export function RecordDetail<T>({
  id,
  query,
  back,
  notFound,
  testIds,
  number,
  status,
  actions,
  descriptions,
  children,
}: {
  /** The record's id from the address; none (0) shows the 404 without asking the server. */
  id: number;
  query: UseQueryResult<T>;
  /** The link back to the list, beside the actions and under a 404. */
  back: ReactNode;
  notFound: string;
  /** The test ids of the heading's number and status, as the page's specs find them. */
  testIds: { number: string; status: string };
  number: (row: T) => ReactNode;
  status: (row: T) => ReactNode;
  actions: (row: T) => ReactNode;
  descriptions: (row: T) => NonNullable<DescriptionsProps['items']>;
  children: (row: T) => ReactNode;
}) {
  if (id <= 0) return <Result status="404" title={notFound} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {(row) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card
            title={
              <Space>
                <span data-testid={testIds.number}>{number(row)}</span>
                <span data-testid={testIds.status}>{status(row)}</span>
              </Space>
            }
            extra={
              <Space wrap>
                {actions(row)}
                {back}
              </Space>
            }
          >
            <Descriptions size="small" column={{ xs: 1, md: 3 }} items={descriptions(row)} />
          </Card>
          {children(row)}
        </Space>
      )}
    </QueryState>
  );
}
