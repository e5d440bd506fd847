import type { ReactElement, MouseEvent } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { deviceRecordEndpoints, type ExpenseItem } from '@console/contract/http/device-records';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { EXPENSE_READS } from '../api/device-records.ts';
import { useExpenseFields } from '../fields.tsx';

/**
 * Add an expense to the machine, or change one: type, amount and date are required (spec section 5). Without a
 * machine (the fleet's expense ledger) the dialog asks for one of the user's machines ('host id' is required too).
 */
export function ExpenseDialog({
  deviceId,
  expense,
  trigger,
}: {
  deviceId?: number;
  expense?: ExpenseItem;
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
}) {
  const { t } = useTranslation('device-detail');
  // Silent: the dialog shows a refusal on its field. The operation log holds the change too.
  const update = useEndpointMutation(deviceRecordEndpoints.updateExpense, { invalidates: EXPENSE_READS, silent: true });
  const create = useEndpointMutation(deviceRecordEndpoints.createExpense, { invalidates: EXPENSE_READS, silent: true });
  const fields = useExpenseFields().formItems([
    ...(deviceId || expense ? [] : (['deviceId'] as const)),
    'type',
    'amountCents',
    'date',
    'remark',
  ]);
  if (expense) {
    return (
      <FormDialog
        title={t('records.expenses.edit')}
        trigger={trigger}
        schema={deviceRecordEndpoints.updateExpense.body}
        initialValues={{ ...expense, deviceId: deviceId ?? expense.deviceId }}
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
