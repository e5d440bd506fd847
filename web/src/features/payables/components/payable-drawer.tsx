import { App, Button, Descriptions, Drawer, Input, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DESK_RECEIPT_METHODS, RECEIPT_METHOD } from '@console/contract/codes/lease-billing';
import { formatAmount, formatMoney } from '@console/contract/codes/money';
import {
  PAYMENT_STATE,
  payableEndpoints,
  payablePayForm,
  payableVoidForm,
  paymentVoidForm,
  type PaymentRow,
} from '@console/contract/http/payables';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PAYABLE_READS } from '../api.ts';
import { usePayableFields } from '../fields.tsx';

/**
 * A payable's detail (decision 079): the month and machine it charges for, what it owes and what was paid, its
 * payments with who recorded and voided them, and the moves its company's administrator and staff may take: record a
 * payment, void one with a reason, void the payable while nothing is paid on it.
 */
export function PayableDrawer({ payableId, onClose }: { payableId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['payables', 'common']);
  const { message } = App.useApp();
  const label = useCodeLabel();
  const fields = usePayableFields();
  const query = useQuery({
    ...endpointQuery(payableEndpoints.detail, { id: payableId ?? 0 }),
    enabled: payableId !== null,
  });
  const pay = useEndpointMutation(payableEndpoints.pay, { invalidates: PAYABLE_READS });
  const voidPay = useEndpointMutation(payableEndpoints.voidPayment, { invalidates: PAYABLE_READS });
  const voidIt = useEndpointMutation(payableEndpoints.void, { invalidates: PAYABLE_READS });
  const data = query.data;
  const p = data?.payable;
  const unit = p ? currencyVariablesOf(p.money) : {};
  const methods = codeOptions(label, RECEIPT_METHOD, DESK_RECEIPT_METHODS);
  const open = p && (p.state === 'open' || p.state === 'partlyPaid');
  const actions = data && p && data.mayWrite && (
    <Space>
      {open && (
        <FormDialog
          // Offered anew after each payment: what is outstanding has changed.
          key={`pay-${p.paidCents}`}
          title={t('pay.title')}
          trigger={
            <Button type="primary" data-testid="payable-pay">
              {t('pay.action')}
            </Button>
          }
          schema={payablePayForm}
          initialValues={{ payableId: p.id, amountCents: p.outstandingCents, method: 'transfer', paidOn: data.today }}
          okText={t('pay.action')}
          onSubmit={(body) => pay.mutateAsync({ body })}
          onSuccess={() => void message.success(t('pay.done'))}
        >
          <Field name="payableId" hidden>
            <Input />
          </Field>
          <Field
            name="amountCents"
            label={t('pay.amount', unit)}
            extra={t('pay.outstanding', { amount: formatMoney(p.outstandingCents, p.money) })}
          >
            <YuanInput />
          </Field>
          <Field name="method" label={t('pay.method')}>
            <Select options={methods} />
          </Field>
          <Field name="paidOn" label={t('pay.day')}>
            <DayField />
          </Field>
          <Field name="reference" label={t('pay.reference')}>
            <Input maxLength={100} />
          </Field>
          <Field name="note" label={t('pay.note')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Field>
        </FormDialog>
      )}
      {p.state === 'open' && (
        <FormDialog
          title={t('void.title')}
          trigger={
            <Button danger data-testid="payable-void">
              {t('void.action')}
            </Button>
          }
          schema={payableVoidForm}
          initialValues={{ payableId: p.id, reason: '' }}
          okText={t('void.action')}
          onSubmit={(body) => voidIt.mutateAsync({ body })}
          onSuccess={() => void message.success(t('void.done'))}
        >
          <Field name="payableId" hidden>
            <Input />
          </Field>
          <Field name="reason" label={t('void.reason')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Field>
        </FormDialog>
      )}
    </Space>
  );
  return (
    <Drawer
      open={payableId !== null}
      onClose={onClose}
      width={760}
      title={p ? t('detailTitle', { number: p.number }) : t('detailTitle', { number: '' })}
      extra={actions}
      destroyOnHidden
    >
      {payableId !== null && (
        <QueryState query={query}>
          {(d) => (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Descriptions
                column={2}
                bordered
                size="small"
                items={fields.descriptions(d.payable, [
                  'number',
                  'state',
                  'sublessorName',
                  'subleaseNumber',
                  'serialNumber',
                  'month',
                  'fromOn',
                  'toOn',
                  'amountCents',
                  'paidCents',
                  'outstandingCents',
                  'issuedOn',
                  'dueOn',
                ])}
              />
              {d.payable.state === 'void' && (
                <Typography.Paragraph type="secondary" data-testid="payable-void-reason">
                  {t('void.voidedBy', { name: d.voidedByName, reason: d.voidReason })}
                </Typography.Paragraph>
              )}
              <Typography.Title level={5}>{t('payments.title')}</Typography.Title>
              <Table<PaymentRow>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={d.payments}
                locale={{ emptyText: t('payments.none') }}
                columns={[
                  { key: 'paidOn', title: t('payments.day'), dataIndex: 'paidOn' },
                  {
                    key: 'amount',
                    title: t('payments.amount', currencyVariablesOf(d.payable.money)),
                    align: 'right',
                    render: (_, r) => formatAmount(r.amountCents, d.payable.money),
                  },
                  { key: 'method', title: t('payments.method'), render: (_, r) => label(RECEIPT_METHOD, r.method) },
                  { key: 'reference', title: t('payments.reference'), dataIndex: 'reference' },
                  {
                    key: 'state',
                    title: t('payments.state'),
                    render: (_, r) => (
                      <Space direction="vertical" size={0}>
                        <StatusBadge table={PAYMENT_STATE} value={r.state} />
                        {r.state === 'void' && (
                          <Typography.Text type="secondary">
                            {t('payments.voidedBy', { name: r.voidedByName, reason: r.voidReason })}
                          </Typography.Text>
                        )}
                      </Space>
                    ),
                  },
                  { key: 'who', title: t('payments.who'), render: (_, r) => `${r.userName} · ${r.at}` },
                  {
                    key: 'actions',
                    title: t('common:actions'),
                    render: (_, r) =>
                      d.mayWrite &&
                      r.state === 'live' && (
                        <FormDialog
                          title={t('payments.voidTitle')}
                          trigger={
                            <Button type="link" size="small" danger data-testid={`void-payment-${r.id}`}>
                              {t('payments.void')}
                            </Button>
                          }
                          schema={paymentVoidForm}
                          initialValues={{ paymentId: r.id, reason: '' }}
                          okText={t('payments.void')}
                          onSubmit={(body) => voidPay.mutateAsync({ body })}
                          onSuccess={() => void message.success(t('payments.voidDone'))}
                        >
                          <Field name="paymentId" hidden>
                            <Input />
                          </Field>
                          <Field name="reason" label={t('void.reason')}>
                            <Input.TextArea rows={2} maxLength={200} />
                          </Field>
                        </FormDialog>
                      ),
                  },
                ]}
              />
            </Space>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
