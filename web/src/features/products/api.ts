import { useQuery } from '@tanstack/react-query';
import { productEndpoints } from '@console/contract/http/products';
import { LEASE_PRICE_READERS, PRODUCT_WRITERS, LEASE_PRICE_WRITERS } from '@console/contract/access/products';
import { endpointQuery, readsOf } from '../../lib/endpoint-query.ts';
import { useHasRole } from '../../lib/session.ts';

/** Everything price configuration shows: a change re-reads it. */
export const PRODUCT_READS = readsOf(productEndpoints);

export const useIsProductWriter = () => useHasRole(PRODUCT_WRITERS);
export const useIsLeasePriceWriter = () => useHasRole(LEASE_PRICE_WRITERS);

/**
 * The lease price list's price of a model under a business model, for the contract form's default (decision 049):
 * null when the list has none (or the user does not read the list).
 */
export function useLeasePriceDefault(): (
  modelId: number | null | undefined,
  businessModel: number | undefined,
) => {
  dayCents: number | null;
  monthCents: number | null;
} | null {
  const reader = useHasRole(LEASE_PRICE_READERS);
  const list = useQuery({
    ...endpointQuery(productEndpoints.leasePrices, { page: 1, pageSize: 200 }),
    enabled: reader,
  });
  return (modelId, businessModel) => {
    const found = list.data?.list.find((p) => p.modelId === modelId && p.businessModel === businessModel);
    return found ? { dayCents: found.dayCents, monthCents: found.monthCents } : null;
  };
}
