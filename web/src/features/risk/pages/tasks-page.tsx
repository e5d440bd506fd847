import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { riskEndpoints, type RiskTask } from '@console/contract/http/risk';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useIsLocker, useRiskLiveRefresh } from '../api/risk.ts';
import { useRiskTaskFields } from '../fields.tsx';
import { LockTaskDialog, RISK_READS } from '../../../components/lock-task/lock-task-dialog.tsx';
import { href } from '@console/contract/screens/screen';
import { riskScreens } from '@console/contract/screens/risk';

/** Cancel what of a task has not reached its machines. */
export function CancelTaskButton({ task, type = 'link' }: { task: RiskTask; type?: 'link' | 'default' }) {
  const { t } = useTranslation('risk');
  const { message } = App.useApp();
  const cancel = useEndpointMutation(riskEndpoints.cancelTask, { invalidates: RISK_READS });
  return (
    <ConfirmButton
      type={type}
      danger
      title={t('tasks.cancelConfirm', { id: task.id })}
      onConfirm={async () => {
        await cancel.mutateAsync({ body: { id: task.id } });
        void message.success(t('tasks.cancelled'));
      }}
    >
      {t('tasks.cancel')}
    </ConfirmButton>
  );
}

/** /riskManagement/index: lock and unlock tasks; `?deviceId=` shows one machine's and offers a task for it. */
export function TasksPage() {
  const { t } = useTranslation(['risk', 'common']);
  const locker = useIsLocker();
  const deviceId = useScreenQuery(riskScreens.tasks).query.deviceId || undefined;
  // Opened from a machine's page (`?deviceId=`): the list shows its tasks and a new task starts with it.
  const [creating, setCreating] = useState(false);
  useRiskLiveRefresh();

  const fields = useRiskTaskFields();
  const columns: ListColumn<RiskTask>[] = [
    ...fields.columns([
      'id',
      'kind',
      'taskType',
      'level',
      'mode',
      'machines',
      'execution',
      'stage',
      // After the stage, which a user scans for and must stay in sight at 1440 px: who or what made the task, and why.
      'operatorName',
      'reason',
      'dueAt',
      'createdAt',
    ]),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          <Link to={href(riskScreens.task, { id: row.id })}>{t('tasks.detail')}</Link>
          {locker && row.cancellable && <CancelTaskButton task={row} />}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        area="risk"
        resource="tasks"
        endpoint={riskEndpoints.listTasks}
        rowKey="id"
        title={t('tasks.title')}
        exportName={t('tasks.exportName')}
        filters={fields.filters(['keyword', 'kind', 'taskType', 'execution', 'automatic'])}
        columns={columns}
        toolbar={
          locker && (
            <Space>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('tasks.new')}
              </Button>
              <Link to={href(riskScreens.lockDays)}>
                <Button icon={<SettingOutlined />}>{t('lockDays.title')}</Button>
              </Link>
            </Space>
          )
        }
      />
      {locker && <LockTaskDialog open={creating} onClose={() => setCreating(false)} deviceId={deviceId} />}
    </>
  );
}
