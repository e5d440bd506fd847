import { Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCK_EXECUTION, LOCK_LEVEL, LOCK_MODE } from '@console/contract/codes/lock';
import { riskEndpoints, type RiskRecord } from '@console/contract/http/risk';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/day-field.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useRiskLiveRefresh } from '../api/risk.ts';
import { StageTag } from '../components/stage-tag.tsx';

/** /riskManagement/history: every lock and unlock with who, when, how, its result and the confirmed state. */
export function RecordsPage() {
  const { t } = useTranslation(['risk', 'common']);
  const label = useCodeLabel();
  useRiskLiveRefresh();

  const level = (value: number | null) => (value === null ? '-' : <StatusBadge table={LOCK_LEVEL} value={value} />);
  const columns: ListColumn<RiskRecord>[] = [
    { key: 'createdAt', title: t('records.time'), dataIndex: 'createdAt', sorter: true },
    {
      key: 'serialNumber',
      title: t('records.serialNumber'),
      dataIndex: 'serialNumber',
      render: (serial: string, row) => <Link to={`/deviceManagement/detail?id=${row.deviceId}`}>{serial}</Link>,
    },
    { key: 'hostName', title: t('records.hostName'), dataIndex: 'hostName', defaultHidden: true },
    {
      key: 'kind',
      title: t('tasks.kind'),
      dataIndex: 'kind',
      exportValue: (row) => t(`kind.${row.kind}`),
      render: (kind: RiskRecord['kind']) => <Tag color={kind === 'lock' ? 'red' : 'green'}>{t(`kind.${kind}`)}</Tag>,
    },
    {
      key: 'level',
      title: t('tasks.level'),
      dataIndex: 'level',
      exportValue: (row) => label(LOCK_LEVEL, row.level),
      render: level,
    },
    {
      key: 'mode',
      title: t('tasks.mode'),
      dataIndex: 'mode',
      exportValue: (row) => label(LOCK_MODE, row.mode),
      render: (value: number | null) => (value === null ? '-' : label(LOCK_MODE, value)),
    },
    { key: 'operatorName', title: t('tasks.operator'), dataIndex: 'operatorName' },
    {
      key: 'execution',
      title: t('tasks.execution'),
      dataIndex: 'execution',
      exportValue: (row) => label(LOCK_EXECUTION, row.execution),
      render: (value: number) => <StatusBadge table={LOCK_EXECUTION} value={value} />,
    },
    {
      key: 'stage',
      title: t('tasks.stage'),
      dataIndex: 'stage',
      exportValue: (row) => t(`stage.${row.stage}`),
      render: (stage: RiskRecord['stage']) => <StageTag stage={stage} />,
    },
    { key: 'resultText', title: t('records.result'), dataIndex: 'resultText', render: (v: string) => v || '-' },
    {
      key: 'confirmedLevel',
      title: t('records.confirmedLevel'),
      dataIndex: 'confirmedLevel',
      exportValue: (row) => (row.confirmedLevel === null ? '' : label(LOCK_LEVEL, row.confirmedLevel)),
      render: level,
    },
    {
      key: 'currentLevel',
      title: t('records.currentLevel'),
      dataIndex: 'currentLevel',
      exportValue: (row) => label(LOCK_LEVEL, row.currentLevel),
      render: level,
    },
    { key: 'finishedAt', title: t('records.finishedAt'), dataIndex: 'finishedAt', defaultHidden: true },
    {
      key: 'task',
      title: t('records.task'),
      dataIndex: 'taskId',
      exportValue: (row) => row.taskId ?? '',
      render: (id: number | null) => (id === null ? '-' : <Link to={`/riskManagement/task?id=${id}`}>#{id}</Link>),
    },
  ];

  return (
    <ListPage
      area="risk"
      resource="records"
      endpoint={riskEndpoints.records}
      rowKey="commandId"
      title={t('records.title')}
      exportName={t('records.exportName')}
      filters={[
        { name: 'keyword', label: t('tasks.keyword'), input: <Input allowClear maxLength={40} /> },
        {
          name: 'kind',
          label: t('tasks.kind'),
          input: (
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 'lock', label: t('kind.lock') },
                { value: 'unlock', label: t('kind.unlock') },
              ]}
            />
          ),
        },
        {
          name: 'level',
          label: t('tasks.level'),
          input: <Select allowClear style={{ width: 190 }} options={codeOptions(label, LOCK_LEVEL)} />,
        },
        {
          name: 'execution',
          label: t('tasks.execution'),
          input: <Select allowClear style={{ width: 130 }} options={codeOptions(label, LOCK_EXECUTION)} />,
        },
        {
          name: 'automatic',
          label: t('tasks.source'),
          input: (
            <Select
              allowClear
              style={{ width: 220 }}
              options={[
                { value: '1', label: t('source.automatic') },
                { value: '0', label: t('source.manual') },
              ]}
            />
          ),
        },
        { name: 'from', label: t('records.from'), input: <DayField /> },
        { name: 'to', label: t('records.to'), input: <DayField /> },
      ]}
      columns={columns}
    />
  );
}
