import { Card, Descriptions, Result, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCK_EXECUTION, LOCK_LEVEL, LOCK_MODE, LOCK_TASK_TYPE } from '@console/contract/codes/lock';
import { riskEndpoints, type RiskTaskItem } from '@console/contract/http/risk';
import { useCodeLabel } from '../../../components/code-label.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useIsLocker, useRiskLiveRefresh } from '../api/risk.ts';
import { StageTag } from '../components/stage-tag.tsx';
import { CancelTaskButton } from './tasks-page.tsx';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { riskScreens } from '@console/contract/screens/risk';

/** /riskManagement/task?id=: one lock task, a row per machine, following the machines live. */
export function TaskDetailPage() {
  const { t } = useTranslation(['risk', 'common']);
  const label = useCodeLabel();
  const locker = useIsLocker();
  const id = useScreenQuery(riskScreens.task).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(riskEndpoints.taskDetail, { id }), enabled: id > 0 });
  useRiskLiveRefresh();

  const back = <Link to={href(riskScreens.tasks)}>{t('detail.back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('detail.notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {(task) => (
        <Card
          title={
            <Space>
              {t('detail.title', { id: task.id })}
              <StatusBadge table={LOCK_EXECUTION} value={task.execution} />
              <StageTag stage={task.stage} />
            </Space>
          }
          extra={
            <Space>
              {locker && task.cancellable && <CancelTaskButton task={task} type="default" />}
              {back}
            </Space>
          }
        >
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'kind', label: t('tasks.kind'), children: t(`kind.${task.kind}`) },
              { key: 'type', label: t('tasks.taskType'), children: label(LOCK_TASK_TYPE, task.taskType) },
              {
                key: 'level',
                label: t('tasks.level'),
                children: <StatusBadge table={LOCK_LEVEL} value={task.level} />,
              },
              { key: 'mode', label: t('tasks.mode'), children: label(LOCK_MODE, task.mode) },
              { key: 'operator', label: t('tasks.operator'), children: task.operatorName || '-' },
              { key: 'due', label: t('tasks.dueAt'), children: task.dueAt },
              { key: 'created', label: t('tasks.createdAt'), children: task.createdAt },
              ...(task.delayHours ? [{ key: 'delay', label: t('form.delayHours'), children: task.delayHours }] : []),
              { key: 'counts', label: t('tasks.execution'), children: t('detail.counts', task.counts) },
            ]}
          />
          <Table<RiskTaskItem>
            style={{ marginTop: 16 }}
            rowKey="deviceId"
            dataSource={task.items}
            pagination={task.items.length > 20 ? { pageSize: 20 } : false}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'serialNumber',
                title: t('detail.serialNumber'),
                dataIndex: 'serialNumber',
                render: (serial: string, row) => (
                  <Link to={href(deviceDetailScreens.detail, { id: row.deviceId })}>{serial}</Link>
                ),
              },
              { key: 'hostName', title: t('detail.hostName'), dataIndex: 'hostName' },
              {
                key: 'online',
                title: t('detail.online'),
                dataIndex: 'online',
                render: (online: boolean) => (
                  <Tag color={online ? 'green' : 'default'}>{t(online ? 'detail.isOnline' : 'detail.isOffline')}</Tag>
                ),
              },
              {
                key: 'execution',
                title: t('tasks.execution'),
                dataIndex: 'execution',
                render: (value: number) => <StatusBadge table={LOCK_EXECUTION} value={value} />,
              },
              {
                key: 'stage',
                title: t('tasks.stage'),
                dataIndex: 'stage',
                render: (stage: RiskTaskItem['stage']) => <StageTag stage={stage} />,
              },
              {
                key: 'confirmedLevel',
                title: t('detail.confirmedLevel'),
                dataIndex: 'confirmedLevel',
                render: (value: number | null) =>
                  value === null ? '-' : <StatusBadge table={LOCK_LEVEL} value={value} />,
              },
              {
                key: 'result',
                title: t('detail.result'),
                dataIndex: 'resultText',
                render: (text: string) => (text ? <Typography.Text type="danger">{text}</Typography.Text> : '-'),
              },
              { key: 'finishedAt', title: t('detail.finishedAt'), dataIndex: 'finishedAt', render: (v) => v ?? '-' },
            ]}
          />
        </Card>
      )}
    </QueryState>
  );
}
