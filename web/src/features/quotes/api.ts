import { QUOTE_WRITERS } from '@console/contract/access/quotes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { quoteEndpoints } from '@console/contract/http/quotes';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useHasRole } from '../../lib/session.ts';

/** A quote's move may write a contract draft: every read of quotes and contracts is refreshed after a write. */
export const QUOTE_READS = [...readsOf(quoteEndpoints), ...readsOf(leaseContractEndpoints)];

/** May the signed-in user write quotes (the lessor's 5, 6, 10)? The server decides which ones. */
export const useIsQuoteWriter = () => useHasRole(QUOTE_WRITERS);

/** A percentage typed in the form (one decimal) to basis points on the wire, and back. */
export const percentToBp = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? 0 : Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;
