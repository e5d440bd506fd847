import type { ReactElement } from 'react';
import { App, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUPON_TYPE, MAX_DISCOUNT, MIN_DISCOUNT } from '@console/contract/codes/coupons';
import { PRODUCT_CATEGORY } from '@console/contract/codes/products';
import { couponEndpoints, couponForm } from '@console/contract/http/coupons';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { COUPON_READS } from '../api.ts';

/** The face value or the discount, by the type chosen. */
function ValueInput() {
  const { t } = useTranslation('coupons');
  const type = Form.useWatch<string | undefined>('type');
  return type === 'discount' ? (
    <Field name="discount" label={t('coupon.discount')} extra={t('coupon.discountExtra')}>
      <InputNumber<number> min={MIN_DISCOUNT} max={MAX_DISCOUNT} step={0.5} precision={1} style={{ width: '100%' }} />
    </Field>
  ) : (
    <Field name="faceValueCents" label={t('coupon.faceValue')}>
      <YuanInput min={0.01} />
    </Field>
  );
}

/** Create a coupon with every rule of the spec: type and value, issue period, usage rule, counts, validity, category. */
export function CouponDialog({ trigger }: { trigger: ReactElement<{ onClick?: () => void }> }) {
  const { t } = useTranslation(['coupons', 'common']);
  const { message } = App.useApp();
  const label = useCodeLabel();
  const create = useEndpointMutation(couponEndpoints.create, { invalidates: COUPON_READS, silent: true });
  return (
    <FormDialog
      title={t('coupon.addTitle')}
      trigger={trigger}
      width={680}
      schema={couponForm}
      initialValues={{ type: 'cash', minSpendCents: 0, perUserLimit: 1, validHours: 72, category: 'all' }}
      onSubmit={(body) => create.mutateAsync({ body })}
      onSuccess={() => void message.success(t('common:saved'))}
    >
      <Field name="name" label={t('coupon.name')}>
        <Input maxLength={60} />
      </Field>
      <Field name="type" label={t('coupon.type')}>
        <Radio.Group options={codeOptions(label, COUPON_TYPE)} />
      </Field>
      <ValueInput />
      <Space.Compact block>
        <Field name="issueFrom" label={t('coupon.issueFrom')}>
          <DayField />
        </Field>
        <Field name="issueTo" label={t('coupon.issueTo')} dependencies={['issueFrom']}>
          <DayField />
        </Field>
      </Space.Compact>
      <Field
        name="minSpendCents"
        label={t('coupon.minSpend')}
        extra={t('coupon.minSpendExtra')}
        dependencies={['faceValueCents']}
      >
        <YuanInput />
      </Field>
      <Space.Compact block>
        <Field name="total" label={t('coupon.total')}>
          <InputNumber<number> min={1} precision={0} style={{ width: 160 }} />
        </Field>
        <Field name="perUserLimit" label={t('coupon.perUserLimit')} dependencies={['total']}>
          <InputNumber<number> min={1} precision={0} style={{ width: 160 }} />
        </Field>
        <Field name="validHours" label={t('coupon.validHours')}>
          <InputNumber<number> min={1} precision={0} style={{ width: 160 }} addonAfter={t('coupon.hours')} />
        </Field>
      </Space.Compact>
      <Field name="category" label={t('coupon.category')}>
        <Select
          options={[{ value: 'all', label: t('coupon.allCategories') }, ...codeOptions(label, PRODUCT_CATEGORY)]}
        />
      </Field>
    </FormDialog>
  );
}
