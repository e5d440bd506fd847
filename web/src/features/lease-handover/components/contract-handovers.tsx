import { Button, Card, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { leaseHandoverEndpoints as api, PERIOD_STATE, type PeriodRow } from '@console/contract/http/lease-handover';
import { leaseHandoverScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useIsHandoverWriter } from '../api.ts';
import { HandoverFormDialog } from './handover-form.tsx';

/**
 * On a contract's page: deliver and return its machines (in execution, for its writers) and the lease periods of
 * its machines, each with its start, planned and actual end.
 */
export function ContractHandovers({ contract }: { contract: { id: number; status: number; canAttach: boolean } }) {
  const { t } = useTranslation('lease-handover');
  const writer = useIsHandoverWriter() && contract.canAttach;
  const periods = useQuery(endpointQuery(api.periods, { contractId: contract.id, pageSize: 200 }));
  const running = contract.status === LEASE_STATUS.inExecution;
  return (
    <Card
      title={t('periods.ofContract')}
      extra={
        <Space wrap>
          {writer && running && (
            <>
              <HandoverFormDialog
                kind="entry"
                contractId={contract.id}
                trigger={<Button type="primary">{t('periods.deliver')}</Button>}
              />
              <HandoverFormDialog
                kind="exit"
                contractId={contract.id}
                trigger={<Button>{t('periods.return')}</Button>}
              />
            </>
          )}
          <Link to={href(leaseHandoverScreens.deviceLeasePeriod, { contractId: contract.id })}>
            {t('periods.title')}
          </Link>
        </Space>
      }
    >
      <Table<PeriodRow>
        rowKey="id"
        size="small"
        loading={periods.isLoading}
        pagination={false}
        dataSource={periods.data?.list ?? []}
        locale={{ emptyText: t('periods.none') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'serial', title: t('fields.serial'), dataIndex: 'serialNumber' },
          { key: 'model', title: t('fields.model'), dataIndex: 'modelName' },
          { key: 'start', title: t('fields.startOn'), dataIndex: 'startOn' },
          { key: 'planned', title: t('fields.plannedEndOn'), dataIndex: 'plannedEndOn' },
          { key: 'end', title: t('fields.endOn'), render: (_, p) => p.endOn ?? '-' },
          {
            key: 'state',
            title: t('fields.periodState'),
            render: (_, p) => <StatusBadge table={PERIOD_STATE} value={p.state} />,
          },
          { key: 'days', title: t('fields.days'), dataIndex: 'days' },
          {
            key: 'records',
            title: t('fields.records'),
            render: (_, p) => (
              <Space>
                {p.entryId && (
                  <Link to={href(leaseHandoverScreens.enterDetail, { id: p.entryId })}>{t('fields.entry')}</Link>
                )}
                {p.exitId && (
                  <Link to={href(leaseHandoverScreens.quitDetail, { id: p.exitId })}>{t('fields.exit')}</Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
