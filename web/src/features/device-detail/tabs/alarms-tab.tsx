import { useState } from 'react';
import { DatePicker, Flex, Radio, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceAlarm } from '@console/contract/http/device-detail';
import { tableColumnsOf } from '../../../components/list-page.tsx';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useDeviceAlarmFields } from '../fields.tsx';

type StateFilter = 'all' | 'open' | 'ended';

/** The machine's alarms, open and ended, newest first, by the time they started; paged on the server. */
export function AlarmsTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device-detail');
  const fields = useDeviceAlarmFields();
  const [state, setState] = useState<StateFilter>('all');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const alarms = useQuery({
    ...endpointQuery(deviceDetailEndpoints.alarms, {
      id: deviceId,
      ...page,
      state: state === 'all' ? undefined : state,
      from: range?.[0].valueOf(),
      to: range?.[1].valueOf(),
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center">
        <Radio.Group
          aria-label={t('alarms.state')}
          optionType="button"
          size="small"
          value={state}
          onChange={(event) => {
            setState(event.target.value as StateFilter);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={(['all', 'open', 'ended'] as const).map((value) => ({ value, label: t(`alarms.${value}`) }))}
        />
        <DatePicker.RangePicker
          showTime
          size="small"
          aria-label={t('alarms.range')}
          placeholder={[t('alarms.startedAt'), t('alarms.startedAt')]}
          value={range}
          onChange={(value) => {
            setRange(value?.[0] && value[1] ? [value[0], value[1]] : null);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
      </Flex>
      <Table<DeviceAlarm>
        size="small"
        rowKey="id"
        loading={alarms.isFetching}
        dataSource={alarms.data?.list ?? []}
        locale={{ emptyText: t('alarms.empty') }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: alarms.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        columns={tableColumnsOf(
          fields.columns(['typeLabel', 'info', 'level', 'state', 'startedAt', 'endedAt', 'handledAt']),
        )}
      />
    </Flex>
  );
}
