import { App, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MoneyFormat } from '@console/contract/codes/money';
import { billingEndpoints, openingForm } from '@console/contract/http/lease-billing';
import { DayField } from '../../../components/picker-fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { useOrgToday } from '../../../lib/days.ts';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { BILLING_READS, useRecordsOpeningBalances } from '../api.ts';

/**
 * Bring a customer's balance forward from before its billing moved here (decision 036, addendum): what it owed on
 * a day, due on a day; receipts then pay it like any bill. Shown to the rental company's administrator. The amount
 * is in `money`, the renter's lessor's currency (decision 064), which its label names.
 */
export function OpeningBalanceButton({
  renterId,
  money,
  onRecorded,
}: {
  renterId: number;
  money: MoneyFormat;
  onRecorded: (id: number) => void;
}) {
  const { t } = useTranslation('lease-billing');
  const { message } = App.useApp();
  const record = useEndpointMutation(billingEndpoints.openingCreate, { invalidates: BILLING_READS });
  const mayRecord = useRecordsOpeningBalances();
  // The company's today (its calendar), as the server counts the days.
  const today = useOrgToday();
  if (!mayRecord) return null;
  return (
    <FormDialog
      title={t('opening.title')}
      trigger={<Button size="small">{t('opening.record')}</Button>}
      schema={openingForm}
      initialValues={{ renterId, asOf: today, dueOn: today }}
      okText={t('opening.submit')}
      onSubmit={(body) => record.mutateAsync({ body })}
      onSuccess={(made) => {
        void message.success(t('opening.recorded', { number: made.number }));
        onRecorded(made.id);
      }}
    >
      <Field name="renterId" hidden>
        <Input />
      </Field>
      <Field name="amountCents" label={t('opening.amount', currencyVariablesOf(money))} extra={t('opening.hint')}>
        <YuanInput />
      </Field>
      <Field name="asOf" label={t('opening.asOf')}>
        <DayField />
      </Field>
      <Field name="dueOn" label={t('opening.dueOn')}>
        <DayField />
      </Field>
      <Field name="note" label={t('opening.note')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
