import { Alert, App, Button, Input, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHIPPED_ITEM } from '@console/contract/codes/shop-orders';
import {
  shopOrderCancelForm,
  shopOrderEndpoints,
  shopOrderShipForm,
  type ShopOrderRow,
} from '@console/contract/http/shop-orders';
import { recordMoneyText } from '../../../lib/money.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { SHOP_ORDER_READS } from '../api.ts';

/**
 * What the flow lets the user do with an order now (SHOP_ORDER_FLOW, as the server answers in `actions`): pay at the
 * provider's page, cancel with a reason (a paid one is refunded through the provider), ship with the courier number and
 * the serials of the product's kind of item, confirm receipt, complete; and, while it is charging, ask the provider now.
 */
export function OrderActions({ order }: { order: ShopOrderRow }) {
  const { t } = useTranslation('shop-orders');
  const { message } = App.useApp();
  const options = { invalidates: SHOP_ORDER_READS };
  const pay = useEndpointMutation(shopOrderEndpoints.pay, options);
  // The dialogs' forms show a refusal themselves (on its field, or as one toast).
  const inForm = { ...options, silent: true };
  const cancel = useEndpointMutation(shopOrderEndpoints.cancel, inForm);
  const refund = useEndpointMutation(shopOrderEndpoints.refund, inForm);
  const ship = useEndpointMutation(shopOrderEndpoints.ship, inForm);
  const receive = useEndpointMutation(shopOrderEndpoints.receive, options);
  const complete = useEndpointMutation(shopOrderEndpoints.complete, options);
  const check = useEndpointMutation(shopOrderEndpoints.checkPayment, options);
  const body = { id: order.id };
  const has = (action: ShopOrderRow['actions'][number]) => order.actions.includes(action);
  const item = SHIPPED_ITEM[order.category];
  return (
    <Space size={0} wrap>
      {has('pay') && (
        <Button
          type="link"
          size="small"
          loading={pay.isPending}
          onClick={() =>
            void pay.mutateAsync({ body }).then((answer) => {
              // The provider's pay page (its QR code); it sends the payer back to this order.
              window.location.assign(answer.payUrl);
            })
          }
        >
          {t('action.pay')}
        </Button>
      )}
      {order.canCheckPayment && (
        <Button
          type="link"
          size="small"
          loading={check.isPending}
          onClick={() => void check.mutateAsync({ body }).then(() => message.success(t('action.checked')))}
        >
          {t('action.checkPayment')}
        </Button>
      )}
      {has('ship') && (
        <FormDialog
          title={t('ship.title', { number: order.number })}
          trigger={
            <Button type="link" size="small">
              {t('action.ship')}
            </Button>
          }
          schema={shopOrderShipForm}
          initialValues={{ id: order.id, serials: '' }}
          okText={t('action.ship')}
          onSubmit={(form) => ship.mutateAsync({ body: form })}
          onSuccess={() => void message.success(t('ship.done'))}
        >
          <Field name="courierNumber" label={t('order.courier')}>
            <Input maxLength={40} />
          </Field>
          {item !== null && (
            <Field
              name="serials"
              label={item === 'terminal' ? t('order.serials') : t('ship.cards')}
              extra={t(item === 'terminal' ? 'ship.serialsHint' : 'ship.cardsHint', { count: order.quantity })}
            >
              <Input.TextArea rows={3} maxLength={4000} />
            </Field>
          )}
        </FormDialog>
      )}
      {has('receive') && (
        <Popconfirm
          title={t('receive.confirm')}
          onConfirm={() => receive.mutateAsync({ body }).then(() => message.success(t('receive.done')))}
        >
          <Button type="link" size="small">
            {t('action.receive')}
          </Button>
        </Popconfirm>
      )}
      {has('complete') && (
        <Popconfirm
          title={t('complete.confirm')}
          onConfirm={() => complete.mutateAsync({ body }).then(() => message.success(t('complete.done')))}
        >
          <Button type="link" size="small">
            {t('action.complete')}
          </Button>
        </Popconfirm>
      )}
      {has('cancel') && (
        <FormDialog
          title={t('cancel.title', { number: order.number })}
          trigger={
            <Button type="link" size="small" danger>
              {t('action.cancel')}
            </Button>
          }
          schema={shopOrderCancelForm}
          initialValues={{ id: order.id }}
          okText={t('action.cancel')}
          onSubmit={(form) => cancel.mutateAsync({ body: form })}
          onSuccess={() => void message.success(t('cancel.done'))}
        >
          <Field name="reason" label={t('cancel.reason')}>
            <Input.TextArea rows={3} maxLength={200} />
          </Field>
        </FormDialog>
      )}
      {has('refund') && (
        <FormDialog
          title={t('refund.title', { number: order.number })}
          trigger={
            <Button type="link" size="small" danger>
              {t('action.refund')}
            </Button>
          }
          schema={shopOrderCancelForm}
          initialValues={{ id: order.id }}
          okText={t('action.refund')}
          onSubmit={(form) => refund.mutateAsync({ body: form })}
          onSuccess={() => void message.success(t('refund.done'))}
        >
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('refund.warning', { amount: recordMoneyText(order.paidCents ?? order.payCents, order.money) })}
          />
          <Field name="reason" label={t('refund.reason')}>
            <Input.TextArea rows={3} maxLength={200} />
          </Field>
        </FormDialog>
      )}
    </Space>
  );
}
