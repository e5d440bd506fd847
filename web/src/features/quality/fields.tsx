import { Progress } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { CHECK, INSPECTION_REASON, INSPECTION_STATE, ITEM_RESULT } from '@console/contract/codes/quality';
import { qualityEndpoints, type InspectionItemRow, type InspectionRow } from '@console/contract/http/quality';
import { defineFields } from '../../components/fields.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** The models and inspectors of the inspections the user reads (text values, as the URL holds them). */
function OptionFilter({
  list,
  ...props
}: {
  list: 'models' | 'inspectors';
  value?: string;
  onChange?: (v?: string) => void;
}) {
  const { t } = useTranslation('quality');
  const query = useQuery({ ...endpointQuery(qualityEndpoints.options), staleTime: 60_000 });
  const options = (query.data?.[list] ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  return (
    <FilterSelect
      width={180}
      placeholder={t(list === 'models' ? 'field.model' : 'field.inspector')}
      options={options}
      {...props}
    />
  );
}

/** An inspection as the lists, the drawer and the CSV show it. */
export const useInspectionFields = defineFields<InspectionRow>()('quality', {
  number: { label: 'field.number', width: 150 },
  serialNumber: { label: 'field.serialNumber' },
  kind: { label: 'field.kind', kind: 'code', table: MACHINE_KIND, filter: { width: 160 } },
  modelName: { label: 'field.model' },
  modelId: { label: 'field.model', filter: { input: () => <OptionFilter list="models" /> } },
  ownerName: { label: 'field.owner' },
  reason: { label: 'field.reason', kind: 'code', table: INSPECTION_REASON },
  state: { label: 'field.state', kind: 'code', table: INSPECTION_STATE, filter: { width: 140 } },
  progress: {
    label: 'field.progress',
    value: (row) => `${row.judged}/${row.items}`,
    cell: (row) => (
      <Progress
        size="small"
        style={{ width: 120 }}
        percent={Math.round((row.judged / Math.max(1, row.items)) * 100)}
        format={() => `${row.judged}/${row.items}`}
        status={row.failedItems > 0 ? 'exception' : undefined}
      />
    ),
  },
  failedItems: { label: 'field.failedItems', kind: 'number' },
  firstPass: { label: 'field.firstPass', value: (row, { t }) => t(row.firstPass ? 'yes' : 'no') },
  inspectorName: { label: 'field.inspector' },
  inspectorId: { label: 'field.inspector', filter: { input: () => <OptionFilter list="inspectors" /> } },
  startedAt: { label: 'field.startedAt', kind: 'moment', sortable: true },
  finishedAt: { label: 'field.finishedAt', kind: 'moment', sortable: true },
  finishedByName: { label: 'field.finishedBy' },
  retestedByName: { label: 'field.retestedBy' },
  retestedAt: { label: 'field.retestedAt', kind: 'moment' },
  remark: { label: 'field.remark', ellipsis: true, defaultHidden: true },
  from: { label: 'field.from', filter: { input: () => <DayField /> } },
  to: { label: 'field.to', filter: { input: () => <DayField /> } },
  keyword: { label: 'field.keyword', filter: { placeholder: 'field.keywordPlaceholder', maxLength: 40 } },
});

/** What an item asks, in words: a range with its unit, or the check's own label. */
export function useRequirement() {
  const { t } = useTranslation('quality');
  return (item: Pick<InspectionItemRow, 'check' | 'reading' | 'min' | 'max'> & { unit?: string }) => {
    if (item.check !== 'reading') return t(`checkRule.${item.check}`);
    const u = item.unit ? ` ${item.unit}` : '';
    const reading = t(`readings.${item.reading ?? ''}` as 'readings.batteryV');
    if (item.min !== null && item.max !== null) return `${reading} ${item.min} – ${item.max}${u}`;
    return item.min !== null ? `${reading} ≥ ${item.min}${u}` : `${reading} ≤ ${item.max}${u}`;
  };
}

/** An inspection's item. */
export const useItemFields = defineFields<InspectionItemRow>()('quality', {
  position: { label: 'item.position', value: (row) => row.position + 1, width: 60 },
  title: { label: 'item.title' },
  check: { label: 'item.check', kind: 'code', table: CHECK },
  result: { label: 'item.result', kind: 'code', table: ITEM_RESULT },
  value: { label: 'item.value', value: (row) => (row.value ? `${row.value}${row.unit ? ` ${row.unit}` : ''}` : '') },
  note: { label: 'item.note', ellipsis: true },
  judgedByName: { label: 'item.judgedBy' },
  judgedAt: { label: 'item.judgedAt', kind: 'moment' },
});
