import { useEffect } from 'react';
import { Card, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICE_TYPE, TAX_RATES, type InvoiceType } from '@console/contract/codes/accounts';
import { settingsEndpoints, type CompanyProfile } from '@console/contract/http/settings';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { applyCompany } from '../api/company.ts';

/**
 * Invoice information. A special VAT invoice needs bank, account, address and phone and allows fewer tax
 * rates than an ordinary one; switching the type drops a rate the new type does not allow.
 */
export function InvoiceCard({ company }: { company: CompanyProfile }) {
  const { t } = useTranslation(['settings', 'common']);
  const label = useCodeLabel();
  const queryClient = useQueryClient();
  // Silent: the form shows a refusal on its field.
  const save = useEndpointMutation(settingsEndpoints.updateInvoice, { silent: true });
  const [form] = Form.useForm();
  const type = (Form.useWatch('type', form) ?? company.invoice.type) as InvoiceType;
  const rates = TAX_RATES[type];
  const special = type === 'special';

  useEffect(() => {
    const rate = form.getFieldValue('taxRate') as number | undefined;
    if (rate !== undefined && !rates.includes(rate)) form.setFieldValue('taxRate', undefined);
  }, [form, rates]);

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
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Field name="type" label={t('invoice.type')}>
              <Radio.Group options={codeOptions(label, INVOICE_TYPE)} optionType="button" />
            </Field>
          </Col>
          <Col xs={24} sm={10}>
            <Field name="taxRate" label={t('invoice.taxRate')} dependencies={['type']}>
              <Select options={rates.map((rate) => ({ value: rate, label: `${rate}%` }))} />
            </Field>
          </Col>
        </Row>
        <Field name="title" label={t('invoice.invoiceTitle')}>
          <Input maxLength={100} />
        </Field>
        <Field name="taxNumber" label={t('invoice.taxNumber')}>
          <Input maxLength={20} style={{ textTransform: 'uppercase' }} />
        </Field>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Field name="bank" label={t('invoice.bank')} required={special} dependencies={['type']}>
              <Input maxLength={100} />
            </Field>
          </Col>
          <Col xs={24} sm={12}>
            <Field name="account" label={t('invoice.account')} required={special} dependencies={['type']}>
              <Input maxLength={40} />
            </Field>
          </Col>
          <Col xs={24} sm={12}>
            <Field name="address" label={t('invoice.address')} required={special} dependencies={['type']}>
              <Input maxLength={200} />
            </Field>
          </Col>
          <Col xs={24} sm={12}>
            <Field name="phone" label={t('invoice.phone')} required={special} dependencies={['type']}>
              <Input maxLength={20} />
            </Field>
          </Col>
        </Row>
      </SchemaForm>
    </Card>
  );
}
