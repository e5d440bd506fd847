import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_LOG_EVENT, type DeviceLogEvent } from '@console/contract/codes/device-records';
import { deviceRecordEndpoints, type DeviceLogItem } from '@console/contract/http/device-records';
import { LoadError } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { currentMonth, MonthRecords } from '../components/month-records.tsx';
import { CodeFilter } from '../components/code-filter.tsx';
import { useDeviceLogFields } from '../fields.tsx';

/** What the machine did and reported (connections, sleep and wake, faults), one month at a time. */
export function DeviceLogTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device-detail');
  const fields = useDeviceLogFields();
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
      columns={fields.columns(['at', 'event', 'detail'])}
    />
  );
}
