import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CHARGE_BILLING, CHARGE_KIND, CHARGE_STATE } from '@console/contract/codes/charges';
import { CHARGE_PRICE_READERS, CHARGE_READERS, CHARGE_WRITERS } from '@console/contract/access/charges';
import { chargeEndpoints, chargeForm, type ChargePriceRow, type ChargeRow } from '@console/contract/http/charges';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { currencyVariablesOf, recordAmountText, recordMoneyText } from '../../../lib/money.ts';
import { useHasRole } from '../../../lib/session.ts';

/** A charge or a bill changes the bills, the ledger, the arrears and the income. */
export const CHARGE_READS = [...readsOf(chargeEndpoints), ...readsOf(billingEndpoints), ...readsOf(revenueEndpoints)];

/**
 * A contract's charges beyond rent (decision 074): each with its kind, price, amount, when it is billed and its
 * state; the company's administrator and staff add one (from the price list or entered with a reason), cancel one
 * before it is billed, or bill one at once.
 */
export function ContractCharges({ contractId }: { contractId: number }) {
  // The operator's people other than finance read contracts, not their money.
  return useHasRole(CHARGE_READERS) ? <ChargesCard contractId={contractId} /> : null;
}

function ChargesCard({ contractId }: { contractId: number }) {
  const { t } = useTranslation('charges');
  const label = useCodeLabel();
  const writes = useHasRole(CHARGE_WRITERS);
  const query = useQuery(endpointQuery(chargeEndpoints.list, { contractId, pageSize: 200 }));
  const list = query.data?.list ?? [];
  return (
    <Card title={t('title')} extra={writes && <AddCharge contractId={contractId} />} data-testid="contract-charges">
      <Table<ChargeRow>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        pagination={false}
        dataSource={list}
        locale={{ emptyText: t('empty') }}
        columns={[
          { key: 'kind', title: t('prices.kind'), render: (_, c) => label(CHARGE_KIND, c.kind) },
          {
            key: 'price',
            title: t('source'),
            render: (_, c) =>
              c.priceName
                ? `${c.priceName}${c.distanceKm !== null ? ` · ${c.distanceKm} km` : ''}${c.quantity > 1 ? ` × ${c.quantity}` : ''}`
                : c.reason,
          },
          { key: 'machine', title: t('machine'), dataIndex: 'serialNumber' },
          {
            key: 'amount',
            title: t('amount', currencyVariablesOf(list[0]?.money)),
            align: 'right',
            render: (_, c) => recordAmountText(c.amountCents, c.money),
          },
          { key: 'billing', title: t('billingWhen'), render: (_, c) => label(CHARGE_BILLING, c.billing) },
          {
            key: 'state',
            title: t('bill'),
            render: (_, c) => (
              <Space>
                <StatusBadge table={CHARGE_STATE} value={c.state} />
                {c.billNumber}
                {c.cancelReason}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, c) => (c.movable ? <ChargeActions charge={c} /> : null),
          },
        ]}
      />
    </Card>
  );
}

