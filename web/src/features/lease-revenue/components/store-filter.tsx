import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** The stores the user sees, as filter options (text values, as the URL holds them). */
export function useStoreOptions() {
  const query = useQuery({ ...endpointQuery(partyEndpoints.storeList, { pageSize: 200 }), staleTime: 60_000 });
  return (query.data?.list ?? []).map((s) => ({ value: String(s.id), label: s.name }));
}

/** A list filter on the store of the contract. */
export function StoreFilter(props: { value?: string; onChange?: (value: string | undefined) => void }) {
  const { t } = useTranslation('lease-revenue');
  return <FilterSelect width={180} placeholder={t('filters.allStores')} options={useStoreOptions()} {...props} />;
}
