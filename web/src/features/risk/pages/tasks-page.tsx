import { useState } from 'react';
import { App, Button, Select, Space, Typography } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOCK_LEVEL, LOCK_TASK_TYPE } from '@console/contract/codes/lock';
import { riskEndpoints, type RiskTask } from '@console/contract/http/risk';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { riskKey, useIsLocker, useRiskLiveRefresh } from '../api/risk.ts';
import { useRiskListParts } from '../components/risk-list-parts.tsx';
import { TaskDialog } from '../components/task-dialog.tsx';

export const taskHref = (id: number) => `/riskManagement/task?id=${id}`;

/** Cancel what of a task has not reached its machines. */
export function CancelTaskButton({ task, type = 'link' }: { task: RiskTask; type?: 'link' | 'default' }) {
  const { t } = useTranslation('risk');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <ConfirmButton
      type={type}
      danger
      title={t('tasks.cancelConfirm', { id: task.id })}
      onConfirm={async () => {
        await callApi(riskEndpoints.cancelTask, { body: { id: task.id } });
        void message.success(t('tasks.cancelled'));
        await queryClient.invalidateQueries({ queryKey: riskKey });
      }}
    >
      {t('tasks.cancel')}
    </ConfirmButton>
  );
}

/** /riskManagement/index: lock and unlock tasks; `?deviceId=` shows one machine's and offers a task for it. */
export function TasksPage() {
  const { t } = useTranslation(['risk', 'common']);
  const label = useCodeLabel();
  const locker = useIsLocker();
  const [params] = useSearchParams();
  const deviceId = Number(params.get('deviceId')) || undefined;
  // Opened from a machine's page (`?deviceId=`): the list shows its tasks and a new task starts with it.
  const [creating, setCreating] = useState(false);
  const { filters, columns: shared } = useRiskListParts<RiskTask>();
  useRiskLiveRefresh();

  const columns: ListColumn<RiskTask>[] = [
    {
      key: 'id',
      title: t('tasks.id'),
      dataIndex: 'id',
      render: (id: number) => <Link to={taskHref(id)}>#{id}</Link>,
    },
    shared.kind,
    {
      key: 'taskType',
      title: t('tasks.taskType'),
      dataIndex: 'taskType',
      exportValue: (row) => label(LOCK_TASK_TYPE, row.taskType),
      render: (value: number) => <StatusBadge table={LOCK_TASK_TYPE} value={value} />,
    },
    {
      key: 'level',
      title: t('tasks.level'),
      dataIndex: 'level',
      exportValue: (row) => label(LOCK_LEVEL, row.level),
      render: (value: number) => <StatusBadge table={LOCK_LEVEL} value={value} />,
    },
    shared.mode,
    {
      key: 'machines',
      title: t('tasks.machines'),
      dataIndex: 'serials',
      exportValue: (row) => row.serials.join(' ') + (row.deviceCount > row.serials.length ? ' …' : ''),
      render: (serials: string[], row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{serials.join(', ')}</Typography.Text>
          {row.deviceCount > 1 && (
            <Typography.Text type="secondary">{t('tasks.machineCount', { count: row.deviceCount })}</Typography.Text>
          )}
        </Space>
      ),
    },
    shared.operator,
    shared.execution,
    shared.stage,
    { key: 'dueAt', title: t('tasks.dueAt'), dataIndex: 'dueAt', sorter: true },
    { key: 'createdAt', title: t('tasks.createdAt'), dataIndex: 'createdAt', sorter: true },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          <Link to={taskHref(row.id)}>{t('tasks.detail')}</Link>
          {locker && row.cancellable && <CancelTaskButton task={row} />}
        </Space>
      ),
    },
  ];

  const options = (table: Parameters<typeof codeOptions>[1]) => codeOptions(label, table);
  return (
    <>
      <ListPage
        area="risk"
        resource="tasks"
        endpoint={riskEndpoints.listTasks}
        rowKey="id"
        title={t('tasks.title')}
        exportName={t('tasks.exportName')}
        filters={[
          filters.keyword,
          filters.kind,
          {
            name: 'taskType',
            label: t('tasks.taskType'),
            input: <Select allowClear style={{ width: 150 }} options={options(LOCK_TASK_TYPE)} />,
          },
          filters.execution,
          filters.automatic,
        ]}
        columns={columns}
        toolbar={
          locker && (
            <Space>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('tasks.new')}
              </Button>
              <Link to="/riskManagement/lockDays">
                <Button icon={<SettingOutlined />}>{t('lockDays.title')}</Button>
              </Link>
            </Space>
          )
        }
      />
      {locker && <TaskDialog open={creating} onClose={() => setCreating(false)} deviceId={deviceId} />}
    </>
  );
}
