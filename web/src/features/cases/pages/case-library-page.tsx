import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_TYPE } from '@console/contract/codes/service';
import { caseEndpoints, type CaseRow } from '@console/contract/http/cases';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { ListColumn } from '../../../components/list-page.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { caseDetailUrl, deleteCase, useIsCaseWriter } from '../api/cases.ts';
import { useCaseForm } from '../components/case-fields.tsx';
import { FaultTypeTags } from '../components/fault-type-tags.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /approvalManagement/caselibrary: the expert library, searched by machine kind, fault type and text. */
export function CaseLibraryPage() {
  const { t } = useTranslation(['cases', 'common']);
  const label = useCodeLabel();
  const form = useCaseForm();
  const columns: ListColumn<CaseRow>[] = [
    {
      key: 'title',
      title: t('caseTitle'),
      dataIndex: 'title',
      sorter: true,
      render: (title: string, row) => <Link to={caseDetailUrl(row.id)}>{title}</Link>,
    },
    {
      key: 'machineKind',
      title: t('machineKind'),
      dataIndex: 'machineKind',
      sorter: true,
      exportValue: (row) => label(MACHINE_KIND, row.machineKind),
      render: (kind: string) => <StatusBadge table={MACHINE_KIND} value={kind} />,
    },
    {
      key: 'faultTypes',
      title: t('faultTypes'),
      dataIndex: 'faultTypes',
      exportValue: (row) => row.faultTypes.map((type) => label(FAULT_TYPE, type)).join(', '),
      render: (types: string[]) => <FaultTypeTags types={types} />,
    },
    {
      key: 'symptom',
      title: t('symptom'),
      dataIndex: 'symptom',
      render: (text: string) => (
        <Typography.Text ellipsis style={{ maxWidth: 280 }}>
          {text}
        </Typography.Text>
      ),
    },
    { key: 'cause', title: t('cause'), dataIndex: 'cause', defaultHidden: true },
    { key: 'solution', title: t('solution'), dataIndex: 'solution', defaultHidden: true },
    { key: 'parts', title: t('parts'), dataIndex: 'parts', defaultHidden: true },
    { key: 'orgName', title: t('org'), dataIndex: 'orgName' },
    { key: 'authorName', title: t('author'), dataIndex: 'authorName', render: (v: string) => v || '-' },
    { key: 'updatedAt', title: t('updatedAt'), dataIndex: 'updatedAt', sorter: true },
  ];
  return (
    <RegistryPage
      area="cases"
      resource="list"
      endpoint={caseEndpoints.list}
      rowKey="id"
      title={t('title')}
      exportName={t('exportName')}
      filters={[
        {
          name: 'machineKind',
          label: t('machineKind'),
          input: <FilterSelect width={170} options={codeOptions(label, MACHINE_KIND)} />,
        },
        {
          name: 'faultType',
          label: t('faultType'),
          input: <FilterSelect width={150} options={codeOptions(label, FAULT_TYPE)} />,
        },
        {
          name: 'keyword',
          label: t('keyword'),
          input: <Input allowClear maxLength={50} placeholder={t('keywordPlaceholder')} />,
        },
      ]}
      columns={columns}
      canCreate={useIsCaseWriter()}
      addLabel={t('add')}
      form={form}
      remove={{
        confirm: (row) => t('deleteConfirm', { title: row.title }),
        submit: (row) => deleteCase(row.id),
        done: t('deleted'),
      }}
    />
  );
}
