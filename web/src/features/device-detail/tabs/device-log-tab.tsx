import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_LOG_EVENT,
  FAULT_CODE,
  OFFLINE_REASON,
  type DeviceLogEvent,
} from '@console/contract/codes/device-records';
import { deviceRecordEndpoints, type DeviceLogItem } from '@console/contract/http/device-records';
import { useCodeLabel, type CodeLabel } from '../../../components/code-label.ts';
import { LoadError } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { currentMonth, MonthRecords } from '../components/month-records.tsx';
import { CodeFilter } from '../components/code-filter.tsx';

/**
 * The detail of a log entry in words: an offline's reason, a fault's code with its meaning ("E21 · Tilt sensor
 * fault"); a code the tables do not know is shown as it came.
 */
export function logDetail(label: CodeLabel, item: Pick<DeviceLogItem, 'event' | 'detail'>): string {
  if (!item.detail) return '';
  if (item.event === 'offline') return label(OFFLINE_REASON, item.detail);
  if (item.event === 'fault') {
    return item.detail
      .split(/[,\s]+/)
      .filter(Boolean)
      .map((code) => (FAULT_CODE.get(code) ? `${code} · ${label(FAULT_CODE, code)}` : code))
      .join('; ');
  }
  return item.detail;
}

/** What the machine did and reported (connections, sleep and wake, faults), one month at a time. */
export function DeviceLogTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device-detail');
  const label = useCodeLabel();
  const [month, setMonth] = useState(currentMonth);
  const [event, setEvent] = useState<DeviceLogEvent | undefined>();
  const log = useQuery({
    ...endpointQuery(deviceRecordEndpoints.deviceLog, { deviceId, month, event }),
    placeholderData: keepPreviousData,
  });

  if (log.isError && !log.data) return <LoadError error={log.error} onRetry={() => void log.refetch()} />;
  return (
    <MonthRecords<DeviceLogItem>
      month={month}
      onMonth={setMonth}
      filter={
        <CodeFilter
          table={DEVICE_LOG_EVENT}
          value={event}
          onChange={setEvent}
          width={180}
          label={t('records.log.event')}
          placeholder={t('records.log.allEvents')}
        />
      }
      answer={log.data}
      loading={log.isFetching}
      exportName={t('records.log.exportName')}
      exportColumns={[
        { title: t('records.time'), value: (r) => r.at },
        { title: t('records.log.event'), value: (r) => label(DEVICE_LOG_EVENT, r.event) },
        { title: t('records.detail'), value: (r) => logDetail(label, r) },
      ]}
      columns={[
        { key: 'at', title: t('records.time'), dataIndex: 'at', width: 180 },
        {
          key: 'event',
          title: t('records.log.event'),
          render: (_, r) => <StatusBadge table={DEVICE_LOG_EVENT} value={r.event} />,
        },
        { key: 'detail', title: t('records.detail'), render: (_, r) => logDetail(label, r) },
      ]}
    />
  );
}
