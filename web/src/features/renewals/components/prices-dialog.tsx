import { useState } from 'react';
import { App, Button, Modal, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type MoneyFormat } from '@console/contract/codes/money';
import { RENEWAL_ITEM_KINDS, RENEWAL_MONTHS, type RenewalItemKind } from '@console/contract/codes/renewals';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { RENEWAL_READS } from '../api.ts';

type Prices = Record<string, number | null>;
const keyOf = (currency: string, kind: RenewalItemKind, months: number) => `${currency}:${kind}:${months}`;

/**
 * The renewal price lists: per machine and per SIM card for each period, one list per currency a brand bills in
 * (a company pays from its brand's), in currency units on screen and cents on the wire. Everyone who renews reads the
 * lists of the currencies they pay or sell in; the operator's finance and company administrator change them (an
 * empty price is a period no longer offered in that currency).
 */
export function PricesDialog() {
  const { t } = useTranslation(['renewals', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Prices>({});
  const prices = useQuery(endpointQuery(renewalEndpoints.prices, {}));
  const save = useEndpointMutation(renewalEndpoints.savePrices, { invalidates: RENEWAL_READS });
  const editable = prices.data?.editable ?? false;
  const currencies = prices.data?.currencies ?? [];
  const current: Prices = Object.fromEntries(
    (prices.data?.list ?? []).map((p) => [keyOf(p.currency, p.kind, p.months), p.priceCents]),
  );
  const show = () => {
    setDraft(current);
    setOpen(true);
  };
  const submit = async () => {
    const body = {
      prices: currencies.flatMap(({ currency }) =>
        RENEWAL_ITEM_KINDS.flatMap((kind) =>
          RENEWAL_MONTHS.map((months) => ({
            currency: currency.code,
            kind,
            months,
            priceCents: draft[keyOf(currency.code, kind, months)] || null,
          })),
        ),
      ),
    };
    await save.mutateAsync({ body });
    void message.success(t('prices.saved'));
    setOpen(false);
  };
  const cell = (money: MoneyFormat, kind: RenewalItemKind, months: number) => {
    const key = keyOf(money.currency.code, kind, months);
    if (!editable) return current[key] ? formatMoney(current[key], money) : t('prices.notOffered');
    return (
      <YuanInput
        aria-label={`${money.currency.code} ${t(`kind.${kind}`)} ${t('renew.monthCount', { count: months })}`}
        prefix={money.currency.symbol}
        value={draft[key] ?? null}
        onChange={(cents) => setDraft({ ...draft, [key]: cents })}
        placeholder={t('prices.notOffered')}
      />
    );
  };
  const list = (money: MoneyFormat) => (
    <Table
      rowKey="months"
      size="small"
      pagination={false}
      dataSource={RENEWAL_MONTHS.map((months) => ({ months }))}
      columns={[
        { key: 'months', title: t('renew.months'), render: (_, r) => t('renew.monthCount', { count: r.months }) },
        ...RENEWAL_ITEM_KINDS.map((kind) => ({
          key: kind,
          title: `${t(`kind.${kind}`)} (${money.currency.code})`,
          render: (_: unknown, r: { months: number }) => cell(money, kind, r.months),
        })),
      ]}
    />
  );
  return (
    <>
      <Button onClick={show}>{t('prices.title')}</Button>
      <Modal
        title={t('prices.title')}
        open={open}
        onCancel={() => setOpen(false)}
        mask={{ closable: false }}
        okText={t('common:save')}
        onOk={() => void submit()}
        okButtonProps={{ loading: save.isPending }}
        // A reader who may not change the lists gets only Close: antd's button sets its own display, so a
        // `hidden` Save would still show (and answer "no permission").
        cancelText={editable ? undefined : t('common:close')}
        footer={editable ? undefined : (_, { CancelBtn }) => <CancelBtn />}
        width={620}
      >
        {currencies.length === 1 ? (
          list(currencies[0]!)
        ) : (
          // One list per currency a brand bills in; all are saved together.
          <Tabs
            items={currencies.map((money) => ({
              key: money.currency.code,
              label: t('prices.currencyTab', { currency: money.currency.code }),
              forceRender: true,
              children: list(money),
            }))}
          />
        )}
      </Modal>
    </>
  );
}
