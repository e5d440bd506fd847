import { Card, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsEndpoints, type CompanyProfile } from '@console/contract/http/settings';
import { SchemaForm } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { applyCompany } from '../api/company.ts';
import { InvoiceFields } from './invoice-fields.tsx';

/** The company's invoice information (InvoiceFields), changed by its administrator. */
export function InvoiceCard({ company }: { company: CompanyProfile }) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  // Silent: the form shows a refusal on its field.
  const save = useEndpointMutation(settingsEndpoints.updateInvoice, { silent: true });
  const [form] = Form.useForm();

  return (
    <Card title={t('invoice.title')}>
      <SchemaForm
        form={form}
        schema={settingsEndpoints.updateInvoice.body}
        initialValues={company.invoice}
        disabled={!company.canEdit}
        onSubmit={(body) => save.mutateAsync({ body })}
        onSuccess={(updated) => applyCompany(queryClient, updated)}
        successMessage={t('common:saved')}
      >
        <InvoiceFields initialType={company.invoice.type} />
      </SchemaForm>
    </Card>
  );
}
