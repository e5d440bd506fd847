import { Alert, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { INVOICE_SOURCE } from '@console/contract/codes/invoices';
import type { InvoiceableRow } from '@console/contract/http/invoices';
import { useCodeLabel } from '../../../components/code-label.ts';
import { formatMoney } from '@console/contract/codes/money';
import { totalsByCurrency } from '../money.ts';

type Ref = { source: InvoiceableRow['source']; id: number };
const keyOf = (r: { source: string; sourceId?: number; id?: number }) => `${r.source}:${r.sourceId ?? r.id}`;

/**
 * The paid items to put on the invoice (a form field holding `{ source, id }[]`). The sum shown is a preview: the
 * server totals the items itself.
 */
export function ItemPicker({
  items,
  value = [],
  onChange,
}: {
  items: InvoiceableRow[];
  value?: Ref[];
  onChange?: (value: Ref[]) => void;
}) {
  const { t } = useTranslation('invoices');
  const label = useCodeLabel();
  const chosen = new Set(value.map(keyOf));
  const picked = items.filter((i) => chosen.has(keyOf(i)));
  const issuers = new Set(picked.map((i) => i.issuerName));
  const currencies = new Set(picked.map((i) => i.money.currency.code));
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('request.none')} />;
  return (
    <>
      <Table<InvoiceableRow>
        size="small"
        rowKey={keyOf}
        dataSource={items}
        pagination={items.length > 8 ? { pageSize: 8, size: 'small' } : false}
        rowSelection={{
          selectedRowKeys: [...chosen],
          onChange: (_, rows) => onChange?.(rows.map((r) => ({ source: r.source, id: r.sourceId }))),
        }}
        columns={[
          { key: 'source', title: t('item.source'), render: (_, i) => label(INVOICE_SOURCE, i.source) },
          { key: 'label', title: t('item.label'), dataIndex: 'label' },
          { key: 'issuer', title: t('item.issuer'), dataIndex: 'issuerName' },
          { key: 'paidOn', title: t('item.paidOn'), dataIndex: 'paidOn' },
          {
            key: 'amount',
            title: t('item.amount'),
            align: 'right',
            render: (_, i) => formatMoney(i.amountCents, i.money),
          },
        ]}
      />
      <Typography.Text type="secondary">
        {t('request.selected', {
          count: picked.length,
          // Each currency's sum apart: amounts of two currencies are never added up.
          amount: totalsByCurrency(picked) || formatMoney(0, items[0]!.money),
        })}
      </Typography.Text>
      {issuers.size > 1 && <Alert type="warning" showIcon title={t('request.oneIssuer')} />}
      {currencies.size > 1 && <Alert type="warning" showIcon title={t('request.oneCurrency')} />}
    </>
  );
}
