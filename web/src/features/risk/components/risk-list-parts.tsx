import { Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCK_EXECUTION, LOCK_MODE } from '@console/contract/codes/lock';
import type { RiskTask } from '@console/contract/http/risk';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { ListColumn, ListFilter } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { StageTag } from './stage-tag.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** What a lock task and a risk record both show: which way, how, by whom, and how far it got. */
type RiskRow = Pick<RiskTask, 'kind' | 'operatorName' | 'execution' | 'stage'> & { mode: number | null };

/** The filters and columns the task list and the risk records share, so the two read alike. */
export function useRiskListParts<Row extends RiskRow>() {
  const { t } = useTranslation('risk');
  const label = useCodeLabel();
  const filters: Record<'keyword' | 'kind' | 'execution' | 'automatic', ListFilter> = {
    keyword: { name: 'keyword', label: t('tasks.keyword'), input: <Input allowClear maxLength={40} /> },
    kind: {
      name: 'kind',
      label: t('tasks.kind'),
      input: (
        <FilterSelect
          width={120}
          options={[
            { value: 'lock', label: t('kind.lock') },
            { value: 'unlock', label: t('kind.unlock') },
          ]}
        />
      ),
    },
    execution: {
      name: 'execution',
      label: t('tasks.execution'),
      input: <FilterSelect width={130} options={codeOptions(label, LOCK_EXECUTION)} />,
    },
    automatic: {
      name: 'automatic',
      label: t('tasks.source'),
      input: (
        <FilterSelect
          width={220}
          options={[
            { value: '1', label: t('source.automatic') },
            { value: '0', label: t('source.manual') },
          ]}
        />
      ),
    },
  };
  const columns: Record<'kind' | 'mode' | 'operator' | 'execution' | 'stage', ListColumn<Row>> = {
    kind: {
      key: 'kind',
      title: t('tasks.kind'),
      dataIndex: 'kind',
      exportValue: (row) => t(`kind.${row.kind}`),
      render: (kind: RiskTask['kind']) => <Tag color={kind === 'lock' ? 'red' : 'green'}>{t(`kind.${kind}`)}</Tag>,
    },
    mode: {
      key: 'mode',
      title: t('tasks.mode'),
      dataIndex: 'mode',
      exportValue: (row) => (row.mode === null ? '' : label(LOCK_MODE, row.mode)),
      render: (value: number | null) => (value === null ? '-' : label(LOCK_MODE, value)),
    },
    operator: { key: 'operatorName', title: t('tasks.operator'), dataIndex: 'operatorName' },
    execution: {
      key: 'execution',
      title: t('tasks.execution'),
      dataIndex: 'execution',
      exportValue: (row) => label(LOCK_EXECUTION, row.execution),
      render: (value: number) => <StatusBadge table={LOCK_EXECUTION} value={value} />,
    },
    stage: {
      key: 'stage',
      title: t('tasks.stage'),
      dataIndex: 'stage',
      exportValue: (row) => t(`stage.${row.stage}`),
      render: (stage: RiskTask['stage']) => <StageTag stage={stage} />,
    },
  };
  return { filters, columns };
}