function ChargeActions({ charge }: { charge: ChargeRow }) {
  const { t } = useTranslation(['charges', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const cancel = useEndpointMutation(chargeEndpoints.cancel, { invalidates: CHARGE_READS });
  const billNow = useEndpointMutation(chargeEndpoints.billNow, { invalidates: CHARGE_READS });
  return (
    <Space>
      <Button
        size="small"
        loading={billNow.isPending}
        onClick={() =>
          void billNow.mutateAsync({ body: { id: charge.id } }).then(() => message.success(t('billedNow')))
        }
      >
        {t('billNow')}
      </Button>
      <Button size="small" danger onClick={() => setOpen(true)}>
        {t('cancel')}
      </Button>
      <FormDialog
        title={t('cancelTitle')}
        open={open}
        onClose={() => setOpen(false)}
        schema={chargeEndpoints.cancel.body}
        initialValues={{ id: charge.id }}
        onSubmit={(body) => cancel.mutateAsync({ body })}
        onSuccess={() => void message.success(t('cancelled'))}
      >
        <Field name="id" hidden>
          <Input />
        </Field>
        <Field name="reason" label={t('cancelReason')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Field>
      </FormDialog>
    </Space>
  );
}

/** The form adds `source`, which the body does not carry: from the price list or entered. */
const addSchema = chargeForm;

function AddCharge({ contractId }: { contractId: number }) {
  const { t } = useTranslation(['charges', 'common']);
  const { message } = App.useApp();
  const add = useEndpointMutation(chargeEndpoints.create, { invalidates: CHARGE_READS });
  return (
    <FormDialog
      title={t('addTitle')}
      trigger={
        <Button type="primary" data-testid="add-charge">
          {t('add')}
        </Button>
      }
      schema={addSchema}
      initialValues={{ contractId, kind: 'delivery', billing: 'next', quantity: 1 }}
      okText={t('add')}
      onSubmit={(body) => add.mutateAsync({ body: body as z.input<typeof chargeForm> })}
      onSuccess={() => void message.success(t('added'))}
    >
      <ChargeFields />
    </FormDialog>
  );
}

function ChargeFields() {
  const { t } = useTranslation(['charges', 'common']);
  const label = useCodeLabel();
  const form = Form.useFormInstance();
  const kind = Form.useWatch('kind', form) as string | undefined;
  const priceId = Form.useWatch('priceId', form) as number | null | undefined;
  const readsPrices = useHasRole(CHARGE_PRICE_READERS);
  const [source, setSource] = useState<'list' | 'entered'>('list');
  const prices = useQuery({
    ...endpointQuery(chargeEndpoints.priceList, { active: 1, pageSize: 200 }),
    enabled: readsPrices,
  });
  const ofKind = (prices.data?.list ?? []).filter((p) => p.kind === kind);
  const chosen = ofKind.find((p) => p.id === priceId);
  const choose = (next: 'list' | 'entered') => {
    setSource(next);
    form.setFieldsValue(next === 'list' ? { amountCents: null } : { priceId: null, distanceKm: null, quantity: 1 });
  };
  return (
    <>
      <Field name="contractId" hidden>
        <Input />
      </Field>
      <Field name="kind" label={t('prices.kind')}>
        <Select
          options={codeOptions(label, CHARGE_KIND).map((o) => ({ ...o, value: o.value }))}
          onChange={() => form.setFieldsValue({ priceId: null })}
        />
      </Field>
      <Form.Item label={t('source')}>
        <Radio.Group value={source} onChange={(e) => choose(e.target.value as 'list' | 'entered')}>
          <Radio value="list">{t('fromList')}</Radio>
          <Radio value="entered">{t('entered')}</Radio>
        </Radio.Group>
      </Form.Item>
      {source === 'list' ? (
        <>
          <Field name="priceId" label={t('price')}>
            <Select
              data-testid="charge-price"
              options={ofKind.map((p) => ({ value: p.id, label: priceLabel(p, t) }))}
              allowClear
            />
          </Field>
          {chosen?.pricing === 'distance' ? (
            <Field name="distanceKm" label={t('distanceKm')}>
              <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
            </Field>
          ) : (
            <Field name="quantity" label={t('quantity')}>
              <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} />
            </Field>
          )}
        </>
      ) : (
        <Field
          name="amountCents"
          label={t('amount', currencyVariablesOf(ofKind[0]?.money ?? prices.data?.list[0]?.money))}
          getValueProps={(v: number | null) => ({ value: typeof v === 'number' ? v / 100 : v })}
          normalize={(v: number | null) => (typeof v === 'number' ? Math.round(v * 100) : v)}
        >
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Field>
      )}
      <Field name="reason" label={t('reason')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
      <Field name="billing" label={t('billingWhen')}>
        <Radio.Group options={codeOptions(label, CHARGE_BILLING)} />
      </Field>
    </>
  );
}

function priceLabel(p: ChargePriceRow, t: (key: 'bandText', o: Record<string, string | number>) => string): string {
  if (p.pricing === 'fixed') return `${p.name} · ${recordMoneyText(p.cents ?? 0, p.money)}`;
  return `${p.name} · ${p.bands.map((b) => t('bandText', { km: b.uptoKm, price: recordMoneyText(b.cents, p.money) })).join('; ')}`;
}
