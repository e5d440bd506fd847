import { Button, Divider, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { InvoiceFields } from '../../settings/index.ts';
import { INVOICE_READS } from '../api.ts';
import { ItemPicker } from './item-picker.tsx';

/** Ask for an invoice over paid items, with the company's invoice information on file as the start. */
export function RequestDialog({ onRequested }: { onRequested: (id: number) => void }) {
  const { t } = useTranslation('invoices');
  const source = useQuery(endpointQuery(invoiceEndpoints.invoiceable, {}));
  const request = useEndpointMutation(invoiceEndpoints.request, { invalidates: INVOICE_READS, silent: true });
  if (!source.data) {
    return (
      <Button type="primary" icon={<PlusOutlined />} loading={source.isPending} disabled>
        {t('request.action')}
      </Button>
    );
  }
  const { list, profile } = source.data;
  return (
    <FormDialog
      title={t('request.title')}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {t('request.action')}
        </Button>
      }
      width={860}
      schema={invoiceEndpoints.request.body}
      initialValues={{
        items: [],
        type: profile.invoiceType,
        taxRate: profile.taxRate,
        title: profile.title,
        taxNumber: profile.taxNumber,
        bank: profile.bank,
        account: profile.account,
        address: profile.address,
        phone: profile.phone,
        contact: profile.contact,
        note: '',
      }}
      onSubmit={(body) => request.mutateAsync({ body })}
      onSuccess={(created) => onRequested(created.id)}
      successMessage={t('request.done')}
    >
      <Field name="items" label={t('request.pick')}>
        <ItemPicker items={list} />
      </Field>
      <Divider />
      <Typography.Paragraph type="secondary">{t('request.info')}</Typography.Paragraph>
      <InvoiceFields initialType={profile.invoiceType} />
      <Field name="contact" label={t('request.contact')}>
        <Input maxLength={40} />
      </Field>
      <Field name="note" label={t('request.note')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
