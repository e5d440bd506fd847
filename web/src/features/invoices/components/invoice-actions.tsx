import { App, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { invoiceEndpoints, type InvoiceRow } from '@console/contract/http/invoices';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { INVOICE_READS } from '../api.ts';
import { IssueDialog } from './issue-dialog.tsx';

/**
 * What the user may do with an invoice now (the server answers which: `actions`), and why a request cannot be
 * issued while an item is no longer paid (`unpaidItems`: the server refuses to issue it).
 */
export function InvoiceActions({ invoice }: { invoice: InvoiceRow }) {
  const { t } = useTranslation('invoices');
  const { message } = App.useApp();
  const withdraw = useEndpointMutation(invoiceEndpoints.withdraw, { invalidates: INVOICE_READS });
  const can = (action: InvoiceRow['actions'][number]) => invoice.actions.includes(action);
  const unpaid = invoice.unpaidItems.length > 0 && (
    <Typography.Text type="warning" data-testid="invoice-unpaid">
      {t('issue.unpaid', { labels: invoice.unpaidItems.join(', ') })}
    </Typography.Text>
  );
  if (invoice.actions.length === 0) return unpaid || null;
  return (
    <Space size={0} wrap>
      {unpaid}
      {can('issue') && <IssueDialog invoice={invoice} trigger={<Button type="link">{t('issue.action')}</Button>} />}
      {can('replaceFile') && (
        <IssueDialog invoice={invoice} replace trigger={<Button type="link">{t('issue.replace')}</Button>} />
      )}
      {can('withdraw') && (
        <ConfirmButton
          type="link"
          danger
          title={t('withdraw.confirm', { number: invoice.number })}
          onConfirm={async () => {
            await withdraw.mutateAsync({ body: { id: invoice.id } });
            void message.success(t('withdraw.done'));
          }}
        >
          {t('withdraw.action')}
        </ConfirmButton>
      )}
    </Space>
  );
}
