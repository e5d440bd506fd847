import type { ReactElement, MouseEvent } from 'react';
import { Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EXPENSE_TYPE } from '@console/contract/codes/device-records';
import { deviceRecordEndpoints, type ExpenseItem } from '@console/contract/http/device-records';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { EXPENSE_READS } from '../api/device-records.ts';

/** Add an expense to the machine, or change one: type, amount and date are required (spec section 5). */
export function ExpenseDialog({
  deviceId,
  expense,
  trigger,
}: {
  deviceId: number;
  expense?: ExpenseItem;
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
}) {
  const { t } = useTranslation('device-detail');
  const label = useCodeLabel();
  // Silent: the dialog shows a refusal on its field. The operation log holds the change too.
  const update = useEndpointMutation(deviceRecordEndpoints.updateExpense, { invalidates: EXPENSE_READS, silent: true });
  const create = useEndpointMutation(deviceRecordEndpoints.createExpense, { invalidates: EXPENSE_READS, silent: true });
  const fields = (
    <>
      <Field name="type" label={t('records.expenses.type')}>
        <Select options={codeOptions(label, EXPENSE_TYPE)} />
      </Field>
      <Field name="amountCents" label={t('records.expenses.amount')}>
        <YuanInput step={100} />
      </Field>
      <Field name="date" label={t('records.expenses.date')}>
        <DayField placeholder={t('records.expenses.pickDate')} />
      </Field>
      <Field name="remark" label={t('records.expenses.remark')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
      </Field>
    </>
  );
  if (expense) {
    return (
      <FormDialog
        title={t('records.expenses.edit')}
        trigger={trigger}
        schema={deviceRecordEndpoints.updateExpense.body}
        initialValues={{ ...expense, deviceId }}
        onSubmit={(body) => update.mutateAsync({ body })}
        successMessage={t('records.expenses.saved')}
      >
        {fields}
      </FormDialog>
    );
  }
  return (
    <FormDialog
      title={t('records.expenses.add')}
      trigger={trigger}
      schema={deviceRecordEndpoints.createExpense.body}
      initialValues={{ deviceId, date: dayjs().format('YYYY-MM-DD') }}
      onSubmit={(body) => create.mutateAsync({ body })}
      successMessage={t('records.expenses.saved')}
    >
      {fields}
    </FormDialog>
  );
}
