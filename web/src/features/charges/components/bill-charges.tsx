import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHARGE_KIND } from '@console/contract/codes/charges';
import { chargeEndpoints, creditNoteForm, type ChargeRow, type CreditNoteRow } from '@console/contract/http/charges';
import type { BillRow } from '@console/contract/http/lease-billing';
import { useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currencyVariablesOf, recordAmountText, recordMoneyText } from '../../../lib/money.ts';
import { CHARGE_READS } from './contract-charges.tsx';

/**
 * A bill's charge lines and its credit notes (decision 074), with what may still be credited; the company's
 * administrator issues a credit note with lines and a reason, at most what the bill still asks.
 */
export function BillCharges({ bill }: { bill: BillRow }) {
  const { t } = useTranslation('charges');
  const label = useCodeLabel();
  const query = useQuery(endpointQuery(chargeEndpoints.billExtras, { id: bill.id }));
  const extras = query.data;
  if (!extras) return null;
  const money = extras.money;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }} data-testid="bill-charges">
      {extras.charges.length > 0 && (
        <>
          <Typography.Title level={5}>{t('onBill')}</Typography.Title>
          <Table<ChargeRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={extras.charges}
            columns={[
              { key: 'kind', title: t('prices.kind'), render: (_, c) => label(CHARGE_KIND, c.kind) },
              { key: 'what', title: t('source'), render: (_, c) => c.priceName || c.reason },
              { key: 'machine', title: t('machine'), dataIndex: 'serialNumber' },
              {
                key: 'amount',
                title: t('amount', currencyVariablesOf(money)),
                align: 'right',
                render: (_, c) => recordAmountText(c.amountCents, c.money),
              },
            ]}
          />
        </>
      )}
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('credit.title')}
        </Typography.Title>
        {extras.mayCredit && <IssueCreditNote bill={bill} creditableCents={extras.creditableCents} />}
      </Space>
      {extras.creditedCents > 0 && (
        <Typography.Text type="secondary">
          {t('credit.issuedAmount', {
            issued: recordMoneyText(extras.issuedCents, money),
            credited: recordMoneyText(extras.creditedCents, money),
          })}
        </Typography.Text>
      )}
      <Table<CreditNoteRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={extras.creditNotes}
        locale={{ emptyText: t('credit.empty') }}
        columns={[
          { key: 'number', title: t('credit.number'), dataIndex: 'number' },
          { key: 'issuedOn', title: t('credit.issuedOn'), dataIndex: 'issuedOn' },
          { key: 'reason', title: t('credit.reason'), dataIndex: 'reason' },
          {
            key: 'lines',
            title: t('credit.lines'),
            render: (_, n) =>
              n.lines.map((l) => `${l.description} ${recordMoneyText(l.amountCents, n.money)}`).join('; '),
          },
          {
            key: 'amount',
            title: t('credit.total', currencyVariablesOf(money)),
            align: 'right',
            render: (_, n) => recordAmountText(-n.amountCents, n.money),
          },
          { key: 'by', title: t('credit.createdBy'), dataIndex: 'createdByName' },
        ]}
      />
    </Space>
  );
}

function IssueCreditNote({ bill, creditableCents }: { bill: BillRow; creditableCents: number }) {
  const { t } = useTranslation(['charges', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const issue = useEndpointMutation(chargeEndpoints.creditCreate, { invalidates: CHARGE_READS });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="issue-credit-note">
        {t('credit.issue')}
      </Button>
      <FormDialog
        title={t('credit.issueTitle', { number: bill.number })}
        open={open}
        onClose={() => setOpen(false)}
        width={640}
        schema={creditNoteForm}
        initialValues={{ billId: bill.id, lines: [{ description: '', amountCents: 0 }] }}
        okText={t('credit.issue')}
        onSubmit={(body) => issue.mutateAsync({ body })}
        onSuccess={(made) => void message.success(t('credit.issued', { number: made.number }))}
      >
        <Typography.Paragraph type="secondary">
          {t('credit.creditable', { amount: recordMoneyText(creditableCents, bill.money) })}
        </Typography.Paragraph>
        <Field name="billId" hidden>
          <Input />
        </Field>
        <Field name="reason" label={t('credit.reason')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Field>
        <Field name="lines" label={t('credit.lines')}>
          <CreditLines />
        </Field>
      </FormDialog>
    </>
  );
}

/** The note's lines: what each corrects and its amount in the bill's money (sent in cents). */
function CreditLines() {
  const { t } = useTranslation('charges');
  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((field, i) => (
            <Space key={field.key} align="baseline">
              <Form.Item name={[field.name, 'description']} noStyle>
                <Input placeholder={t('credit.description')} maxLength={120} data-testid={`credit-line-${i}`} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'amountCents']}
                noStyle
                getValueProps={(v: number | null) => ({ value: typeof v === 'number' ? v / 100 : v })}
                normalize={(v: number | null) => (typeof v === 'number' ? Math.round(v * 100) : v)}
              >
                <InputNumber
                  min={0}
                  precision={2}
                  placeholder={t('credit.lineAmount')}
                  data-testid={`credit-amount-${i}`}
                />
              </Form.Item>
              {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(field.name)} />}
            </Space>
          ))}
          {fields.length < 20 && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ description: '', amountCents: 0 })}>
              {t('credit.addLine')}
            </Button>
          )}
        </Space>
      )}
    </Form.List>
  );
}
