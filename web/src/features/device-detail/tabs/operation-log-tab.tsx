import { useState } from 'react';
import { Flex } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OPERATION_CATEGORY, type OperationCategory } from '@console/contract/codes/device-records';
import { deviceRecordEndpoints, type OperationLogItem } from '@console/contract/http/device-records';
import { LoadError } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { currentMonth, MonthRecords } from '../components/month-records.tsx';
import { SleepWakePanel } from '../components/sleep-wake-panel.tsx';
import { CodeFilter } from '../components/code-filter.tsx';
import { useOperationLogFields } from '../fields.tsx';

/** What people did to the machine (commands, sleep and wake, edits, files, expenses), with sleep and wake. */
export function OperationLogTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device-detail');
  const fields = useOperationLogFields();
  const [month, setMonth] = useState(currentMonth);
  const [category, setCategory] = useState<OperationCategory | undefined>();
  const log = useQuery({
    ...endpointQuery(deviceRecordEndpoints.operationLog, { deviceId, month, category }),
    placeholderData: keepPreviousData,
  });

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
          columns={fields.columns(['at', 'category', 'action', 'user', 'detail'])}
        />
      )}
    </Flex>
  );
}
