import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFINITION_STATE,
  INSTANCE_STATE,
  MODEL_STATE,
  PROCESS_CATEGORY,
  TASK_STATE,
} from '@console/contract/codes/processes';
import type { DefinitionRow, FormTemplateRow, InstanceRow, ModelRow, TaskRow } from '@console/contract/http/processes';
import { href } from '@console/contract/screens/screen';
import { processScreens } from '@console/contract/screens/processes';
import { defineFields } from '../../components/fields.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { usePublishOrgs } from './api.ts';

/** The organisations a maintainer publishes to, as a filter (text values, as the URL holds them). */
function OrgFilter(props: { value?: string; onChange?: (value: string | undefined) => void }) {
  const { t } = useTranslation('processes');
  const options = usePublishOrgs().map((o) => ({ value: String(o.id), label: o.name }));
  return <FilterSelect width={220} placeholder={t('field.org')} options={options} {...props} />;
}

/** The organisation a new form or model serves (the maintainer's own first). */
export function OrgSelect(props: { value?: number; onChange?: (value: number) => void; disabled?: boolean }) {
  const options = usePublishOrgs().map((o) => ({ value: o.id, label: o.name }));
  return <Select options={options} {...props} />;
}

const keyword = { label: 'field.keyword', filter: { placeholder: 'field.keywordPlaceholder', maxLength: 40 } };
const category = { label: 'field.category', kind: 'code', table: PROCESS_CATEGORY, filter: { width: 140 } } as const;

export const useFormTemplateFields = defineFields<FormTemplateRow>()('processes', {
  name: { label: 'field.formName', href: (row) => href(processScreens.form, { id: row.id }) },
  orgName: { label: 'field.org' },
  description: { label: 'field.description', ellipsis: true, width: 200 },
  fieldCount: { label: 'field.fieldCount', kind: 'number', value: (row) => row.fields.length },
  revision: { label: 'field.revision', kind: 'number' },
  modelCount: { label: 'field.modelCount', kind: 'number' },
  updatedByName: { label: 'field.updatedBy' },
  updatedAt: { label: 'field.updatedAt', kind: 'moment', sortable: true },
  orgId: { label: 'field.org', filter: { input: () => <OrgFilter /> } },
  keyword,
});

export const useModelFields = defineFields<ModelRow>()('processes', {
  name: { label: 'field.modelName', href: (row) => href(processScreens.design, { id: row.id }), sortable: true },
  key: { label: 'field.key' },
  category,
  orgName: { label: 'field.org' },
  formName: { label: 'field.form', href: (row) => href(processScreens.form, { id: row.formId }) },
  nodeCount: { label: 'field.nodeCount', kind: 'number', value: (row) => row.nodes.length },
  state: { label: 'field.state', kind: 'code', table: MODEL_STATE, filter: { width: 120 } },
  latestVersion: { label: 'field.latestVersion', value: (row) => (row.latestVersion ? `v${row.latestVersion}` : '') },
  description: { label: 'field.description', defaultHidden: true },
  updatedByName: { label: 'field.updatedBy', defaultHidden: true },
  updatedAt: { label: 'field.updatedAt', kind: 'moment', sortable: true },
  orgId: { label: 'field.org', filter: { input: () => <OrgFilter /> } },
  keyword,
});

export const useDefinitionFields = defineFields<DefinitionRow>()('processes', {
  name: { label: 'field.modelName' },
  key: { label: 'field.key' },
  version: { label: 'field.version', value: (row) => `v${row.version}` },
  latest: { label: 'field.latest', value: (row, { t }) => (row.latest ? t('field.latestYes') : '') },
  category,
  orgName: { label: 'field.org' },
  formName: { label: 'field.form' },
  state: { label: 'field.state', kind: 'code', table: DEFINITION_STATE, filter: { width: 120 } },
  instanceCount: { label: 'field.instanceCount', kind: 'number' },
  deployedByName: { label: 'field.deployedBy' },
  deployedAt: { label: 'field.deployedAt', kind: 'moment', sortable: true },
  keyword,
});

export const useInstanceFields = defineFields<InstanceRow>()('processes', {
  number: { label: 'field.number', href: (row) => href(processScreens.flowDetail, { id: row.id }), width: 110 },
  title: { label: 'field.title', ellipsis: true, width: 220 },
  name: { label: 'field.modelName' },
  version: { label: 'field.version', value: (row) => `v${row.version}`, defaultHidden: true },
  category,
  state: { label: 'field.instanceState', kind: 'code', table: INSTANCE_STATE, filter: { width: 120 } },
  currentNode: { label: 'field.currentNode' },
  startedByName: { label: 'field.startedBy' },
  startedAt: { label: 'field.startedAt', kind: 'moment', sortable: true },
  endedAt: { label: 'field.endedAt', kind: 'moment' },
  from: { label: 'field.from', filter: { input: () => <DayField /> } },
  to: { label: 'field.to', filter: { input: () => <DayField /> } },
  keyword,
});

export const useTaskFields = defineFields<TaskRow>()('processes', {
  number: { label: 'field.number', href: (row) => href(processScreens.flowDetail, { id: row.instanceId }), width: 110 },
  title: { label: 'field.title', ellipsis: true, width: 220 },
  name: { label: 'field.modelName' },
  category,
  nodeName: { label: 'field.node' },
  state: {
    label: 'field.taskState',
    kind: 'code',
    table: TASK_STATE,
    filter: { width: 120, only: ['approved', 'rejected', 'transferred'] },
  },
  instanceState: { label: 'field.instanceState', kind: 'code', table: INSTANCE_STATE },
  startedByName: { label: 'field.startedBy' },
  startedAt: { label: 'field.startedAt', kind: 'moment' },
  createdAt: { label: 'field.arrivedAt', kind: 'moment', sortable: true },
  handledAt: { label: 'field.handledAt', kind: 'moment', sortable: true },
  comment: { label: 'field.comment', ellipsis: true, width: 180 },
  keyword,
});
