import type { ReactNode } from 'react';
import { Alert, Button, DatePicker, Empty, Flex, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { downloadCsv, exportFileName, rowsToCsv } from '../../../components/export-list.ts';
import { exportColumnsOf, tableColumnsOf, type ListColumn } from '../../../components/list-page.tsx';

/** The month a log tab opens with: the current one. */
export const currentMonth = () => dayjs().format('YYYY-MM');

/**
 * A machine's log, one month at a time: the month (a query never spans months), the tab's own filter, the export
 * of what the query answered (at most 1000 records, all of it on screen), the note when the month holds more
 * than a query answers, and the records' table.
 */
export function MonthRecords<Row extends { id: number }>({
  month,
  onMonth,
  filter,
  answer,
  loading,
  exportName,
  columns,
}: {
  month: string;
  onMonth: (month: string) => void;
  filter: ReactNode;
  /** The month's records as the server answered them (undefined while the first answer is on its way). */
  answer: { list: Row[]; total: number; limit: number } | undefined;
  loading: boolean;
  exportName: string;
  /** The table's columns; the CSV holds the same, as text. */
  columns: ListColumn<Row>[];
}) {
  const { t } = useTranslation(['device-detail', 'common']);
  const { list: rows = [], total = 0, limit = 0 } = answer ?? {};
  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={8}>
        <Flex wrap gap={12} align="center">
          <DatePicker
            picker="month"
            size="small"
            allowClear={false}
            aria-label={t('records.month')}
            value={dayjs(`${month}-01`)}
            disabledDate={(day) => day.isAfter(dayjs(), 'month')}
            onChange={(day) => day && onMonth(day.format('YYYY-MM'))}
          />
          {filter}
          <Typography.Text type="secondary">{t('records.count', { count: total })}</Typography.Text>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(exportFileName(`${exportName}-${month}`), rowsToCsv(exportColumnsOf(columns), rows))
            }
          >
            {t('common:export')}
          </Button>
        </Flex>
        <Typography.Text type="secondary">{t('records.monthRule')}</Typography.Text>
        {total > limit && <Alert type="warning" showIcon title={t('records.limited', { limit, total })} />}
      </Flex>
      <Table<Row>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('records.noData')} /> }}
        columns={tableColumnsOf(columns)}
      />
    </Flex>
  );
}
