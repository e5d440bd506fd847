import { useCallback } from 'react';
import { App, Button, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { LOCK_EXECUTION } from '@console/contract/codes/lock';
import { commandEndpoints, type CommandItem } from '@console/contract/http/commands';
import { deviceRecordEndpoints, type SleepState } from '@console/contract/http/device-records';
import type { LiveEvent } from '@console/contract/http/live';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useLiveEvent } from '../../../lib/live-events.ts';
import { SLEEP_READS, sleepStateQuery } from '../api/device-records.ts';
import { SleepDialog } from './sleep-dialog.tsx';

/** A wake task may be deleted while the machine has not received it (decision 010: queued or sent). */
const deletable = (task: CommandItem) => task.type === 'wake' && (task.state === 'queued' || task.state === 'sent');

function WakeButton({ deviceId, state }: { deviceId: number; state: SleepState }) {
  const { t } = useTranslation('device-detail');
  const { message } = App.useApp();
  const send = useEndpointMutation(deviceRecordEndpoints.wake, { invalidates: SLEEP_READS });
  const wake = async () => {
    const task = await send.mutateAsync({ body: { deviceId } });
    // Sent to an awake machine, or waiting as an offline wake task for the next 12-hourly wake.
    void message.success(t(task.state === 'queued' ? 'records.sleep.wakeQueued' : 'records.sleep.wakeSent'));
  };
  if (state.online && !state.sleeping) {
    return (
      <Button size="small" onClick={() => void wake().catch(() => undefined)}>
        {t('records.sleep.wake')}
      </Button>
    );
  }
  // Like a lock on an offline machine: say that it applies when the machine comes back, and ask to continue.
  return (
    <ConfirmButton size="small" title={t('records.sleep.wakeAway')} onConfirm={wake}>
      {t('records.sleep.wake')}
    </ConfirmButton>
  );
}

/** The machine's sleep state, its 12-hour wake cycle, the sleep and wake buttons and its offline wake tasks. */
export function SleepWakePanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation(['device-detail', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cancel = useEndpointMutation(commandEndpoints.cancel, { invalidates: SLEEP_READS });
  const sleep = useQuery(sleepStateQuery(deviceId));
  useLiveEvent(
    useCallback(
      (event: LiveEvent) => {
        if (!('deviceId' in event) || event.deviceId !== deviceId) return;
        void queryClient.invalidateQueries({ queryKey: endpointKey(deviceRecordEndpoints.sleepState, { deviceId }) });
        if (event.type === 'command')
          void queryClient.invalidateQueries({
            queryKey: endpointKey(deviceRecordEndpoints.operationLog, { deviceId }),
          });
      },
      [deviceId, queryClient],
    ),
  );

  if (sleep.isError && !sleep.data) return <LoadError error={sleep.error} onRetry={() => void sleep.refetch()} />;
  const state = sleep.data;
  const stateTag = !state ? null : state.sleeping ? (
    <Tag color="purple">{t('records.sleep.asleep')}</Tag>
  ) : state.online ? (
    <Tag color="green">{t('records.sleep.awake')}</Tag>
  ) : (
    <Tag>{t('records.sleep.offline')}</Tag>
  );
  const overdue = state?.nextWakeAt ? dayjs(state.nextWakeAt).isBefore(dayjs()) : false;

  return (
    <Card
      size="small"
      title={t('records.sleep.title')}
      loading={sleep.isPending}
      extra={
        state?.canCommand && (
          <Flex gap={8}>
            <SleepDialog deviceId={deviceId} disabled={state.sleeping} />
            <WakeButton deviceId={deviceId} state={state} />
          </Flex>
        )
      }
    >
      {state && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('records.sleep.cycle')}</Typography.Text>
          <Descriptions size="small" column={{ xs: 1, md: 4 }}>
            <Descriptions.Item label={t('records.sleep.state')}>{stateTag}</Descriptions.Item>
            <Descriptions.Item label={t('records.sleep.lastWake')}>
              {state.lastWakeAt ?? t('records.sleep.none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('records.sleep.lastSleep')}>
              {state.lastSleepAt ?? t('records.sleep.none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('records.sleep.nextWake')}>
              {state.nextWakeAt ?? t('records.sleep.none')}
              {overdue && (
                <Tag color="orange" style={{ marginLeft: 8 }}>
                  {t('records.sleep.overdue')}
                </Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Table<CommandItem>
            size="small"
            rowKey="id"
            title={() => t('records.sleep.tasks')}
            dataSource={state.tasks}
            pagination={false}
            locale={{ emptyText: t('records.sleep.noTasks') }}
            columns={[
              {
                key: 'type',
                title: t('records.sleep.task'),
                render: (_, task) => t(`records.ops.commandTypes.${task.type}`),
              },
              {
                key: 'execution',
                title: t('records.sleep.taskState'),
                render: (_, task) => <StatusBadge table={LOCK_EXECUTION} value={task.execution} />,
              },
              { key: 'reason', title: t('records.sleep.reason'), dataIndex: 'reasonText' },
              { key: 'createdBy', title: t('records.sleep.createdBy'), dataIndex: 'createdByName' },
              { key: 'createdAt', title: t('records.sleep.createdAt'), dataIndex: 'createdAt' },
              {
                key: 'actions',
                title: t('common:actions'),
                render: (_, task) =>
                  state.canCommand &&
                  deletable(task) && (
                    <ConfirmButton
                      type="link"
                      size="small"
                      danger
                      title={t('records.sleep.deleteConfirm')}
                      onConfirm={async () => {
                        await cancel.mutateAsync({ body: { id: task.id } });
                        void message.success(t('records.sleep.taskDeleted'));
                      }}
                    >
                      {t('records.sleep.deleteTask')}
                    </ConfirmButton>
                  ),
              },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
