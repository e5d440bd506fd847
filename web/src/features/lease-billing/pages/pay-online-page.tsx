import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@console/contract/codes/money';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { depositEndpoints, type DepositRow } from '@console/contract/http/deposits';
import { DEPOSIT_STATE } from '@console/contract/lease/deposits';
import {
  LATE_MONEY_REFUNDERS,
  ONLINE_PAYERS,
  onlinePaymentEndpoints,
  type LateMoneyState,
  type OnlinePaymentRow,
  type OnlinePaymentState,
} from '@console/contract/http/online-payments';
import { useCodeLabel } from '../../../components/code-label.ts';
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

const LATE_COLOR: Record<LateMoneyState, string> = { refunding: 'processing', refunded: 'success', refused: 'error' };

/** A payment's change refreshes the bills, the statement, the receipts, the arrears and the deposits. */
const PAY_READS = [...BILLING_READS, ...readsOf(onlinePaymentEndpoints), ...readsOf(depositEndpoints)];

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
 * The renter's deposits still to be received (requested or partly received), beside its bills: pick one, pay what it
 * still asks or less, on the provider's page (decision 073's online receipt).
 */
function PayDeposits() {
  const { t } = useTranslation('lease-billing');
  const label = useCodeLabel();
  const requested = useQuery(endpointQuery(depositEndpoints.list, { state: 'requested', pageSize: 100 }));
  const partly = useQuery(endpointQuery(depositEndpoints.list, { state: 'partlyReceived', pageSize: 100 }));
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const create = useEndpointMutation(onlinePaymentEndpoints.create, { invalidates: PAY_READS });
  const rows: DepositRow[] = [...(partly.data?.list ?? []), ...(requested.data?.list ?? [])].sort(
    (a, b) => a.id - b.id,
  );
  const picked = rows.find((d) => d.id === chosen);
  const owed = picked?.outstandingCents ?? 0;
  const unit = picked ? currencyVariablesOf(picked.money) : { currency: '' };
  const money = (cents: number, d: DepositRow) => formatAmount(cents, d.money);
  const pay = async () => {
    if (!picked) return;
    const made = await create.mutateAsync({
      body: { depositId: picked.id, ...(amount !== null && amount < owed ? { amountCents: amount } : {}) },
    });
    setChosen(null);
    setAmount(null);
    window.location.assign(made.payUrl);
  };
  return (
    <Card title={t('payOnline.deposits')} style={{ marginBottom: 16 }} data-testid="pay-deposits">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('payOnline.depositsHow')} />
        <Table<DepositRow>
          rowKey="id"
          size="small"
          loading={requested.isLoading || partly.isLoading}
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: t('payOnline.noDeposits') }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: chosen === null ? [] : [chosen],
            onChange: (keys) => {
              setChosen(keys.length > 0 ? Number(keys[0]) : null);
              setAmount(null);
            },
            getCheckboxProps: (d) => ({ name: d.number }),
          }}
          columns={[
            { key: 'number', dataIndex: 'number', title: t('payOnline.depositNumber') },
            { key: 'contractNumber', dataIndex: 'contractNumber', title: t('payOnline.contract') },
            { key: 'lessorName', dataIndex: 'lessorName', title: t('payOnline.lessor') },
            { key: 'amountCents', title: t('payOnline.depositAmount'), render: (_, d) => money(d.amountCents, d) },
            {
              key: 'receivedCents',
              title: t('payOnline.depositReceived'),
              render: (_, d) => money(d.receivedCents, d),
            },
            {
              key: 'outstandingCents',
              title: t('payOnline.depositOutstanding'),
              render: (_, d) => money(d.outstandingCents, d),
            },
            { key: 'state', title: t('payOnline.stateTitle'), render: (_, d) => label(DEPOSIT_STATE, d.state) },
          ]}
        />
        <Space wrap>
          <Typography.Text data-testid="pay-deposit-owed">
            {t('payOnline.depositOwed', unit)}: {picked ? formatAmount(owed, picked.money) : '0'}
          </Typography.Text>
          <YuanInput
            aria-label={t('payOnline.depositPayAmount', unit)}
            placeholder={t('payOnline.depositAmountPlaceholder')}
            value={amount}
            onChange={(v) => setAmount(v ?? null)}
            min={0.01}
            disabled={!picked}
            style={{ width: 200 }}
          />
          <Button
            type="primary"
            disabled={!picked || (amount !== null && (amount <= 0 || amount > owed))}
            loading={create.isPending}
            onClick={() => void pay()}
          >
            {t('payOnline.payDeposit')}
          </Button>
        </Space>
        {amount !== null && amount > owed && <Alert type="error" showIcon message={t('payOnline.depositOverOwed')} />}
        {amount !== null && amount > 0 && amount < owed && (
          <Alert type="warning" showIcon message={t('payOnline.depositPartHint')} />
        )}
      </Space>
    </Card>
  );
}

