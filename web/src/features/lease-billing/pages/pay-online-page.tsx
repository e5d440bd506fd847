import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@console/contract/codes/money';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import {
  ONLINE_PAYERS,
  onlinePaymentEndpoints,
  type OnlinePaymentRow,
  type OnlinePaymentState,
} from '@console/contract/http/online-payments';
import { ListPage } from '../../../components/list-page.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currencyVariablesOf, recordMoneyText } from '../../../lib/money.ts';
import { useSession } from '../../../lib/session.ts';
import { BILLING_READS } from '../api.ts';
import { BillDrawer } from '../components/bill-drawer.tsx';
import { useBillFields } from '../fields.tsx';

const STATE_COLOR: Record<OnlinePaymentState, string> = {
  charging: 'processing',
  paid: 'success',
  refused: 'error',
  cancelled: 'default',
  closed: 'warning',
  abnormal: 'error',
};

/** A payment's change refreshes the bills, the statement, the receipts and the arrears as a receipt does. */
const PAY_READS = [...BILLING_READS, ...readsOf(onlinePaymentEndpoints)];

/** The renter's open bills: pick some, pay what they owe or less, on the provider's page. */
function PayBills({ onOpenBill }: { onOpenBill: (id: number) => void }) {
  const { t } = useTranslation('lease-billing');
  const fields = useBillFields();
  const bills = useQuery(endpointQuery(billingEndpoints.billList, { unpaid: 1, pageSize: 200 }));
  const [chosen, setChosen] = useState<number[]>([]);
  const [amount, setAmount] = useState<number | null>(null);
  const [opened, setOpened] = useState<{ payUrl: string; reference: string } | null>(null);
  const create = useEndpointMutation(onlinePaymentEndpoints.create, { invalidates: PAY_READS });
  const rows = (bills.data?.list ?? []).filter((b) => b.state === 'open' || b.state === 'partlyPaid');
  const picked = rows.filter((b) => chosen.includes(b.id));
  const owed = picked.reduce((s, b) => s + b.unpaidCents, 0);
  const money = picked[0]?.money ?? rows[0]?.money;
  const unit = money ? currencyVariablesOf(money) : { currency: '' };
  const pay = async () => {
    const made = await create.mutateAsync({
      body: { billIds: chosen, ...(amount !== null && amount < owed ? { amountCents: amount } : {}) },
    });
    setOpened({ payUrl: made.payUrl, reference: made.payment.reference });
    setChosen([]);
    setAmount(null);
    // On to the provider's page, as the shop's payments go; it sends the payer back here.
    window.location.assign(made.payUrl);
  };
  return (
    <Card title={t('payOnline.openBills')} style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('payOnline.howItWorks')} />
        <Table
          rowKey="id"
          size="small"
          loading={bills.isLoading}
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: t('payOnline.nothingOwed') }}
          rowSelection={{
            selectedRowKeys: chosen,
            onChange: (keys) => {
              setChosen(keys.map(Number));
              setAmount(null);
            },
            // One payment pays the bills of one rental company.
            getCheckboxProps: (b) => ({
              disabled: picked.length > 0 && picked[0]!.lessorName !== b.lessorName,
              name: b.number,
            }),
          }}
          columns={[
            ...fields.columns(['number', 'lessorName', 'dueOn', 'amountCents', 'unpaidCents', 'state', 'daysOverdue'], {
              amountCents: { title: t('bill.amount', unit), render: (_, b) => formatAmount(b.amountCents, b.money) },
              unpaidCents: { title: t('bill.unpaid', unit), render: (_, b) => formatAmount(b.unpaidCents, b.money) },
            }),
            {
              key: 'open',
              title: '',
              render: (_, b) => (
                <Button type="link" size="small" onClick={() => onOpenBill(b.id)}>
                  {t('ledger.openBill')}
                </Button>
              ),
            },
          ]}
        />
        <Space wrap>
          <Typography.Text data-testid="pay-owed">
            {t('payOnline.owed', unit)}: {money ? formatAmount(owed, money) : '0'}
          </Typography.Text>
          <YuanInput
            aria-label={t('payOnline.amount', unit)}
            placeholder={t('payOnline.amountPlaceholder')}
            value={amount}
            onChange={(v) => setAmount(v ?? null)}
            min={0.01}
            disabled={chosen.length === 0}
            style={{ width: 200 }}
          />
          <Button
            type="primary"
            disabled={chosen.length === 0 || (amount !== null && (amount <= 0 || amount > owed))}
            loading={create.isPending}
            onClick={() => void pay()}
          >
            {t('payOnline.pay')}
          </Button>
        </Space>
        {amount !== null && amount > owed && <Alert type="error" showIcon message={t('payOnline.overOwed')} />}
        {amount !== null && amount > 0 && amount < owed && (
          <Alert type="warning" showIcon message={t('payOnline.partHint')} />
        )}
        {opened && (
          <Alert
            type="success"
            showIcon
            message={t('payOnline.opened', { reference: opened.reference })}
            action={
              <Button size="small" href={opened.payUrl}>
                {t('payOnline.goPay')}
              </Button>
            }
          />
        )}
      </Space>
    </Card>
  );
}

