import { Space, Tag, Typography } from 'antd';
import { LOCK_EXECUTION, LOCK_LEVEL, LOCK_MODE, LOCK_TASK_TYPE } from '@console/contract/codes/lock';
import type { RiskRecord, RiskTask } from '@console/contract/http/risk';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { riskScreens } from '@console/contract/screens/risk';
import { href } from '@console/contract/screens/screen';
import { defineFields, type FieldSpecs } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { StageTag } from './components/stage-tag.tsx';

/** What a lock task and a risk record both show: which way, how, by whom, and how far it got. */
type RiskRow = Pick<RiskTask, 'kind' | 'operatorName' | 'execution' | 'stage'> & { mode: number | null };

/** The fields the task list and the risk records share, so the two read alike (labels in the `risk` catalog). */
const sharedFields = {
  keyword: { label: 'tasks.keyword', filter: { maxLength: 40 } },
  kind: {
    label: 'tasks.kind',
    exportValue: (row, { t }) => t(`kind.${row.kind}`),
    cell: (row, { t }) => <Tag color={row.kind === 'lock' ? 'red' : 'green'}>{t(`kind.${row.kind}`)}</Tag>,
    filter: {
      width: 120,
      options: ({ t }) => [
        { value: 'lock', label: t('kind.lock') },
        { value: 'unlock', label: t('kind.unlock') },
      ],
    },
  },
  // How the lock reaches the machine, as plain text beside the badges; behind the column settings, so that the
  // stage, which a user scans for, stays in sight at 1440 px.
  mode: {
    label: 'tasks.mode',
    defaultHidden: true,
    cell: (row, { label }) => (row.mode === null ? '-' : label(LOCK_MODE, row.mode)),
    exportValue: (row, { label }) => (row.mode === null ? '' : label(LOCK_MODE, row.mode)),
  },
  operatorName: { label: 'tasks.operator' },
  execution: { label: 'tasks.execution', kind: 'code', table: LOCK_EXECUTION, filter: { width: 130 } },
  stage: {
    label: 'tasks.stage',
    exportValue: (row, { t }) => t(`stage.${row.stage}`),
    cell: (row) => <StageTag stage={row.stage} />,
  },
  automatic: {
    label: 'tasks.source',
    filter: {
      width: 220,
      options: ({ t }) => [
        { value: '1', label: t('source.automatic') },
        { value: '0', label: t('source.manual') },
      ],
    },
  },
} satisfies FieldSpecs<RiskRow>;

/** A lock or unlock task. */
export const useRiskTaskFields = defineFields<RiskTask>()('risk', {
  id: {
    label: 'tasks.id',
    value: (row) => `#${row.id}`,
    href: (row) => href(riskScreens.task, { id: row.id }),
    exportValue: (row) => row.id,
  },
  ...sharedFields,
  taskType: { label: 'tasks.taskType', kind: 'code', table: LOCK_TASK_TYPE, filter: { width: 150 } },
  level: { label: 'tasks.level', kind: 'code', table: LOCK_LEVEL },
  machines: {
    label: 'tasks.machines',
    // An automatic task names several machines: their serials wrap, so the stage stays in sight at 1440 px.
    width: 150,
    exportValue: (row) => row.serials.join(' ') + (row.deviceCount > row.serials.length ? ' …' : ''),
    cell: (row, { t }) => (
      <Space direction="vertical" size={0}>
        <Typography.Text>{row.serials.join(', ')}</Typography.Text>
        {row.deviceCount > 1 && (
          <Typography.Text type="secondary">{t('tasks.machineCount', { count: row.deviceCount })}</Typography.Text>
        )}
      </Space>
    ),
  },
  dueAt: { label: 'tasks.dueAt', kind: 'moment', sortable: true },
  createdAt: { label: 'tasks.createdAt', kind: 'moment', sortable: true },
  /** Why an automatic task was made: arrears, with the contract and the days (decision 039). */
  reason: { label: 'tasks.reason' },
});

/** A lock or unlock as it reached one machine. */
export const useRiskRecordFields = defineFields<RiskRecord>()('risk', {
  createdAt: { label: 'records.time', kind: 'moment', sortable: true },
  serialNumber: {
    label: 'records.serialNumber',
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
  },
  hostName: { label: 'records.hostName', defaultHidden: true },
  ...sharedFields,
  level: { label: 'tasks.level', kind: 'code', table: LOCK_LEVEL, filter: { width: 190 } },
  resultText: { label: 'records.result' },
  reason: { label: 'records.reason' },
  confirmedLevel: { label: 'records.confirmedLevel', kind: 'code', table: LOCK_LEVEL },
  currentLevel: { label: 'records.currentLevel', kind: 'code', table: LOCK_LEVEL },
  finishedAt: { label: 'records.finishedAt', kind: 'moment', defaultHidden: true },
  task: {
    label: 'records.task',
    value: (row) => (row.taskId === null ? null : `#${row.taskId}`),
    href: (row) => (row.taskId === null ? null : href(riskScreens.task, { id: row.taskId })),
    exportValue: (row) => row.taskId ?? '',
  },
  from: { label: 'records.from', filter: { input: () => <DayField /> } },
  to: { label: 'records.to', filter: { input: () => <DayField /> } },
});
