import { useState } from 'react';
import { Alert, App, Button, Checkbox, Descriptions, Drawer, Empty, Input, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { RECEIPT_METHOD } from '@console/contract/codes/lease-billing';
import { billingEndpoints, billVoidForm, type BillLine, type BillRow } from '@console/contract/http/lease-billing';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { useCodeLabel } from '../../../components/code-label.ts';
import { recordAmountText, recordMoneyText } from '../../../lib/money.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PriceDisplay } from '../../../components/price-display.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { saveBase64 } from '../../lease-contracts/index.ts';
import { BILLING_READS } from '../api.ts';
import { useBillFields } from '../fields.tsx';
import { BillOvertime } from './bill-overtime.tsx';
import { BillCharges } from '../../charges/index.ts';

/** A bill's detail: its terms, a line per machine period with the days and price, and the receipts that paid it. */
export function BillDrawer({ billId, onClose }: { billId: number | null; onClose: () => void }) {
  const { t } = useTranslation('lease-billing');
  const label = useCodeLabel();
  const fields = useBillFields();
  const query = useQuery({ ...endpointQuery(billingEndpoints.billDetail, { id: billId ?? 0 }), enabled: !!billId });
  return (
    <Drawer
      open={billId !== null}
      onClose={onClose}
      width={760}
      title={t('bill.detailTitle')}
      extra={
        query.data && (
          <Space>
            {query.data.bill.voidable && <VoidBill bill={query.data.bill} />}
            {query.data.bill.contractId !== null && (
              <StatementButton contractId={query.data.bill.contractId} month={query.data.bill.periodEnd.slice(0, 7)} />
            )}
          </Space>
        )
      }
      destroyOnHidden
    >
      {billId !== null && (
        <QueryState query={query}>
          {({ bill, lines, allocations, overtime }) => (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Descriptions
                column={2}
                bordered
                size="small"
                items={fields.descriptions(bill, [
                  'number',
                  'kind',
                  'contractNumber',
                  'renterName',
                  'period',
                  'state',
                  'issuedOn',
                  'dueOn',
                  'amountCents',
                  'paidCents',
                  'unpaidCents',
                  'daysOverdue',
                  ...(bill.hoursMissing ? (['hoursMissing'] as const) : []),
                  ...(bill.kind === 'opening' ? (['note'] as const) : []),
                  ...(bill.state === 'void' ? (['voidReason', 'voidedAt', 'voidedByName'] as const) : []),
                ])}
              />
              {bill.kind === 'opening' ? (
                <Alert type="info" showIcon message={t('opening.explained')} />
              ) : (
                <BillLines lines={lines} money={bill.money} />
              )}
              <BillOvertime overtime={overtime} bill={bill} />
              {bill.kind !== 'opening' && <BillCharges bill={bill} />}
              <Typography.Title level={5}>{t('bill.allocations')}</Typography.Title>
              {allocations.length === 0 ? (
                <Empty description={t('bill.noAllocations')} />
              ) : (
                <Table
                  rowKey={(a) => `${a.receiptId}-${a.billId}`}
                  size="small"
                  pagination={false}
                  dataSource={allocations}
                  columns={[
                    { key: 'day', title: t('history.receivedOn'), dataIndex: 'receivedOn' },
                    { key: 'method', title: t('history.method'), render: (_, a) => label(RECEIPT_METHOD, a.method) },
                    { key: 'reference', title: t('history.reference'), dataIndex: 'reference' },
                    {
                      key: 'amount',
                      title: t('amount'),
                      align: 'right',
                      render: (_, a) =>
                        a.voided ? (
                          <Typography.Text delete>{recordAmountText(a.amountCents, bill.money)}</Typography.Text>
                        ) : (
                          recordAmountText(a.amountCents, bill.money)
                        ),
                    },
                  ]}
                />
              )}
            </Space>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}

/** A bill's lines: one per machine period, with its business model, price, days and amount. */
function BillLines({ lines, money }: { lines: BillLine[]; money: BillRow['money'] }) {
  const { t } = useTranslation('lease-billing');
  return (
    <>
      <Typography.Title level={5}>{t('bill.lines')}</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={lines}
        columns={[
          { key: 'serial', title: t('bill.serialNumber'), dataIndex: 'serialNumber' },
          {
            key: 'model',
            title: t('bill.businessModel'),
            render: (_, l) => <StatusBadge table={BUSINESS_MODEL} value={l.businessModel} />,
          },
          {
            key: 'price',
            title: t('bill.price'),
            render: (_, l) => (
              <PriceDisplay model={l.businessModel} prices={{ day: l.dayCents, month: l.monthCents }} money={money} />
            ),
          },
          { key: 'from', title: t('bill.fromOn'), dataIndex: 'fromOn' },
          { key: 'to', title: t('bill.toOn'), dataIndex: 'toOn' },
          { key: 'days', title: t('bill.days'), dataIndex: 'days' },
          {
            key: 'amount',
            title: t('bill.lineAmount'),
            render: (_, l) => recordAmountText(l.amountCents, money),
            align: 'right',
          },
        ]}
      />
    </>
  );
}

/**
 * Void a bill (decision 036, addendum): confirmed first, then a dialog asks the reason and whether its days are
 * issued again. Shown only when the server says the user may void it (the lessor's administrator, nothing paid).
 */
function VoidBill({ bill }: { bill: BillRow }) {
  const { t } = useTranslation(['lease-billing', 'common']);
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  // A void changes the arrears, the ledger and the income.
  const remove = useEndpointMutation(billingEndpoints.billVoid, {
    invalidates: [...BILLING_READS, ...readsOf(revenueEndpoints)],
  });
  const start = async () => {
    const confirmed = await modal.confirm({
      title: t('bill.voidConfirm', { number: bill.number, amount: recordMoneyText(bill.amountCents, bill.money) }),
      okButtonProps: { danger: true },
      okText: t('bill.void'),
    });
    if (confirmed) setOpen(true);
  };
  return (
    <>
      <Button danger onClick={() => void start()}>
        {t('bill.void')}
      </Button>
      <FormDialog
        title={t('bill.voidTitle', { number: bill.number })}
        open={open}
        onClose={() => setOpen(false)}
        schema={billVoidForm}
        initialValues={{ id: bill.id, reissue: false }}
        okText={t('bill.void')}
        onSubmit={(body) => remove.mutateAsync({ body })}
        onSuccess={(made) =>
          void message.success(
            made.reissued.length > 0 ? t('bill.reissued', { count: made.reissued.length }) : t('bill.voidDone'),
          )
        }
      >
        <Field name="id" hidden>
          <Input />
        </Field>
        <Field name="reason" label={t('bill.voidReason')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Field>
        {bill.contractId !== null && (
          <Field name="reissue" valuePropName="checked" extra={t('bill.reissueHint')}>
            <Checkbox>{t('bill.reissue')}</Checkbox>
          </Field>
        )}
      </FormDialog>
    </>
  );
}

/**
 * The contract's monthly usage statement (PDF) for the bill's month: hours worked per machine per day beside the
 * month's bill lines (docs/decisions/040-revenue-analysis.md).
 */
function StatementButton({ contractId, month }: { contractId: number; month: string }) {
  const { t } = useTranslation('lease-billing');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = { contractId, month };
      const file = await queryClient.fetchQuery({ ...endpointQuery(revenueEndpoints.statement, query), staleTime: 0 });
      saveBase64(file.fileName, file.content, file.mimeType);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void download()}>
      {t('bill.usageStatement')}
    </Button>
  );
}
