import type { ReactElement } from 'react';
import { App, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { couponEndpoints, couponGrantForm, type CouponRow } from '@console/contract/http/coupons';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { COUPON_READS } from '../api.ts';

/** Mobiles as typed: one a line, or separated by commas or spaces. */
const mobileList = (text: string) => text.split(/[\s,，;；]+/).filter(Boolean);

/** Mobiles typed in a text area, held as the list the server takes. */
function MobilesInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string[];
  onChange?: (mobiles: string[]) => void;
}) {
  const { t } = useTranslation('coupons');
  return (
    <Input.TextArea
      id={id}
      rows={4}
      placeholder={t('grant.mobilesPlaceholder')}
      defaultValue={(value ?? []).join('\n')}
      onChange={(e) => onChange?.(mobileList(e.target.value))}
    />
  );
}

/** Grant a coupon to people by their mobiles, `count` each: all of them or none (the server names unknown numbers). */
export function GrantDialog({
  coupon,
  trigger,
}: {
  coupon: CouponRow;
  trigger: ReactElement<{ onClick?: () => void }>;
}) {
  const { t } = useTranslation('coupons');
  const { message } = App.useApp();
  const grant = useEndpointMutation(couponEndpoints.grant, { invalidates: COUPON_READS, silent: true });
  return (
    <FormDialog
      title={t('grant.title', { name: coupon.name })}
      trigger={trigger}
      schema={couponGrantForm}
      initialValues={{ id: coupon.id, mobiles: [], count: 1 }}
      onSubmit={(body) => grant.mutateAsync({ body })}
      onSuccess={(result) => void message.success(t('grant.done', { count: result.granted }))}
      okText={t('grant.submit')}
    >
      <Field name="mobiles" label={t('grant.mobiles')} extra={t('grant.left', { remaining: coupon.remaining })}>
        <MobilesInput />
      </Field>
      <Field name="count" label={t('grant.count')} extra={t('grant.limit', { limit: coupon.perUserLimit })}>
        <InputNumber<number> min={1} max={coupon.perUserLimit} precision={0} />
      </Field>
    </FormDialog>
  );
}
