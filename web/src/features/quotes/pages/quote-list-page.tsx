import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { quoteEndpoints as api } from '@console/contract/http/quotes';
import { quoteScreens } from '@console/contract/screens/quotes';
import { href } from '@console/contract/screens/screen';
import { ListPage } from '../../../components/list-page.tsx';
import { useIsQuoteWriter } from '../api.ts';
import { QuoteSettings } from '../components/quote-settings.tsx';
import { QUOTE_LIST_COLUMNS, useQuoteFields } from '../fields.tsx';

/** /leaseCenter/quoteMng: the quotes the person sees, by state and filters, with the moves of each. */
export function QuoteListPage() {
  const { t } = useTranslation(['quotes', 'common']);
  const fields = useQuoteFields();
  const writer = useIsQuoteWriter();
  return (
    <ListPage
      area="quotes"
      resource="list"
      endpoint={api.list}
      rowKey="id"
      title={t('list.title')}
      exportName={t('list.exportName')}
      filters={fields.filters(['keyword', 'state', 'startFrom', 'startTo'])}
      columns={[
        ...fields.columns(QUOTE_LIST_COLUMNS, { number: { fixed: 'left' } }),
        {
          key: 'actions',
          title: t('common:actions'),
          noExport: true,
          fixed: 'right',
          render: (_: unknown, row) =>
            row.state === 'draft' && writer ? (
              <Link to={href(quoteScreens.addQuote, { id: row.id })}>{t('detail.edit')}</Link>
            ) : null,
        },
      ]}
      toolbar={
        writer && (
          <Space>
            <QuoteSettings />
            <Link to={href(quoteScreens.addQuote)}>
              <Button type="primary" icon={<PlusOutlined />} data-testid="new-quote">
                {t('list.add')}
              </Button>
            </Link>
          </Space>
        )
      }
    />
  );
}
