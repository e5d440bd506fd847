import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { leaseHandoverEndpoints as api } from '@console/contract/http/lease-handover';
import { ListPage } from '../../../components/list-page.tsx';
import { useIsHandoverWriter } from '../api.ts';
import { ContractFilter } from '../components/contract-filter.tsx';
import { HandoverActions } from '../components/handover-actions.tsx';
import { HandoverFormDialog } from '../components/handover-form.tsx';
import { useHandoverFields } from '../fields.tsx';

/** The list of entries or exits: filters by contract, state, day range and text; paged on the server. */
function HandoverListPage({ kind }: { kind: 'entry' | 'exit' }) {
  const { t } = useTranslation(['lease-handover', 'common']);
  const fields = useHandoverFields();
  const writer = useIsHandoverWriter();
  const columns = [
    'number',
    'state',
    'contractNumber',
    'renterName',
    'day',
    'machineCount',
    ...(kind === 'exit' ? (['damageCount'] as const) : []),
    'serials',
    'siteAddress',
    'deliveredBy',
    'receivedBy',
    'confirmedAt',
    'createdAt',
  ] as const;
  return (
    <ListPage
      area="lease-handover"
      resource={kind}
      endpoint={api.list}
      fixedQuery={{ kind }}
      rowKey="id"
      exportName={t(`${kind}.exportName`)}
      filters={[
        ...fields.filters(['keyword', 'state']),
        {
          name: 'contractId',
          label: t('fields.contract'),
          input: <ContractFilter />,
        },
        ...fields.filters(['dayFrom', 'dayTo']),
      ]}
      columns={[
        ...fields.columns([...columns], { number: { fixed: 'left' } }),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          fixed: 'right',
          render: (_: unknown, row) => <HandoverActions row={row} size="small" />,
        },
      ]}
      toolbar={
        writer && (
          <HandoverFormDialog
            kind={kind}
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                {t(`${kind}.create`)}
              </Button>
            }
          />
        )
      }
    />
  );
}

/** /leaseCenter/entryMng */
export const EntryListPage = () => <HandoverListPage kind="entry" />;
/** /leaseCenter/quitMng */
export const ExitListPage = () => <HandoverListPage kind="exit" />;
