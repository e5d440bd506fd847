import { App, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  renewalCancelForm,
  renewalEndpoints,
  renewalPayForm,
  type RenewalOrderRow,
} from '@console/contract/http/renewals';
import { formatMoney } from '@console/contract/codes/money';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { RENEWAL_READS } from '../api.ts';

/** What the flow lets the user do with an order now (RENEWAL_FLOW): record its payment, cancel it. */
export function OrderActions({ order }: { order: RenewalOrderRow }) {
  const { t } = useTranslation('renewals');
  const { message } = App.useApp();
  const pay = useEndpointMutation(renewalEndpoints.pay, { invalidates: RENEWAL_READS });
  const cancel = useEndpointMutation(renewalEndpoints.cancel, { invalidates: RENEWAL_READS });
  const payOnline = useEndpointMutation(renewalEndpoints.payOnline, { invalidates: RENEWAL_READS });
  return (
    <Space size={0}>
      {order.payOnline && (
        // The company pays its own order at the payment provider's page (decision 050); the provider's notification
        // renews the services. A payment already open is continued on its page.
        <Button
          type="link"
          size="small"
          loading={payOnline.isPending}
          onClick={() =>
            order.payUrl
              ? window.location.assign(order.payUrl)
              : void payOnline.mutateAsync({ body: { id: order.id } }).then((a) => window.location.assign(a.payUrl))
          }
        >
          {order.payUrl ? t('payOnline.continue') : t('payOnline.action')}
        </Button>
      )}
      {order.actions.includes('pay') && (
        <FormDialog
          title={t('pay.title', { number: order.number })}
          trigger={
            <Button type="link" size="small">
              {t('pay.action')}
            </Button>
          }
          schema={renewalPayForm}
          initialValues={{ id: order.id }}
          okText={t('pay.action')}
          onSubmit={(body) => pay.mutateAsync({ body })}
          onSuccess={() => void message.success(t('renew.renewed'))}
        >
          <p>{t('pay.hint', { total: formatMoney(order.totalCents, order.money), count: order.itemCount })}</p>
          <Field name="paymentReference" label={t('renew.reference')}>
            <Input maxLength={60} />
          </Field>
        </FormDialog>
      )}
      {order.actions.includes('cancel') && (
        <FormDialog
          title={t('cancel.title', { number: order.number })}
          trigger={
            <Button type="link" size="small" danger>
              {t('cancel.action')}
            </Button>
          }
          schema={renewalCancelForm}
          initialValues={{ id: order.id }}
          okText={t('cancel.action')}
          onSubmit={(body) => cancel.mutateAsync({ body })}
          onSuccess={() => void message.success(t('cancel.done'))}
        >
          <Field name="reason" label={t('cancel.reason')}>
            <Input.TextArea rows={3} maxLength={200} />
          </Field>
        </FormDialog>
      )}
    </Space>
  );
}
