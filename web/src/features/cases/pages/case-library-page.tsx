import { useTranslation } from 'react-i18next';
import { caseEndpoints } from '@console/contract/http/cases';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CASE_READS, useIsCaseWriter } from '../api/cases.ts';
import { useCaseForm } from '../components/case-fields.tsx';
import { useCaseFields } from '../fields.tsx';

/** /approvalManagement/caselibrary: the expert library, searched by machine kind, fault type and text. */
export function CaseLibraryPage() {
  const { t } = useTranslation(['cases', 'common']);
  const fields = useCaseFields();
  const form = useCaseForm();
  const remove = useEndpointMutation(caseEndpoints.remove, { invalidates: CASE_READS });
  return (
    <RegistryPage
      area="cases"
      resource="list"
      endpoint={caseEndpoints.list}
      rowKey="id"
      title={t('title')}
      exportName={t('exportName')}
      filters={fields.filters(['machineKind', 'faultType', 'keyword'])}
      columns={fields.columns([
        'title',
        'machineKind',
        'faultTypes',
        'symptom',
        'cause',
        'solution',
        'parts',
        'orgName',
        'authorName',
        'updatedAt',
      ])}
      canCreate={useIsCaseWriter()}
      addLabel={t('add')}
      form={form}
      remove={{
        confirm: (row) => t('deleteConfirm', { title: row.title }),
        submit: (row) => remove.mutateAsync({ body: { id: row.id } }),
        done: t('deleted'),
      }}
    />
  );
}
