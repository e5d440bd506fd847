import type { ReactElement } from 'react';
import { Alert, App, Checkbox, Form, Input, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@console/contract/codes/money';
import { RENEWAL_MONTHS, type RenewalItemKind } from '@console/contract/codes/renewals';
import { renewalCreateForm, renewalEndpoints, type RenewalItem } from '@console/contract/http/renewals';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { RENEWAL_READS } from '../api.ts';

/**
 * Renew one or many machines or SIM cards for a period at the price of their owner's currency (the operator may
 * renew for companies of several: each total is shown in its currency). The operator's finance may record
 * the payment at once (the services are renewed now); otherwise the order waits for payment.
 */
export function RenewDialog({
  kind,
  items,
  trigger,
  onDone,
}: {
  kind: RenewalItemKind;
  items: RenewalItem[];
  trigger: ReactElement<{ onClick?: () => void }>;
  onDone?: () => void;
}) {
  const { t } = useTranslation('renewals');
  const { message } = App.useApp();
  const prices = useQuery(endpointQuery(renewalEndpoints.prices, {}));
  const create = useEndpointMutation(renewalEndpoints.create, { invalidates: RENEWAL_READS });
  const mayPay = prices.data?.editable ?? false;
  // Each owner pays from its own currency's list: a period is offered when every one of them prices it.
  const currencies = [...new Set(items.map((i) => i.currency))];
  const priceOf = (currency: string, months: number) => {
    const format = prices.data?.currencies.find((f) => f.currency.code === currency);
    const price = prices.data?.list.find((p) => p.currency === currency && p.kind === kind && p.months === months);
    return format && price ? { format, cents: price.priceCents } : undefined;
  };
  const offered = RENEWAL_MONTHS.filter((months) => currencies.every((c) => priceOf(c, months)));
  /** Per currency: the price of one item, or of the items of that currency. */
  const priced = (months: number, times: (currency: string) => number) =>
    currencies
      .map((c) => {
        const price = priceOf(c, months)!;
        return formatMoney(price.cents * times(c), price.format);
      })
      .join(' + ');
  return (
    <FormDialog
      title={t('renew.title', { count: items.length })}
      trigger={trigger}
      schema={renewalCreateForm}
      initialValues={{ kind, ids: items.map((i) => i.id), months: offered.at(-1), payNow: mayPay }}
      okText={t('renew.submit')}
      onSubmit={(body) => create.mutateAsync({ body })}
      onSuccess={(result) => {
        const failed = result.orders.some((o) => o.state === 'failed');
        void message[failed ? 'error' : 'success'](
          result.orders.every((o) => o.state === 'renewed') ? t('renew.renewed') : t('renew.created'),
        );
        onDone?.();
      }}
    >
      <Typography.Paragraph type="secondary" data-testid="renew-items">
        {items.map((i) => i.label).join(', ')}
      </Typography.Paragraph>
      {offered.length === 0 && !prices.isLoading && <Alert type="warning" showIcon message={t('renew.noPrices')} />}
      <Field name="months" label={t('renew.months')}>
        <Select
          options={offered.map((months) => ({
            value: months,
            label: t('renew.monthOption', { count: months, price: priced(months, () => 1) }),
          }))}
        />
      </Field>
      <Form.Item noStyle dependencies={['months']}>
        {({ getFieldValue }) => {
          const months = offered.find((m) => m === getFieldValue('months'));
          const total = months && priced(months, (c) => items.filter((i) => i.currency === c).length);
          return (
            total && (
              <Typography.Paragraph strong data-testid="renew-total">
                {t('renew.total', { total, count: items.length })}
              </Typography.Paragraph>
            )
          );
        }}
      </Form.Item>
      {mayPay && (
        <Field name="payNow" valuePropName="checked">
          <Checkbox>{t('renew.payNow')}</Checkbox>
        </Field>
      )}
      <Form.Item noStyle dependencies={['payNow']}>
        {({ getFieldValue }) =>
          getFieldValue('payNow') ? (
            <Field name="paymentReference" label={t('renew.reference')}>
              <Input maxLength={60} />
            </Field>
          ) : (
            <Alert style={{ marginBottom: 16 }} type="info" showIcon message={t('renew.waitsForPayment')} />
          )
        }
      </Form.Item>
      <Field name="note" label={t('renew.note')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
