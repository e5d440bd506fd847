import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_TYPE } from '@console/contract/codes/service';
import { caseEndpoints, type CaseRow } from '@console/contract/http/cases';
import { CASE_WRITERS } from '@console/contract/access/cases';
import { caseScreens } from '@console/contract/screens/cases';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { useRecordWrites } from '../../components/registry-page.tsx';
import { useHasRole } from '../../lib/session.ts';

/** The fields of a case (labels in the `cases` catalog); the form's rules are caseForm's. */
export const useCaseFields = defineFields<CaseRow>()('cases', {
  title: { label: 'caseTitle', sortable: true, href: (row) => href(caseScreens.detail, { id: row.id }), form: true },
  machineKind: {
    label: 'machineKind',
    kind: 'code',
    table: MACHINE_KIND,
    sortable: true,
    filter: { width: 170 },
    form: true,
  },
  faultTypes: { label: 'faultTypes', kind: 'codes', table: FAULT_TYPE, form: true },
  faultType: { label: 'faultType', kind: 'code', table: FAULT_TYPE, filter: { width: 150 } },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 50 } },
  symptom: { label: 'symptom', kind: 'long', form: true },
  cause: { label: 'cause', kind: 'long', defaultHidden: true, form: true },
  solution: { label: 'solution', kind: 'long', defaultHidden: true, form: { rows: 4 } },
  parts: { label: 'parts', defaultHidden: true, form: true },
  orgName: { label: 'org' },
  authorName: { label: 'author' },
  updatedAt: { label: 'updatedAt', kind: 'moment', sortable: true },
});

const FORM = ['machineKind', 'faultTypes', 'title', 'symptom', 'cause', 'solution', 'parts'] as const;

/** New, edit and delete of a case, for the library and the detail page. */
export function useCaseWrites() {
  const fields = useCaseFields();
  return useRecordWrites('cases', caseEndpoints, {
    width: 720,
    fields: () => fields.formItems(FORM),
    edit: (row) => ({ id: row.id, ...Object.fromEntries(FORM.map((key) => [key, row[key]])) }),
  });
}

/** May the signed-in user write cases? The server decides too (and which cases). */
export const useIsCaseWriter = () => useHasRole(CASE_WRITERS);
