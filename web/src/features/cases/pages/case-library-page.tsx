import { useTranslation } from 'react-i18next';
import { caseEndpoints } from '@console/contract/http/cases';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useCaseFields, useCaseWrites, useIsCaseWriter } from '../fields.tsx';

/** /approvalManagement/caselibrary: the expert library, searched by machine kind, fault type and text. */
export function CaseLibraryPage() {
  const { t } = useTranslation(['cases', 'common']);
  const fields = useCaseFields();
  const writes = useCaseWrites();
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
      {...writes}
    />
  );
}
