import { useEffect } from 'react';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { INVOICE_TYPE, type InvoiceType } from '@console/contract/codes/accounts';
import { invoiceTypesOf, taxRatesOf } from '@console/contract/codes/tax-regimes';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { Field } from '../../../components/schema-form.tsx';
import { useBrand } from '../../../lib/brand.ts';

/**
 * Invoice information's fields, inside a SchemaForm of invoiceForm (or a schema with its rules). The kinds and rates
 * offered are the brand's tax regime's (decision 064: GST tax invoices under the global brand). A special VAT
 * invoice needs bank, account, address and phone and allows fewer tax rates than an ordinary one; switching the
 * type drops a rate the new type does not allow.
 */
export function InvoiceFields({ initialType }: { initialType: InvoiceType }) {
  const { t } = useTranslation('settings');
  const form = Form.useFormInstance();
  const label = useCodeLabel();
  const regime = useBrand().info.taxRegime;
  const type = (Form.useWatch('type', form) ?? initialType) as InvoiceType;
  const rates = taxRatesOf(regime, type);
  const kinds = invoiceTypesOf(regime);
  const special = type === 'special';

  useEffect(() => {
    const rate = form.getFieldValue('taxRate') as number | undefined;
    if (rate !== undefined && !rates.includes(rate)) form.setFieldValue('taxRate', undefined);
  }, [form, rates]);

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Field name="type" label={t('invoice.type')}>
            <Radio.Group options={codeOptions(label, INVOICE_TYPE, kinds)} optionType="button" />
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
    </>
  );
}
