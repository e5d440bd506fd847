import { Card, List, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FAULT_TYPE } from '@console/contract/codes/service';
import { MACHINE_KIND, type MachineKind } from '@console/contract/codes/machine-kinds';
import { caseEndpoints } from '@console/contract/http/cases';
import { endpointQuery } from '../lib/endpoint-query.ts';
import { LoadError, retryNetworkOnly } from './query-state.tsx';
import { StatusBadge } from './status-badge.tsx';
import { href } from '@console/contract/screens/screen';
import { caseScreens } from '@console/contract/screens/cases';

/**
 * The expert library's cases that fit a work order (or a fault), best first, each a link to the case.
 *
 *   <MatchingCases machineKind={order.machineKind} faultTypes={order.faultTypes} text={order.content} />
 */
export function MatchingCases({
  machineKind,
  faultTypes = [],
  text = '',
}: {
  machineKind?: MachineKind | null;
  faultTypes?: string[];
  text?: string;
}) {
  const { t } = useTranslation('components');
  const query = {
    machineKind: machineKind ?? undefined,
    faultTypes: faultTypes.join(','),
    text: text.slice(0, 500),
  };
  const matches = useQuery({
    ...endpointQuery(caseEndpoints.match, query, { background: true }),
    retry: retryNetworkOnly,
  });
  return (
    <Card size="small" title={t('matchingCases.title')}>
      {matches.isError ? (
        <LoadError error={matches.error} onRetry={() => void matches.refetch()} />
      ) : (
        <List
          size="small"
          loading={matches.isLoading}
          dataSource={matches.data?.list ?? []}
          locale={{ emptyText: t('matchingCases.empty') }}
          renderItem={(item) => (
            <List.Item>
              <Space wrap>
                <Link to={href(caseScreens.detail, { id: item.id })}>{item.title}</Link>
                {item.faultTypes.map((type) => (
                  <StatusBadge key={type} table={FAULT_TYPE} value={type} />
                ))}
                {item.machineKind !== machineKind && <StatusBadge table={MACHINE_KIND} value={item.machineKind} />}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
