import { App, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { billingEndpoints, voidForm, type ReceiptRow } from '@console/contract/http/lease-billing';
import { recordMoneyText } from '../../../lib/money.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { BILLING_READS } from '../api.ts';
import { RECEIPT_COLUMNS, useReceiptFields } from '../fields.tsx';

/** Void a receipt: the reason is required, and the dialog says what the void does before it is confirmed. */
function VoidReceipt({ row }: { row: ReceiptRow }) {
  const { t } = useTranslation(['lease-billing', 'common']);
  const { message } = App.useApp();
  const remove = useEndpointMutation(billingEndpoints.receiptVoid, { invalidates: BILLING_READS });
  return (
    <FormDialog
      title={t('history.voidTitle')}
      trigger={
        <Button type="link" size="small" danger>
          {t('history.void')}
        </Button>
      }
      schema={voidForm}
      initialValues={{ id: row.id }}
      okText={t('history.void')}
      onSubmit={(body) => remove.mutateAsync({ body })}
      onSuccess={() => void message.success(t('history.voidDone'))}
    >
      <p>{t('history.voidHint', { amount: recordMoneyText(row.amountCents, row.money) })}</p>
      <Field name="id" hidden>
        <Input />
      </Field>
      <Field name="reason" label={t('history.voidReason')}>
        <Input.TextArea rows={3} maxLength={200} />
      </Field>
    </FormDialog>
  );
}

/** /financeCenter/history: receipts with what each paid; a receipt is voided with a reason, never deleted. */
export function HistoryPage() {
  const { t } = useTranslation(['lease-billing', 'common']);
  const fields = useReceiptFields();
  return (
    <ListPage
      area="lease-billing"
      resource="history"
      endpoint={billingEndpoints.receiptList}
      rowKey="id"
      title={t('history.title')}
      exportName={t('history.exportName')}
      filters={fields.filters(['keyword', 'renterId', 'method', 'voided', 'from', 'to'])}
      columns={[
        ...fields.columns(RECEIPT_COLUMNS),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          render: (_, row) => row.voidable && <VoidReceipt row={row} />,
        },
      ]}
    />
  );
}
