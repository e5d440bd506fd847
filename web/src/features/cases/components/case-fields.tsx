import { useTranslation } from 'react-i18next';
import { caseEndpoints, type CaseRow } from '@console/contract/http/cases';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { CASE_READS } from '../api/cases.ts';
import { useCaseFields } from '../fields.tsx';

const FORM = ['machineKind', 'faultTypes', 'title', 'symptom', 'cause', 'solution', 'parts'] as const;

/** The create and edit dialogs of a case, for the library and the detail page. */
export function useCaseForm(): RegistryForm<
  CaseRow,
  typeof caseEndpoints.create.body,
  typeof caseEndpoints.update.body
> {
  const { t } = useTranslation('cases');
  const fields = useCaseFields();
  // Silent: the form shows a refusal on its field.
  const create = useEndpointMutation(caseEndpoints.create, { invalidates: CASE_READS, silent: true });
  const update = useEndpointMutation(caseEndpoints.update, { invalidates: CASE_READS, silent: true });
  return {
    width: 720,
    fields: () => fields.formItems(FORM),
    create: { title: t('addTitle'), schema: caseEndpoints.create.body, submit: (body) => create.mutateAsync({ body }) },
    update: {
      title: (row) => t('editTitle', { title: row.title }),
      schema: caseEndpoints.update.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: (row) => ({ id: row.id, ...Object.fromEntries(FORM.map((key) => [key, row[key]])) }),
    },
  };
}
