import { App, Button, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_CATEGORY } from '@console/contract/codes/products';
import { MAX_ORDER_QUANTITY } from '@console/contract/codes/shop-orders';
import { shopOrderCreateForm, shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { moneyText } from '../../../lib/money.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { useCodeLabel } from '../../../components/code-label.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { SHOP_ORDER_READS } from '../api.ts';

/**
 * The buyer's checkout: a product of the shops the buyer buys from, its quantity, where it goes, and one of the
 * coupons the buyer received that fits the product (of its shop, its category, its minimum spend). The server prices the order and takes the coupon's discount.
 */
export function CheckoutDialog({ onPlaced }: { onPlaced: (orderId: number) => void }) {
  const { t } = useTranslation('shop-orders');
  const { message } = App.useApp();
  const label = useCodeLabel();
  const catalog = useQuery(endpointQuery(shopOrderEndpoints.catalog, {}));
  const create = useEndpointMutation(shopOrderEndpoints.create, { invalidates: SHOP_ORDER_READS });
  const products = catalog.data?.products ?? [];
  const coupons = catalog.data?.coupons ?? [];
  return (
    <FormDialog
      title={t('checkout.title')}
      width={640}
      trigger={
        <Button type="primary" icon={<ShoppingCartOutlined />}>
          {t('checkout.action')}
        </Button>
      }
      schema={shopOrderCreateForm}
      initialValues={{ quantity: 1, couponReceiptId: null }}
      okText={t('checkout.submit')}
      onSubmit={(body) => create.mutateAsync({ body })}
      onSuccess={(answer) => {
        void message.success(t('checkout.placed', { number: answer.order.number }));
        onPlaced(answer.order.id);
      }}
    >
      <Field name="productId" label={t('order.product')}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={catalog.isLoading}
          options={products.map((p) => ({
            value: p.id,
            label: `${p.name} · ${p.spec} · ${moneyText(p.amountCents)} · ${label(PRODUCT_CATEGORY, p.category)} · ${p.sellerName}`,
          }))}
        />
      </Field>
      <Field name="quantity" label={t('order.quantity')}>
        <InputNumber min={1} max={MAX_ORDER_QUANTITY} precision={0} style={{ width: 160 }} />
      </Field>
      <Form.Item noStyle dependencies={['productId', 'quantity']}>
        {({ getFieldValue }) => {
          const product = products.find((p) => p.id === getFieldValue('productId'));
          const quantity = Number(getFieldValue('quantity') ?? 0);
          const amount = product ? product.amountCents * (Number.isInteger(quantity) ? quantity : 0) : 0;
          // A coupon is used only in its issuer's shop (the server refuses it elsewhere).
          const fitting = coupons.filter(
            (c) =>
              product &&
              c.sellerId === product.sellerId &&
              (c.category === 'all' || c.category === product.category) &&
              amount >= c.minSpendCents,
          );
          return (
            <>
              {product && (
                <Typography.Paragraph strong data-testid="checkout-amount">
                  {t('checkout.amount', { amount: moneyText(amount) })}
                </Typography.Paragraph>
              )}
              <Field name="couponReceiptId" label={t('checkout.coupon')}>
                <Select
                  allowClear
                  placeholder={fitting.length ? t('checkout.couponPlaceholder') : t('checkout.noCoupon')}
                  options={fitting.map((c) => ({
                    value: c.receiptId,
                    label:
                      c.type === 'cash'
                        ? t('checkout.cashCoupon', {
                            name: c.name,
                            value: moneyText(c.faceValueCents ?? 0),
                            until: c.expiresAt,
                          })
                        : t('checkout.discountCoupon', {
                            name: c.name,
                            discount: ((c.discountTenths ?? 100) / 10).toFixed(1),
                            until: c.expiresAt,
                          }),
                  }))}
                />
              </Field>
            </>
          );
        }}
      </Form.Item>
      <Field name="receiver" label={t('order.receiver')}>
        <Input maxLength={40} />
      </Field>
      <Field name="receiverPhone" label={t('order.receiverPhone')}>
        <Input maxLength={20} />
      </Field>
      <Field name="address" label={t('order.address')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
