import { useState } from 'react';
import { App, Button, Card, DatePicker, Empty, Flex, Space, Statistic, Table } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { formatAmount } from '@console/contract/codes/money';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPENSE_TYPE, type ExpenseType } from '@console/contract/codes/device-records';
import { deviceRecordEndpoints, type ExpenseItem } from '@console/contract/http/device-records';
import { useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { downloadCsv, exportFileName, fetchAllPages, rowsToCsv } from '../../../components/export-list.ts';
import { exportColumnsOf, tableColumnsOf, type ListColumn } from '../../../components/list-page.tsx';
import { LoadError } from '../../../components/query-state.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { EXPENSE_READS } from '../api/device-records.ts';
import { ExpenseDialog } from '../components/expense-dialog.tsx';
import { CodeFilter } from '../components/code-filter.tsx';
import { useExpenseFields } from '../fields.tsx';
import { currencyVariablesOf, moneyFormat, recordMoneyText } from '../../../lib/money.ts';

/** The machine's expenses (maintenance, violation, insurance) with their totals per type; server-side pages. */
export function ExpensesTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation(['device-detail', 'common']);
  const label = useCodeLabel();
  const fields = useExpenseFields();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useEndpointMutation(deviceRecordEndpoints.deleteExpense, { invalidates: EXPENSE_READS });
  const [type, setType] = useState<ExpenseType | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [exporting, setExporting] = useState(false);
  const filter = {
    deviceId,
    type,
    from: range?.[0].format('YYYY-MM-DD'),
    to: range?.[1].format('YYYY-MM-DD'),
  };
  const expenses = useQuery({
    ...endpointQuery(deviceRecordEndpoints.expenses, { ...filter, ...page }),
    placeholderData: keepPreviousData,
  });
  const data = expenses.data;

  const columns: ListColumn<ExpenseItem>[] = [
    ...fields.columns(['date', 'type', 'amountCents', 'remark', 'createdBy'], { amountCents: { align: 'right' } }),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, e) =>
        e.editable && (
          <Space size={0}>
            <ExpenseDialog
              deviceId={deviceId}
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
              title={t('records.expenses.deleteConfirm', { amount: recordMoneyText(e.amountCents, e.money) })}
              onConfirm={async () => {
                await remove.mutateAsync({ body: { id: e.id } });
                void message.success(t('records.expenses.deleted'));
              }}
            >
              {t('common:delete')}
            </ConfirmButton>
          </Space>
        ),
    },
  ];

  const runExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllPages((p, pageSize) =>
        queryClient.fetchQuery(
          endpointQuery(deviceRecordEndpoints.expenses, { ...filter, page: p, pageSize }, { background: true }),
        ),
      );
      downloadCsv(exportFileName(t('records.expenses.exportName')), rowsToCsv(exportColumnsOf(columns), rows));
    } catch {
      // The API client has shown the failure.
    } finally {
      setExporting(false);
    }
  };

  if (expenses.isError && !data) return <LoadError error={expenses.error} onRetry={() => void expenses.refetch()} />;
  const totals = data?.totals;
  // The machine's owner's money (decision 064): another brand's machine on the operator's console reads in its own.
  const money = data?.money ?? moneyFormat();
  const unit = currencyVariablesOf(money);
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex wrap gap={48}>
          {EXPENSE_TYPE.codes.map((code) => (
            <Statistic
              key={code.value}
              title={t('common:moneyTitle', { title: label(EXPENSE_TYPE, code.value), ...unit })}
              value={formatAmount(totals?.[code.value] ?? 0, money)}
            />
          ))}
          <Statistic title={t('records.expenses.total', unit)} value={formatAmount(totals?.all ?? 0, money)} />
        </Flex>
      </Card>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Space wrap>
          <CodeFilter
            table={EXPENSE_TYPE}
            value={type}
            onChange={(value?: ExpenseType) => {
              setType(value);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            width={160}
            label={t('records.expenses.type')}
            placeholder={t('records.expenses.allTypes')}
          />
          <DatePicker.RangePicker
            size="small"
            aria-label={t('records.expenses.range')}
            value={range}
            onChange={(value) => {
              setRange(value?.[0] && value[1] ? [value[0], value[1]] : null);
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
        </Space>
        <Space>
          {data?.editable && (
            <ExpenseDialog
              deviceId={deviceId}
              trigger={
                <Button size="small" type="primary" icon={<PlusOutlined />}>
                  {t('records.expenses.add')}
                </Button>
              }
            />
          )}
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!data?.total}
            onClick={() => void runExport()}
          >
            {t('common:export')}
          </Button>
        </Space>
      </Flex>
      <Table<ExpenseItem>
        size="small"
        rowKey="id"
        loading={expenses.isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('records.expenses.empty')} /> }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        columns={tableColumnsOf(columns)}
      />
    </Flex>
  );
}
