import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { leaseChangeEndpoints as api } from '@console/contract/http/lease-changes';
import { leaseChangeScreens } from '@console/contract/screens/lease-changes';
import { href } from '@console/contract/screens/screen';
import { ListPage } from '../../../components/list-page.tsx';
import { ContractActions, useIsContractWriter } from '../../lease-contracts/index.ts';
import { CHANGE_COLUMNS, useChangeFields } from '../fields.tsx';

/** /leaseCenter/contractChangeRecord: every change the user sees, by status, contract, kind and days, exported. */
export function ChangeListPage() {
  const { t } = useTranslation(['lease-changes', 'common']);
  const fields = useChangeFields();
  const writer = useIsContractWriter();
  return (
    <ListPage
      area="lease-changes"
      resource="list"
      endpoint={api.list}
      rowKey="id"
      title={t('list.title')}
      exportName={t('list.exportName')}
      filters={fields.filters(['keyword', 'status', 'kind', 'effectiveFrom', 'effectiveTo'])}
      columns={[
        ...fields.columns(CHANGE_COLUMNS, { number: { fixed: 'left' } }),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          fixed: 'right',
          render: (_: unknown, row) => (
            <>
              {row.editable && (
                <Link to={href(leaseChangeScreens.addChangeContract, { id: row.id })}>{t('actions.edit')}</Link>
              )}
              <ContractActions contract={row} size="small" kind="change" />
            </>
          ),
        },
      ]}
      toolbar={
        writer && (
          <Link to={href(leaseChangeScreens.addChangeContract)}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('list.add')}
            </Button>
          </Link>
        )
      }
    />
  );
}
