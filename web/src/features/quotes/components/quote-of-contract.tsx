import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { quoteEndpoints } from '@console/contract/http/quotes';
import { quoteScreens } from '@console/contract/screens/quotes';
import { href } from '@console/contract/screens/screen';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useIsQuoteWriter } from '../api.ts';

/** On a contract's page: the quote it was written from, for those who read quotes (decision 069). */
export function QuoteOfContract({ contractId }: { contractId: number }) {
  const { t } = useTranslation('quotes');
  const reads = useIsQuoteWriter();
  const query = useQuery({ ...endpointQuery(quoteEndpoints.ofContract, { id: contractId }), enabled: reads });
  const quote = query.data?.quote;
  if (!quote) return null;
  return (
    <Alert
      type="info"
      showIcon
      message={
        <>
          {t('detail.quoteOfContract')}{' '}
          <Link to={href(quoteScreens.quoteDetail, { id: quote.id })} data-testid="contract-quote">
            {quote.number}
          </Link>
        </>
      }
    />
  );
}
