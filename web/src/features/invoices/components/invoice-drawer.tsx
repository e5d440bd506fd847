import { Descriptions, Drawer, Table, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICE_SOURCE } from '@console/contract/codes/invoices';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { useCodeLabel } from '../../../components/code-label.ts';
import { formatMoney } from '@console/contract/codes/money';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useInvoiceFields } from '../fields.tsx';
import { DownloadButton } from './download-button.tsx';
import { InvoiceActions } from './invoice-actions.tsx';

/** An invoice: its information, the paid items it covers and its timeline (with each file it was issued with). */
export function InvoiceDrawer({ invoiceId, onClose }: { invoiceId: number | null; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const label = useCodeLabel();
  const fields = useInvoiceFields();
  const query = useQuery({ ...endpointQuery(invoiceEndpoints.detail, { id: invoiceId ?? 0 }), enabled: !!invoiceId });
  return (
    <Drawer
      open={invoiceId !== null}
      onClose={onClose}
      width={820}
      title={query.data ? `${t('detail.title')} ${query.data.invoice.number}` : t('detail.title')}
      extra={query.data && <InvoiceActions invoice={query.data.invoice} />}
    >
      <QueryState query={query}>
        {({ invoice, items, events }) => (
          <>
            <Descriptions
              column={2}
              bordered
              size="small"
              items={fields.descriptions(invoice, [
                'number',
                'state',
                'tenantName',
                'issuerName',
                'applicantName',
                'invoiceType',
                'taxRate',
                'title',
                'taxNumber',
                'contact',
                'phone',
                'address',
                'bank',
                'account',
                'totalCents',
                'taxCents',
                'currency',
                'fileUrl',
                'note',
                'requestedAt',
                'issuedAt',
              ])}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('detail.items')}
            </Typography.Title>
            <Table
              rowKey={(i) => `${i.source}:${i.sourceId}`}
              size="small"
              pagination={false}
              dataSource={items}
              columns={[
                { key: 'source', title: t('item.source'), render: (_, i) => label(INVOICE_SOURCE, i.source) },
                { key: 'label', title: t('item.label'), dataIndex: 'label' },
                { key: 'paidOn', title: t('item.paidOn'), dataIndex: 'paidOn' },
                {
                  key: 'amount',
                  title: t('item.amount'),
                  align: 'right',
                  render: (_, i) => formatMoney(i.amountCents, i.money),
                },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('detail.timeline')}
            </Typography.Title>
            <Timeline
              items={events.map((e) => ({
                key: e.id,
                color: e.event === 'withdrawn' ? 'gray' : e.event === 'requested' ? 'blue' : 'green',
                children: (
                  <>
                    <Typography.Text strong>{t(`event.${e.event}`)}</Typography.Text> · {e.byName} · {e.at}
                    {e.reason && <div>{t('detail.reason', { reason: e.reason })}</div>}
                    {e.fileUrl && <DownloadButton url={e.fileUrl} name={`${invoice.number}-${e.id}`} />}
                  </>
                ),
              }))}
            />
          </>
        )}
      </QueryState>
    </Drawer>
  );
}
