import { useState } from 'react';
import { Alert, Button, Col, Empty, Flex, Row, Segmented, Skeleton, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { deviceDetailEndpoints, TelemetryField, TelemetrySeries } from '@console/contract/http/device-detail';
import type { DataOf } from '@console/contract/http/endpoint';
import { EChart } from '../../../components/echart.tsx';
import { downloadCsv, exportFileName, rowsToCsv } from '../../../components/export-list.ts';
import { recordsQuery, seriesQuery } from '../api/device-detail.ts';
import { fieldKey, fieldValue } from './telemetry-fields.ts';
import { useHistoryRange, type HistoryRangeOptions } from './history-range.tsx';

interface TelemetryHistoryProps extends Omit<HistoryRangeOptions, 'withPeriod'> {
  deviceId: number;
  /** Names the export file. */
  serial: string;
  fields: readonly TelemetryField[];
}

/**
 * A machine's telemetry over a time range: one small chart per field (averaged on the server per chart period),
 * or the raw records; with the range presets, the chart period, the 10-second auto refresh and the history rules.
 */
export function TelemetryHistory({ deviceId, serial, fields, ...rangeOptions }: TelemetryHistoryProps) {
  const { t } = useTranslation('device-detail');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const history = useHistoryRange({ ...rangeOptions, withPeriod: true });
  const refetch = { refetchInterval: history.refetchInterval, placeholderData: keepPreviousData };
  const series = useQuery({
    ...seriesQuery(deviceId, history.range, history.period),
    ...refetch,
    enabled: view === 'chart',
  });
  const records = useQuery({ ...recordsQuery(deviceId, history.range), ...refetch, enabled: view === 'table' });
  const shown = view === 'chart' ? series : records;
  const periodNote =
    view === 'chart' && series.data
      ? t(series.data.periodMinutes > history.period ? 'history.widened' : 'history.averaged', {
          count: series.data.periodMinutes,
        })
      : '';

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} justify="space-between">
        {history.controls}
        <Segmented
          size="small"
          value={view}
          onChange={(value) => setView(value as 'chart' | 'table')}
          options={[
            { value: 'chart', label: t('history.chart') },
            { value: 'table', label: t('history.table') },
          ]}
        />
      </Flex>
      <Typography.Text type="secondary">
        {history.notice} {periodNote}
      </Typography.Text>
      {shown.isError ? (
        <Alert type="error" showIcon message={shown.error.message} />
      ) : shown.isPending ? (
        <Skeleton active />
      ) : view === 'chart' ? (
        <SeriesCharts series={series.data!} fields={fields} />
      ) : (
        <RecordsTable records={records.data!} fields={fields} serial={serial} />
      )}
    </Flex>
  );
}

function SeriesCharts({ series, fields }: { series: TelemetrySeries; fields: readonly TelemetryField[] }) {
  const { t } = useTranslation('device-detail');
  if (series.times.length === 0) return <Empty description={t('history.noData')} />;
  return (
    <Row gutter={[16, 16]}>
      {fields.map((field) => {
        const label = t(fieldKey(field) as never);
        const values = series.fields[field] ?? [];
        return (
          <Col key={field} xs={24} xl={fields.length > 1 ? 12 : 24}>
            <Typography.Text strong>{label}</Typography.Text>
            <EChart
              height={200}
              label={t('history.chartLabel', { field: label })}
              option={{
                grid: { left: 48, right: 16, top: 16, bottom: 28 },
                tooltip: { trigger: 'axis' },
                xAxis: { type: 'time' },
                yAxis: { type: 'value', scale: true },
                series: [
                  {
                    type: 'line',
                    name: label,
                    showSymbol: series.times.length < 60,
                    data: series.times.map((time, i) => [time, values[i] ?? null]),
                  },
                ],
              }}
            />
          </Col>
        );
      })}
    </Row>
  );
}

type Records = DataOf<typeof deviceDetailEndpoints.records>;

function RecordsTable({
  records,
  fields,
  serial,
}: {
  records: Records;
  fields: readonly TelemetryField[];
  serial: string;
}) {
  const { t } = useTranslation(['device-detail', 'common']);
  if (records.list.length === 0) return <Empty description={t('history.noData')} />;
  type Row = Records['list'][number];
  // The export holds what the query answered: the rows shown, at most one query's 1000.
  const exportCsv = () =>
    downloadCsv(
      exportFileName(`${serial}-${t('history.table')}`),
      rowsToCsv<Row>(
        [
          { title: t('history.deviceTime'), value: (row) => row.deviceTime },
          { title: t('history.receivedAt'), value: (row) => row.receivedAt },
          ...fields.map((field) => ({
            title: t(fieldKey(field) as never),
            value: (row: Row) => fieldValue(row.data, field),
          })),
        ],
        records.list,
      ),
    );
  return (
    <>
      <Flex justify="space-between" align="center" gap={12}>
        {records.truncated ? <Alert type="info" showIcon message={t('history.truncated')} /> : <span />}
        <Button icon={<DownloadOutlined />} onClick={exportCsv}>
          {t('common:export')}
        </Button>
      </Flex>
      <Table
        size="small"
        rowKey="deviceTime"
        dataSource={records.list}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'deviceTime', title: t('history.deviceTime'), dataIndex: 'deviceTime', fixed: 'left' },
          { key: 'receivedAt', title: t('history.receivedAt'), dataIndex: 'receivedAt' },
          ...fields.map((field) => ({
            key: field,
            title: t(fieldKey(field) as never),
            render: (_: unknown, row: Records['list'][number]) => fieldValue(row.data, field) ?? '-',
          })),
        ]}
      />
    </>
  );
}
