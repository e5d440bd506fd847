import { App, Button, Flex, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { recordMoneyText } from '../../../lib/money.ts';
import { ListPage } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { EXPENSE_LEDGER_COLUMNS, EXPENSE_READS, ExpenseDialog, useExpenseFields } from '../../device-detail/index.ts';
import { MonthTotals } from '../components/month-totals.tsx';

/**
 * /financeCenter/deviceExpense: every machine's expenses (maintenance, violation, insurance), the same records as a
 * machine's expenses tab, with totals by type and month over the filter, and CSV of both.
 */
export function LedgerPage() {
  const { t } = useTranslation(['expense-ledger', 'device-detail', 'common']);
  const { message } = App.useApp();
  const fields = useExpenseFields();
  const remove = useEndpointMutation(deviceRecordEndpoints.deleteExpense, { invalidates: EXPENSE_READS });
  return (
    <Flex vertical gap={12}>
      <MonthTotals />
      <ListPage
        area="expense-ledger"
        resource="list"
        endpoint={deviceRecordEndpoints.expenses}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        filters={fields.filters(['keyword', 'type', 'from', 'to'])}
        toolbar={
          <ExpenseDialog
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                {t('device-detail:records.expenses.add')}
              </Button>
            }
          />
        }
        columns={[
          ...fields.columns(EXPENSE_LEDGER_COLUMNS, { amountCents: { align: 'right' } }),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, e) =>
              e.editable && (
                <Space size={0}>
                  <ExpenseDialog
                    expense={e}
                    trigger={
                      <Button type="link" size="small">
                        {t('common:edit')}
                      </Button>
                    }
                  />
                  <ConfirmButton
                    type="link"
                    size="small"
                    danger
                    title={t('device-detail:records.expenses.deleteConfirm', {
                      amount: recordMoneyText(e.amountCents, e.money),
                    })}
                    onConfirm={async () => {
                      await remove.mutateAsync({ body: { id: e.id } });
                      void message.success(t('device-detail:records.expenses.deleted'));
                    }}
                  >
                    {t('common:delete')}
                  </ConfirmButton>
                </Space>
              ),
          },
        ]}
      />
    </Flex>
  );
}
