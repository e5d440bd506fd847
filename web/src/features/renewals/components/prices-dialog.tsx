import { useState } from 'react';
import { App, Button, Modal, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RENEWAL_ITEM_KINDS, RENEWAL_MONTHS, type RenewalItemKind } from '@console/contract/codes/renewals';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { amountText } from '../../../lib/money.ts';
import { YuanInput } from '../../../components/yuan-input.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { RENEWAL_READS } from '../api.ts';

type Prices = Record<string, number | null>;
const keyOf = (kind: RenewalItemKind, months: number) => `${kind}:${months}`;

/**
 * The renewal price list: per machine and per SIM card for each period, in yuan on screen and cents on the wire.
 * Everyone who renews reads it; the operator's finance and company administrator change it (an empty price is a
 * period no longer offered).
 */
export function PricesDialog() {
  const { t } = useTranslation(['renewals', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Prices>({});
  const prices = useQuery(endpointQuery(renewalEndpoints.prices, {}));
  const save = useEndpointMutation(renewalEndpoints.savePrices, { invalidates: RENEWAL_READS });
  const editable = prices.data?.editable ?? false;
  const current: Prices = Object.fromEntries(
    (prices.data?.list ?? []).map((p) => [keyOf(p.kind, p.months), p.priceCents]),
  );
  const show = () => {
    setDraft(current);
    setOpen(true);
  };
  const submit = async () => {
    const body = {
      prices: RENEWAL_ITEM_KINDS.flatMap((kind) =>
        RENEWAL_MONTHS.map((months) => ({ kind, months, priceCents: draft[keyOf(kind, months)] || null })),
      ),
    };
    await save.mutateAsync({ body });
    void message.success(t('prices.saved'));
    setOpen(false);
  };
  const cell = (kind: RenewalItemKind, months: number) => {
    const key = keyOf(kind, months);
    if (!editable) return current[key] ? amountText(current[key]) : t('prices.notOffered');
    return (
      <YuanInput
        aria-label={`${t(`kind.${kind}`)} ${t('renew.monthCount', { months })}`}
        value={draft[key] ?? null}
        onChange={(cents) => setDraft({ ...draft, [key]: cents })}
        placeholder={t('prices.notOffered')}
      />
    );
  };
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
        okButtonProps={{ hidden: !editable, loading: save.isPending }}
        width={620}
      >
        <Table
          rowKey="months"
          size="small"
          pagination={false}
          dataSource={RENEWAL_MONTHS.map((months) => ({ months }))}
          columns={[
            { key: 'months', title: t('renew.months'), render: (_, r) => t('renew.monthCount', { months: r.months }) },
            ...RENEWAL_ITEM_KINDS.map((kind) => ({
              key: kind,
              title: t('common:moneyTitle', { title: t(`kind.${kind}`) }),
              render: (_: unknown, r: { months: number }) => cell(kind, r.months),
            })),
          ]}
        />
      </Modal>
    </>
  );
}
