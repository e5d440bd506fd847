import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCK_LEVEL } from '@console/contract/codes/lock';
import { riskEndpoints, type RiskRecord } from '@console/contract/http/risk';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useRiskLiveRefresh } from '../api/risk.ts';
import { useRiskListParts } from '../components/risk-list-parts.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /riskManagement/history: every lock and unlock with who, when, how, its result and the confirmed state. */
export function RecordsPage() {
  const { t } = useTranslation(['risk', 'common']);
  const label = useCodeLabel();
  const { filters, columns: shared } = useRiskListParts<RiskRecord>();
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
    shared.kind,
    {
      key: 'level',
      title: t('tasks.level'),
      dataIndex: 'level',
      exportValue: (row) => label(LOCK_LEVEL, row.level),
      render: level,
    },
    shared.mode,
    shared.operator,
    shared.execution,
    shared.stage,
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
        filters.keyword,
        filters.kind,
        {
          name: 'level',
          label: t('tasks.level'),
          input: <FilterSelect width={190} options={codeOptions(label, LOCK_LEVEL)} />,
        },
        filters.execution,
        filters.automatic,
        { name: 'from', label: t('records.from'), input: <DayField /> },
        { name: 'to', label: t('records.to'), input: <DayField /> },
      ]}
      columns={columns}
    />
  );
}
