import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { invoiceScreens } from '@console/contract/screens/invoices';
import { ListPage } from '../../../components/list-page.tsx';
import { usePageSearch, useScreenQuery } from '../../../lib/screen-query.ts';
import { useIsInvoiceRequester } from '../api.ts';
import { InvoiceActions } from '../components/invoice-actions.tsx';
import { InvoiceDrawer } from '../components/invoice-drawer.tsx';
import { RequestDialog } from '../components/request-dialog.tsx';
import { useInvoiceFields } from '../fields.tsx';

/**
 * /financeCenter/invoiceMng: one page for both sides, scoped by the server to the reader: a company's own requests
 * (it asks for invoices here) and the queue of those its organisation issues; one opens with its items and timeline.
 */
export function InvoicesPage() {
  const { t } = useTranslation(['invoices', 'common']);
  const fields = useInvoiceFields();
  const { query, update } = useScreenQuery(invoiceScreens.invoiceMng);
  const search = usePageSearch();
  const requester = useIsInvoiceRequester();
  return (
    <Card>
      {search.params.get('toIssue') === '1' && (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          showIcon
          title={t('list.toIssueOnly')}
          action={
            <Button size="small" onClick={() => search.update({ toIssue: undefined })}>
              {t('list.showAll')}
            </Button>
          }
        />
      )}
      <ListPage
        area="invoices"
        resource="list"
        endpoint={invoiceEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('list.exportName')}
        filters={fields.filters(['state', 'orgId', 'from', 'to', 'keyword'])}
        toolbar={requester && <RequestDialog onRequested={(id) => update({ id })} />}
        columns={[
          ...fields.columns(
            [
              'number',
              'tenantName',
              'applicantName',
              'issuerName',
              'taxNumber',
              'contact',
              'phone',
              'address',
              'invoiceType',
              'taxRate',
              'title',
              'itemCount',
              'totalCents',
              'taxCents',
              'currency',
              'state',
              'fileUrl',
              'requestedAt',
              'issuedAt',
              'bank',
              'account',
              'note',
            ],
            {
              number: {
                render: (_, row) => (
                  <Button type="link" size="small" onClick={() => update({ id: row.id })}>
                    {row.number}
                  </Button>
                ),
              },
            },
          ),
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_, row) => <InvoiceActions invoice={row} />,
          },
        ]}
      />
      <InvoiceDrawer invoiceId={query.id ?? null} onClose={() => update({ id: undefined })} />
    </Card>
  );
}
