import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Col, Form, Input, Row, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DESK_RECEIPT_METHODS, RECEIPT_METHOD } from '@console/contract/codes/lease-billing';
import { formatAmount, formatMoney, type MoneyFormat } from '@console/contract/codes/money';
import { billingEndpoints, receiptForm, type AllocationRow } from '@console/contract/http/lease-billing';
import { leaseBillingScreens } from '@console/contract/screens/lease-billing';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { currencyVariablesOf, moneyFormat } from '../../../lib/money.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { useOrgToday } from '../../../lib/days.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { BILLING_READS } from '../api.ts';
import { BillDrawer } from '../components/bill-drawer.tsx';
import { OpeningBalanceButton } from '../components/opening-balance.tsx';
import { RenterSelect } from '../components/renter-select.tsx';
import { useBillFields } from '../fields.tsx';

/**
 * The currency of a renter's arrears and of a receipt from it: its lessor's (decision 064), whichever brand's console
 * records it; the console's own until a renter is picked.
 */
function useRenterMoney(renterId: number | undefined): MoneyFormat {
  const renters = useQuery(endpointQuery(billingEndpoints.renters, {}));
  return renters.data?.list.find((r) => r.id === renterId)?.money ?? moneyFormat();
}

/** A renter's bills not yet paid in full, oldest due first: what a receipt pays, in this order. */
function OpenBills({ renterId, onOpen }: { renterId: number | undefined; onOpen: (id: number) => void }) {
  const { t } = useTranslation('lease-billing');
  const fields = useBillFields();
  const bills = useQuery({
    ...endpointQuery(billingEndpoints.billList, { renterId, unpaid: 1, pageSize: 200 }),
    enabled: !!renterId,
  });
  const renters = useQuery(endpointQuery(billingEndpoints.renters, {}));
  const arrears = renters.data?.list.find((r) => r.id === renterId)?.arrearsCents ?? 0;
  const money = useRenterMoney(renterId);
  const unit = currencyVariablesOf(money);
  if (!renterId) return <Alert type="info" showIcon message={t('receipt.pickRenter')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>
        {t('receipt.arrears', unit)}: <span data-testid="renter-arrears">{formatAmount(arrears, money)}</span>
      </Typography.Text>
      <Table
        rowKey="id"
        size="small"
        loading={bills.isLoading}
        pagination={false}
        dataSource={bills.data?.list ?? []}
        locale={{ emptyText: t('receipt.noOpenBills') }}
        onRow={(row) => ({ onClick: () => onOpen(row.id), style: { cursor: 'pointer' } })}
        // One renter's bills, all in its lessor's currency: the titles name it, the amounts read in it.
        columns={fields.columns(
          ['number', 'dueOn', 'amountCents', 'unpaidCents', 'state', 'daysOverdue', 'hoursMissing'],
          {
            amountCents: { title: t('bill.amount', unit), render: (_, b) => formatAmount(b.amountCents, b.money) },
            unpaidCents: { title: t('bill.unpaid', unit), render: (_, b) => formatAmount(b.unpaidCents, b.money) },
          },
        )}
      />
    </Space>
  );
}

/** /leaseCenter/receiptRecord: record money received from a renter and see which bills it paid. */
export function ReceiptPage() {
  const { t } = useTranslation(['lease-billing', 'common']);
  const label = useCodeLabel();
  const [form] = Form.useForm();
  const initialRenter = useScreenQuery(leaseBillingScreens.receiptRecord).query.renterId ?? undefined;
  const renterId = Form.useWatch('renterId', form) as number | undefined;
  const [made, setMade] = useState<{ amountCents: number; allocations: AllocationRow[]; money: MoneyFormat } | null>(
    null,
  );
  const [billId, setBillId] = useState<number | null>(null);
  const create = useEndpointMutation(billingEndpoints.receiptCreate, { invalidates: BILLING_READS });
  // The day received defaults to the renter's lessor's today (its calendar, the one the server checks the day
  // against), not the browser's; a day the person picked stays.
  const renters = useQuery(endpointQuery(billingEndpoints.renters, {}));
  const money = useRenterMoney(renterId);
  const orgToday = useOrgToday();
  const lessorToday = renters.data?.list.find((r) => r.id === renterId)?.today ?? renters.data?.list[0]?.today;
  const defaultDay = lessorToday ?? orgToday;
  // The default follows what is known (the user's organisation first, then the renter's lessor) until the person
  // picks a day of their own: a value other than the last default.
  const lastDefault = useRef<string>('');
  useEffect(() => {
    const current = (form.getFieldValue('receivedOn') as string | undefined) ?? '';
    if (current === '' || current === lastDefault.current) form.setFieldValue('receivedOn', defaultDay);
    lastDefault.current = defaultDay;
  }, [form, defaultDay]);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card title={t('receipt.title')}>
          <SchemaForm
            form={form}
            schema={receiptForm}
            initialValues={{ renterId: initialRenter, method: 'transfer' }}
            submitText={t('receipt.submit')}
            successMessage={t('receipt.recorded')}
            onSubmit={async (body) => ({
              ...(await create.mutateAsync({ body })),
              amountCents: body.amountCents,
              money,
            })}
            onSuccess={(result) => {
              setMade(result);
              form.resetFields(['amountCents', 'reference', 'note']);
            }}
          >
            <Field name="renterId" label={t('receipt.renter')}>
              <RenterSelect />
            </Field>
            <Field name="amountCents" label={t('receipt.amount', currencyVariablesOf(money))}>
              <YuanInput />
            </Field>
            <Field name="method" label={t('receipt.method')}>
              <Select options={codeOptions(label, RECEIPT_METHOD, DESK_RECEIPT_METHODS)} />
            </Field>
            <Field name="receivedOn" label={t('receipt.receivedOn')}>
              <DayField />
            </Field>
            <Field name="reference" label={t('receipt.reference')}>
              <Input maxLength={100} />
            </Field>
            <Field name="note" label={t('receipt.note')}>
              <Input.TextArea rows={2} maxLength={200} />
            </Field>
          </SchemaForm>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {made && (
            <Card title={t('receipt.allocatedTitle')} size="small" data-testid="receipt-allocations">
              <Table
                rowKey="billId"
                size="small"
                pagination={false}
                dataSource={made.allocations}
                columns={[
                  { key: 'bill', title: t('bill.number'), dataIndex: 'billNumber' },
                  {
                    key: 'amount',
                    title: t('amount', currencyVariablesOf(made.money)),
                    align: 'right',
                    render: (_, a) => formatAmount(a.amountCents, made.money),
                  },
                ]}
              />
              {made.amountCents > made.allocations.reduce((s, a) => s + a.amountCents, 0) && (
                <Alert
                  style={{ marginTop: 8 }}
                  type="info"
                  message={t('receipt.unallocated', {
                    amount: formatMoney(
                      made.amountCents - made.allocations.reduce((s, a) => s + a.amountCents, 0),
                      made.money,
                    ),
                  })}
                />
              )}
            </Card>
          )}
          <Card
            title={t('receipt.openBills')}
            size="small"
            extra={renterId ? <OpeningBalanceButton renterId={renterId} money={money} onRecorded={setBillId} /> : null}
          >
            <OpenBills renterId={renterId} onOpen={setBillId} />
          </Card>
        </Space>
      </Col>
      <BillDrawer billId={billId} onClose={() => setBillId(null)} />
    </Row>
  );
}