/** What a payment pays: its bills' numbers, or its deposit's. */
const paysText = (p: OnlinePaymentRow, deposit: string) =>
  p.deposit ? `${deposit} ${p.deposit.number}` : p.bills.map((b) => b.number).join(', ');

/**
 * /financeCenter/payOnline (decision 077): a renter's user pays some of its open bills through the mobile payment
 * provider, and its deposits still to be received beside them, and follows its payments (paid, part paid, refused,
 * timed out); the rental company's people follow their renters' payments. A paid payment is a receipt in the
 * repayment history (a deposit's, the deposit's receipt).
 */
export function PayOnlinePage() {
  const { t } = useTranslation(['lease-billing', 'common']);
  const { roleId } = useSession();
  const payer = (ONLINE_PAYERS as readonly number[]).includes(roleId);
  const [billId, setBillId] = useState<number | null>(null);
  const [checking, setChecking] = useState<number | null>(null);
  const check = useEndpointMutation(onlinePaymentEndpoints.check, { invalidates: PAY_READS });
  const refunder = (LATE_MONEY_REFUNDERS as readonly number[]).includes(roleId);
  const refundLate = useEndpointMutation(onlinePaymentEndpoints.refundLate, { invalidates: PAY_READS });
  /** Money the provider took after the payment was settled here without a receipt: what and how it was refunded. */
  const lateText = (p: OnlinePaymentRow) => {
    const l = p.lateMoney;
    if (!l) return '';
    const what = t('payOnline.late.reported', { amount: recordMoneyText(l.amountCents, p.money), at: l.reportedAt });
    const how =
      l.state === 'refunded'
        ? t('payOnline.late.refundedText', {
            at: l.refundedAt,
            by: l.refundedByName || t('payOnline.late.byServer'),
          })
        : l.state === 'refused'
          ? t('payOnline.late.refusedText', { error: l.error })
          : t('payOnline.late.refundingText');
    return `${what}; ${how}`;
  };
  const explain = (p: OnlinePaymentRow) =>
    p.state === 'paid' && p.deposit
      ? t(p.amountCents < p.owedCents ? 'payOnline.explain.depositPart' : 'payOnline.explain.deposit')
      : p.state === 'paid' && p.amountCents < p.owedCents
        ? t('payOnline.explain.part')
        : t(`payOnline.explain.${p.state}`);
  return (
    <>
      {payer && <PayBills onOpenBill={setBillId} />}
      {payer && <PayDeposits />}
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
            title: t('payOnline.pays'),
            render: (_, p) => paysText(p, t('payOnline.depositWord')),
            exportValue: (p) => paysText(p, t('payOnline.depositWord')),
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
          {
            key: 'lateMoney',
            title: t('payOnline.late.title'),
            render: (_, p) =>
              p.lateMoney && (
                <Space direction="vertical" size={0}>
                  <Tag color={LATE_COLOR[p.lateMoney.state]} data-testid={`late-money-${p.reference}`}>
                    {t(`payOnline.late.state.${p.lateMoney.state}`)}
                  </Tag>
                  <Typography.Text type="secondary">{lateText(p)}</Typography.Text>
                  {refunder && p.lateMoney.state !== 'refunded' && (
                    <Button
                      type="link"
                      size="small"
                      loading={refundLate.isPending}
                      onClick={() => refundLate.mutate({ body: { id: p.id } })}
                    >
                      {t('payOnline.late.retry')}
                    </Button>
                  )}
                </Space>
              ),
            exportValue: (p) =>
              p.lateMoney ? `${t(`payOnline.late.state.${p.lateMoney.state}`)}: ${lateText(p)}` : '',
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
