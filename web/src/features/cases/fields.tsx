import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_TYPE } from '@console/contract/codes/service';
import type { CaseRow } from '@console/contract/http/cases';
import { caseScreens } from '@console/contract/screens/cases';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';

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
