import type { ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { usePageSearch } from '../lib/screen-query.ts';
import { QueryState } from './query-state.tsx';

/**
 * A record's page: its title and actions over tabs, the open tab kept in the URL query (so a tab is a
 * link), with the loading, not-found and error states of the record's query.
 *
 *   <DetailPage
 *     query={useQuery(endpointQuery(deviceEndpoints.get, { id }))}
 *     title={(device) => device.name}
 *     extra={(device) => <LockButton device={device} />}
 *     tabs={[
 *       { key: 'overview', label: t('overview'), render: (device) => <Overview device={device} /> },
 *       { key: 'log', label: t('log'), render: (device) => <DeviceLog id={device.id} /> },
 *     ]}
 *   />
 *
 * Without `query` the tabs render on their own (each loads what it needs); `tabParam` names the query
 * parameter (default `tab`; the settings page keeps the legacy `active`). `tabsAt="left"` lists the tabs down
 * the left side: a record with a dozen tabs then shows every one at any width, where a top bar would hide some.
 */
export interface DetailTab<T> {
  key: string;
  label: ReactNode;
  render: (data: T) => ReactNode;
}

interface DetailPageProps<T> {
  query?: UseQueryResult<T>;
  title?: (data: T) => ReactNode;
  extra?: (data: T) => ReactNode;
  tabs: DetailTab<T>[];
  tabParam?: string;
  tabsAt?: 'top' | 'left';
  isMissing?: (data: T) => boolean;
}

export function DetailPage<T = undefined>({
  query,
  title,
  extra,
  tabs,
  tabParam = 'tab',
  tabsAt = 'top',
  isMissing,
}: DetailPageProps<T>) {
  const { params, update } = usePageSearch();
  const wanted = params.get(tabParam);
  // An unknown or missing tab opens the first one.
  const active = tabs.some((tab) => tab.key === wanted) ? wanted! : tabs[0]?.key;

  const select = (key: string) => update({ [tabParam]: key });

  const body = (data: T) => (
    <Card title={title?.(data)} extra={extra?.(data)}>
      <Tabs
        activeKey={active}
        onChange={select}
        tabPlacement={tabsAt === 'left' ? 'start' : 'top'}
        destroyOnHidden
        items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.render(data) }))}
      />
    </Card>
  );

  if (!query) return body(undefined as T);
  return (
    <QueryState query={query} isMissing={isMissing}>
      {body}
    </QueryState>
  );
}
