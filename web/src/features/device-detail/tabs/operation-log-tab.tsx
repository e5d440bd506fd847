import { useState } from 'react';
import { Flex } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCK_LEVEL } from '@console/contract/codes/lock';
import { OPERATION_CATEGORY, type OperationCategory } from '@console/contract/codes/device-records';
import { deviceRecordEndpoints, type OperationLogItem } from '@console/contract/http/device-records';
import { useCodeLabel } from '../../../components/code-label.ts';
import { LoadError } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { currentMonth, MonthRecords } from '../components/month-records.tsx';
import { SleepWakePanel } from '../components/sleep-wake-panel.tsx';
import { CodeFilter } from '../components/code-filter.tsx';

/** What people did to the machine (commands, sleep and wake, edits, files, expenses), with sleep and wake. */
export function OperationLogTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device-detail');
  const label = useCodeLabel();
  const [month, setMonth] = useState(currentMonth);
  const [category, setCategory] = useState<OperationCategory | undefined>();
  const log = useQuery({
    ...endpointQuery(deviceRecordEndpoints.operationLog, { deviceId, month, category }),
    placeholderData: keepPreviousData,
  });

  // An action of another area that has no label yet shows as it is logged rather than as a raw key.
  const actionText = (r: OperationLogItem) => {
    const action = t(`records.ops.actions.${r.action}` as never, { defaultValue: r.action });
    const type = r.commandType
      ? t(`records.ops.commandTypes.${r.commandType}` as never, { defaultValue: r.commandType })
      : '';
    const level = r.lockLevel ? label(LOCK_LEVEL, r.lockLevel) : '';
    return [action, type, level].filter(Boolean).join(' · ');
  };

  return (
    <Flex vertical gap={16}>
      <SleepWakePanel deviceId={deviceId} />
      {log.isError && !log.data ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <MonthRecords<OperationLogItem>
          month={month}
          onMonth={setMonth}
          filter={
            <CodeFilter
              table={OPERATION_CATEGORY}
              value={category}
              onChange={setCategory}
              width={200}
              label={t('records.ops.category')}
              placeholder={t('records.ops.allCategories')}
            />
          }
          answer={log.data}
          loading={log.isFetching}
          exportName={t('records.ops.exportName')}
          exportColumns={[
            { title: t('records.time'), value: (r) => r.at },
            { title: t('records.ops.category'), value: (r) => label(OPERATION_CATEGORY, r.category) },
            { title: t('records.ops.action'), value: actionText },
            { title: t('records.ops.user'), value: (r) => r.userName || t('records.ops.byMachine') },
            { title: t('records.detail'), value: (r) => r.detail },
          ]}
          columns={[
            { key: 'at', title: t('records.time'), dataIndex: 'at', width: 180 },
            {
              key: 'category',
              title: t('records.ops.category'),
              render: (_, r) => <StatusBadge table={OPERATION_CATEGORY} value={r.category} />,
            },
            { key: 'action', title: t('records.ops.action'), render: (_, r) => actionText(r) },
            { key: 'user', title: t('records.ops.user'), render: (_, r) => r.userName || t('records.ops.byMachine') },
            { key: 'detail', title: t('records.detail'), dataIndex: 'detail' },
          ]}
        />
      )}
    </Flex>
  );
}
