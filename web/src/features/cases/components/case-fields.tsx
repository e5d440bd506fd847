import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_TYPE } from '@console/contract/codes/service';
import { caseEndpoints, type CaseRow } from '@console/contract/http/cases';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { createCase, updateCase } from '../api/cases.ts';

/** The fields of a case; fault types are several. */
export function CaseFields() {
  const { t } = useTranslation('cases');
  const label = useCodeLabel();
  return (
    <>
      <Field name="machineKind" label={t('machineKind')}>
        <Select options={codeOptions(label, MACHINE_KIND)} />
      </Field>
      <Field name="faultTypes" label={t('faultTypes')}>
        <Select mode="multiple" options={codeOptions(label, FAULT_TYPE)} />
      </Field>
      <Field name="title" label={t('caseTitle')}>
        <Input maxLength={100} />
      </Field>
      <Field name="symptom" label={t('symptom')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Field>
      <Field name="cause" label={t('cause')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Field>
      <Field name="solution" label={t('solution')}>
        <Input.TextArea rows={4} maxLength={4000} />
      </Field>
      <Field name="parts" label={t('parts')}>
        <Input maxLength={500} />
      </Field>
    </>
  );
}

const editable = (row: CaseRow) => ({
  machineKind: row.machineKind,
  faultTypes: row.faultTypes as never,
  title: row.title,
  symptom: row.symptom,
  cause: row.cause,
  solution: row.solution,
  parts: row.parts,
});

/** The create and edit dialogs of a case, for the library and the detail page. */
export function useCaseForm(): RegistryForm<
  CaseRow,
  typeof caseEndpoints.create.body,
  typeof caseEndpoints.update.body
> {
  const { t } = useTranslation('cases');
  return {
    width: 720,
    fields: () => <CaseFields />,
    create: { title: t('addTitle'), schema: caseEndpoints.create.body, submit: createCase },
    update: {
      title: (row) => t('editTitle', { title: row.title }),
      schema: caseEndpoints.update.body,
      submit: updateCase,
      initialValues: (row) => ({ id: row.id, ...editable(row) }),
    },
  };
}
