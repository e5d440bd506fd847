import { useMemo } from 'react';
import { Badge, Button, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEASE_STATUSES } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import {
  leaseContractEndpoints as api,
  LEASE_STATUS_TABLE,
  type ContractRow,
} from '@console/contract/http/lease-contracts';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { useCodeLabel } from '../../../components/code-label.ts';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { usePageSearch } from '../../../lib/screen-query.ts';
import { useSessionValue } from '../../../lib/session.ts';
import { useIsContractWriter } from '../api.ts';
import { ContractActions } from '../components/contract-actions.tsx';
import { CONTRACT_LIST_COLUMNS, useContractFields } from '../fields.tsx';

const FILTERS = [
  'keyword',
  'serial',
  'businessModel',
  'renterId',
  'storeId',
  'salespersonId',
  'startFrom',
  'startTo',
] as const;
/** Picked from the company's renters, stores and salespeople, which only the lessor's people read. */
const WRITER_FILTERS: readonly string[] = ['renterId', 'storeId', 'salespersonId'];

/** The filters this person has: a salesperson (6) sees only their own contracts, so no salesperson to pick. */
function useFilters() {
  const writer = useIsContractWriter();
  const salesperson = useSessionValue((session) => session.roleId === ROLE.lessorSales);
  return FILTERS.filter((f) => (writer || !WRITER_FILTERS.includes(f)) && !(salesperson && f === 'salespersonId'));
}

/** The tabs of the list: every status with how many contracts the other filters leave in it. */
function StatusTabs() {
  const { t } = useTranslation('lease-contracts');
  const label = useCodeLabel();
  const { params, update } = usePageSearch();
  const filters = Object.fromEntries(FILTERS.flatMap((f) => (params.get(f) ? [[f, params.get(f)!]] : [])));
  const counts = useQuery(endpointQuery(api.counts, filters));
  const countOf = (status: number) => counts.data?.counts.find((c) => c.status === status)?.count ?? 0;
  const tab = (text: string, count: number) => (
    <span>
      {text} <Badge count={count} showZero color="#8c8c8c" overflowCount={9999} size="small" />
    </span>
  );
  return (
    <Tabs
      activeKey={params.get('status') ?? 'all'}
      onChange={(key) => update({ status: key === 'all' ? undefined : key, page: undefined })}
      items={[
        { key: 'all', label: tab(t('list.all'), counts.data?.total ?? 0) },
        ...LEASE_STATUSES.map((s) => ({ key: String(s), label: tab(label(LEASE_STATUS_TABLE, s), countOf(s)) })),
      ]}
    />
  );
}

/** /leaseCenter/contractMng: the contracts the user sees, by status tab and filters, with the moves of each. */
export function ContractListPage() {
  const { t } = useTranslation(['lease-contracts', 'common']);
  const fields = useContractFields();
  const writer = useIsContractWriter();
  const filters = useFilters();
  // The same columns while the language is: the list's table is not drawn again when the page renders for other
  // reasons (components/list-page.tsx).
  const columns = useMemo<ListColumn<ContractRow>[]>(
    () => [
      ...fields.columns(CONTRACT_LIST_COLUMNS, { number: { fixed: 'left' } }),
      {
        key: 'actions',
        title: t('common:actions'),
        noExport: true,
        fixed: 'right',
        render: (_: unknown, row) => (
          <>
            {row.editable && (
              <Link to={href(leaseContractScreens.addContract, { id: row.id })}>{t('actions.edit')}</Link>
            )}
            <ContractActions contract={row} size="small" />
          </>
        ),
      },
    ],
    [fields, t],
  );
  return (
    <ListPage
      area="lease-contracts"
      resource="list"
      endpoint={api.list}
      rowKey="id"
      title={<StatusTabs />}
      exportName={t('list.exportName')}
      filters={fields.filters(filters)}
      columns={columns}
      toolbar={
        writer && (
          <Link to={href(leaseContractScreens.addContract)}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('list.add')}
            </Button>
          </Link>
        )
      }
    />
  );
}
