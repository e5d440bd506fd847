import { App, Button, Card, Descriptions, Input, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DESK_RECEIPT_METHODS, RECEIPT_METHOD } from '@console/contract/codes/lease-billing';
import { formatAmount, formatMoney } from '@console/contract/codes/money';
import { depositEndpoints, DEPOSIT_READERS, type DepositMoveRow } from '@console/contract/http/deposits';
import {
  DEPOSIT_MOVE_KIND,
  DEPOSIT_REASON,
  depositAllows,
  depositApplyForm,
  depositReceiveForm,
  depositRefundForm,
} from '@console/contract/lease/deposits';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useSession } from '../../../lib/session.ts';
import { DEPOSIT_READS } from '../api.ts';
import { DEPOSIT_STATE } from '@console/contract/lease/deposits';

/**
 * A contract's deposit (decision 073): what was requested, received, is held, applied and refunded, its history with
 * who and when, and the moves the viewer may take: receive while it is outstanding; once the contract ended, apply
 * part of what is held to an open bill of the contract, or refund it, each with a reason.
 */
export function DepositPanel({ contractId }: { contractId: number }) {
  const { t } = useTranslation(['deposits', 'common']);
  const { message } = App.useApp();
  const label = useCodeLabel();
  const { roleId } = useSession();
  const reads = (DEPOSIT_READERS as readonly number[]).includes(roleId);
  const query = useQuery({ ...endpointQuery(depositEndpoints.detail, { contractId }), enabled: reads });
  const receive = useEndpointMutation(depositEndpoints.receive, { invalidates: DEPOSIT_READS });
  const apply = useEndpointMutation(depositEndpoints.apply, { invalidates: DEPOSIT_READS });
  const refund = useEndpointMutation(depositEndpoints.refund, { invalidates: DEPOSIT_READS });
  const data = query.data;
  if (!reads || !data?.deposit) return null;
  const d = data.deposit;
  const money = d.money;
  const unit = currencyVariablesOf(money);
  const amount = (cents: number) => formatAmount(cents, money);
  const mayReceive = data.mayWrite && depositAllows('receive', d.state);
  const maySettle = data.mayWrite && data.contractEnded && d.heldCents > 0;
  const methods = codeOptions(label, RECEIPT_METHOD, DESK_RECEIPT_METHODS);
  const reasons = codeOptions(label, DEPOSIT_REASON);
  const actions = (
    <Space>
      {mayReceive && (
        <FormDialog
          // Offered anew after each move: what is outstanding or held has changed.
          key={`receive-${d.receivedCents}`}
          title={t('receive.title')}
          trigger={<Button type="primary">{t('receive.action')}</Button>}
          schema={depositReceiveForm}
          initialValues={{
            depositId: d.id,
            amountCents: d.outstandingCents,
            method: 'transfer',
            receivedOn: data.today,
          }}
          okText={t('receive.action')}
          onSubmit={(body) => receive.mutateAsync({ body })}
          onSuccess={() => void message.success(t('receive.done'))}
        >
          <MoneyMoveFields
            amount={{
              label: t('amount', unit),
              extra: t('receive.outstanding', { amount: formatMoney(d.outstandingCents, money) }),
            }}
            methods={methods}
            day={{ name: 'receivedOn', label: t('receive.day') }}
          />
        </FormDialog>
      )}
      {maySettle && data.openBills.length > 0 && (
        <FormDialog
          // Offered anew after each move: what is outstanding or held has changed.
          key={`apply-${d.heldCents}`}
          title={t('apply.title')}
          trigger={<Button>{t('apply.action')}</Button>}
          schema={depositApplyForm}
          initialValues={{
            depositId: d.id,
            billId: data.openBills[0]!.id,
            amountCents: Math.min(d.heldCents, data.openBills[0]!.unpaidCents),
          }}
          okText={t('apply.action')}
          onSubmit={(body) => apply.mutateAsync({ body })}
          onSuccess={() => void message.success(t('apply.done'))}
        >
          <Field name="depositId" hidden>
            <Input />
          </Field>
          <Field name="billId" label={t('apply.bill')}>
            <Select
              options={data.openBills.map((b) => ({
                value: b.id,
                label: t('apply.billOption', { number: b.number, amount: formatMoney(b.unpaidCents, money) }),
              }))}
            />
          </Field>
          <Field
            name="amountCents"
            label={t('amount', unit)}
            extra={t('heldNow', { amount: formatMoney(d.heldCents, money) })}
          >
            <YuanInput />
          </Field>
          <Field name="reason" label={t('reasonLabel')}>
            <Select options={reasons} />
          </Field>
          <Field name="note" label={t('note')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Field>
        </FormDialog>
      )}
      {maySettle && (
        <FormDialog
          // Offered anew after each move: what is outstanding or held has changed.
          key={`refund-${d.heldCents}`}
          title={t('refund.title')}
          trigger={<Button>{t('refund.action')}</Button>}
          schema={depositRefundForm}
          initialValues={{ depositId: d.id, amountCents: d.heldCents, method: 'transfer', refundedOn: data.today }}
          okText={t('refund.action')}
          onSubmit={(body) => refund.mutateAsync({ body })}
          onSuccess={() => void message.success(t('refund.done'))}
        >
          <MoneyMoveFields
            amount={{ label: t('amount', unit), extra: t('heldNow', { amount: formatMoney(d.heldCents, money) }) }}
            methods={methods}
            day={{ name: 'refundedOn', label: t('refund.day') }}
            reasons={reasons}
          />
        </FormDialog>
      )}
    </Space>
  );
  return (
    <Card title={t('panelTitle', { number: d.number })} data-testid="deposit-panel" extra={actions}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'state', label: t('stateLabel'), children: <StatusBadge table={DEPOSIT_STATE} value={d.state} /> },
          { key: 'requested', label: t('requestedAmount', unit), children: amount(d.amountCents) },
          { key: 'received', label: t('receivedAmount', unit), children: amount(d.receivedCents) },
          {
            key: 'held',
            label: t('heldAmount', unit),
            children: <span data-testid="deposit-held">{amount(d.heldCents)}</span>,
          },
          { key: 'applied', label: t('appliedAmount', unit), children: amount(d.appliedCents) },
          { key: 'refunded', label: t('refundedAmount', unit), children: amount(d.refundedCents) },
        ]}
      />
      {!data.contractEnded && d.heldCents > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('settleAtEnd')}
        </Typography.Paragraph>
      )}
      <Table<DepositMoveRow>
        size="small"
        rowKey="id"
        pagination={false}
        style={{ marginTop: 12 }}
        dataSource={data.moves}
        columns={[
          { key: 'day', title: t('history.day'), dataIndex: 'day' },
          {
            key: 'kind',
            title: t('history.move'),
            render: (_, m) => <StatusBadge table={DEPOSIT_MOVE_KIND} value={m.kind} />,
          },
          { key: 'amount', title: t('amount', unit), render: (_, m) => amount(m.amountCents) },
          {
            key: 'detail',
            title: t('history.detail'),
            render: (_, m) =>
              [
                m.billNumber && t('history.bill', { number: m.billNumber }),
                m.method && label(RECEIPT_METHOD, m.method),
                m.reference,
                m.reason && label(DEPOSIT_REASON, m.reason),
                m.note,
              ]
                .filter(Boolean)
                .join(' · '),
          },
          { key: 'who', title: t('history.who'), render: (_, m) => m.userName || t('history.bySigning') },
          { key: 'at', title: t('history.at'), dataIndex: 'at' },
        ]}
      />
    </Card>
  );
}

type Options = { value: string; label: string }[];

/**
 * The fields of money that comes in or goes out (receiving the deposit, refunding it): the deposit, how much, how
 * and on which day, its reference, the reason where one is asked, and a note.
 */
function MoneyMoveFields({
  amount,
  methods,
  day,
  reasons,
}: {
  amount: { label: string; extra: string };
  methods: Options;
  day: { name: 'receivedOn' | 'refundedOn'; label: string };
  reasons?: Options;
}) {
  const { t } = useTranslation('deposits');
  return (
    <>
      <Field name="depositId" hidden>
        <Input />
      </Field>
      <Field name="amountCents" label={amount.label} extra={amount.extra}>
        <YuanInput />
      </Field>
      <Field name="method" label={t('method')}>
        <Select options={methods} />
      </Field>
      <Field name={day.name} label={day.label}>
        <DayField />
      </Field>
      <Field name="reference" label={t('reference')}>
        <Input maxLength={100} />
      </Field>
      {reasons && (
        <Field name="reason" label={t('reasonLabel')}>
          <Select options={reasons} />
        </Field>
      )}
      <Field name="note" label={t('note')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </>
  );
}
