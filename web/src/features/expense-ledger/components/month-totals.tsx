import { Button, Card, Flex, Select, Statistic, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPENSE_TYPE } from '@console/contract/codes/device-records';
import { deviceRecordEndpoints, type ExpenseMonth } from '@console/contract/http/device-records';
import { useCodeLabel } from '../../../components/code-label.ts';
import { downloadCsv, exportFileName, rowsToCsv } from '../../../components/export-list.ts';
import { formatAmount, plainAmount } from '@console/contract/codes/money';
import { currencyVariablesOf, moneyFormat } from '../../../lib/money.ts';
import { exportColumnsOf, tableColumnsOf, type ListColumn } from '../../../components/list-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { usePageSearch } from '../../../lib/screen-query.ts';

/** The filter the list below holds in the URL, but its paging: the totals cover every page. */
const FILTER = ['keyword', 'type', 'from', 'to', 'orgId', 'currency'] as const;

/**
 * Totals per type over the list's filter, and per month and type (newest first), exportable: of the owners billing in
 * one currency, chosen when the machines' owners bill in several (decision 064), so no figure adds two currencies.
 */
export function MonthTotals() {
  const { t } = useTranslation(['expense-ledger', 'common']);
  const label = useCodeLabel();
  const { params, update } = usePageSearch();
  const filter = Object.fromEntries(FILTER.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const summary = useQuery(endpointQuery(deviceRecordEndpoints.expenseSummary, filter));
  const format = summary.data?.money ?? moneyFormat();
  const unit = currencyVariablesOf(format);
  const money = (key: keyof Omit<ExpenseMonth, 'month'>, title: string): ListColumn<ExpenseMonth> => ({
    key,
    title,
    align: 'right',
    render: (_, row) => formatAmount(row[key], format),
    exportValue: (row) => plainAmount(row[key], format),
  });
  const columns: ListColumn<ExpenseMonth>[] = [
    { key: 'month', title: t('month'), dataIndex: 'month' },
    ...EXPENSE_TYPE.codes.map((code) =>
      money(code.value, t('common:moneyTitle', { title: label(EXPENSE_TYPE, code.value), ...unit })),
    ),
    money('all', t('total', unit)),
  ];
  return (
    <QueryState query={summary}>
      {({ months, totals, currencies }) => (
        <Flex vertical gap={12}>
          <Card size="small">
            {currencies.length > 1 && (
              <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
                <span>{t('currency')}</span>
                <Select
                  aria-label={t('currency')}
                  style={{ width: 140 }}
                  value={format.currency.code}
                  options={currencies.map((m) => ({
                    value: m.currency.code,
                    label: `${m.currency.code} (${m.currency.symbol})`,
                  }))}
                  onChange={(v: string) => update({ currency: v })}
                />
              </Flex>
            )}
            <Flex wrap gap={48} data-testid="expense-totals">
              {EXPENSE_TYPE.codes.map((code) => (
                <Statistic
                  key={code.value}
                  title={t('common:moneyTitle', { title: label(EXPENSE_TYPE, code.value), ...unit })}
                  value={formatAmount(totals[code.value], format)}
                />
              ))}
              <Statistic title={t('total', unit)} value={formatAmount(totals.all, format)} />
            </Flex>
          </Card>
          <Card
            size="small"
            title={t('byMonth')}
            extra={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                disabled={months.length === 0}
                onClick={() =>
                  downloadCsv(exportFileName(t('monthsExportName')), rowsToCsv(exportColumnsOf(columns), months))
                }
              >
                {t('common:export')}
              </Button>
            }
          >
            <Table
              rowKey="month"
              size="small"
              pagination={false}
              scroll={{ y: 280 }}
              dataSource={months}
              locale={{ emptyText: t('empty') }}
              columns={tableColumnsOf(columns)}
            />
          </Card>
        </Flex>
      )}
    </QueryState>
  );
}