/**
 * /financeCenter/payOnline (decision 077): a renter's user pays some of its open bills through the mobile payment
 * provider and follows its payments (paid, part paid, refused, timed out); the rental company's people follow their
 * renters' payments. A paid payment is a receipt in the repayment history.
 */
export function PayOnlinePage() {
  const { t } = useTranslation(['lease-billing', 'common']);
  const { roleId } = useSession();
  const payer = (ONLINE_PAYERS as readonly number[]).includes(roleId);
  const [billId, setBillId] = useState<number | null>(null);
  const [checking, setChecking] = useState<number | null>(null);
  const check = useEndpointMutation(onlinePaymentEndpoints.check, { invalidates: PAY_READS });
  const explain = (p: OnlinePaymentRow) =>
    p.state === 'paid' && p.amountCents < p.owedCents ? t('payOnline.explain.part') : t(`payOnline.explain.${p.state}`);
  return (
    <>
      {payer && <PayBills onOpenBill={setBillId} />}
      <ListPage
        area="lease-billing"
        resource="online-payments"
        endpoint={onlinePaymentEndpoints.list}
        rowKey="id"
        title={t('payOnline.title')}
        columns={[
          { key: 'reference', dataIndex: 'reference', title: t('payOnline.reference') },
          { key: 'renterName', dataIndex: 'renterName', title: t('payOnline.renter'), defaultHidden: payer },
          {
            key: 'bills',
            title: t('payOnline.bills'),
            render: (_, p) => p.bills.map((b) => b.number).join(', '),
            exportValue: (p) => p.bills.map((b) => b.number).join(', '),
          },
          {
            key: 'amountCents',
            title: t('payOnline.amountPaid'),
            // Each payment in its own currency, its symbol written: the list may hold more than one.
            render: (_, p) => recordMoneyText(p.amountCents, p.money),
            exportValue: (p) => recordMoneyText(p.amountCents, p.money),
          },
          {
            key: 'owedCents',
            title: t('payOnline.owedWhenOpened'),
            render: (_, p) => recordMoneyText(p.owedCents, p.money),
            exportValue: (p) => recordMoneyText(p.owedCents, p.money),
          },
          {
            key: 'state',
            title: t('payOnline.stateTitle'),
            render: (_, p) => (
              <Space direction="vertical" size={0}>
                <Tag color={STATE_COLOR[p.state]} data-testid={`payment-state-${p.reference}`}>
                  {t(`payOnline.state.${p.state}`)}
                </Tag>
                <Typography.Text type="secondary">{explain(p)}</Typography.Text>
              </Space>
            ),
            exportValue: (p) => t(`payOnline.state.${p.state}`),
          },
          { key: 'createdAt', dataIndex: 'createdAt', title: t('payOnline.createdAt') },
          { key: 'settledAt', dataIndex: 'settledAt', title: t('payOnline.settledAt') },
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, p) =>
              p.state === 'charging' && (
                <Space>
                  {payer && (
                    <Button type="link" size="small" href={p.payUrl}>
                      {t('payOnline.goPay')}
                    </Button>
                  )}
                  <Button
                    type="link"
                    size="small"
                    loading={check.isPending && checking === p.id}
                    onClick={() => {
                      setChecking(p.id);
                      check.mutate({ body: { id: p.id } });
                    }}
                  >
                    {t('payOnline.check')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <BillDrawer billId={billId} onClose={() => setBillId(null)} />
    </>
  );
}
