import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_LOG_EVENT, type DeviceLogEvent } from '@console/contract/codes/device-records';
import type { DeviceLogItem } from '@console/contract/http/device-records';
import { useCodeLabel } from '../../../components/code-label.ts';
import { LoadError } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { deviceLogQuery } from '../api/device-records.ts';
import { currentMonth, MonthRecords } from '../components/month-records.tsx';
import { CodeFilter } from '../components/code-filter.tsx';

/** What the machine did and reported (connections, sleep and wake, faults), one month at a time. */
export function DeviceLogTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device-detail');
  const label = useCodeLabel();
  const [month, setMonth] = useState(currentMonth);
  const [event, setEvent] = useState<DeviceLogEvent | undefined>();
  const log = useQuery({ ...deviceLogQuery({ deviceId, month, event }), placeholderData: keepPreviousData });

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
        { title: t('records.detail'), value: (r) => r.detail },
      ]}
      columns={[
        { key: 'at', title: t('records.time'), dataIndex: 'at', width: 180 },
        {
          key: 'event',
          title: t('records.log.event'),
          render: (_, r) => <StatusBadge table={DEVICE_LOG_EVENT} value={r.event} />,
        },
        { key: 'detail', title: t('records.detail'), dataIndex: 'detail' },
      ]}
    />
  );
}
