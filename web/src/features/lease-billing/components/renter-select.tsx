import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** The renters whose bills the user sees (a renter's user: itself). */
function useRenterOptions() {
  const query = useQuery({ ...endpointQuery(billingEndpoints.renters, {}), staleTime: 60_000 });
  return (query.data?.list ?? []).map((r) => ({ value: r.id, label: r.name, arrearsCents: r.arrearsCents }));
}

/** A list filter on the renter (text values, as the URL holds them). */
export function RenterFilter(props: { value?: string; onChange?: (value: string | undefined) => void }) {
  const { t } = useTranslation('lease-billing');
  const options = useRenterOptions().map((o) => ({ value: String(o.value), label: o.label }));
  return <FilterSelect width={200} placeholder={t('renterPlaceholder')} options={options} {...props} />;
}

/** The renter of a receipt (its id). */
export function RenterSelect(props: { id?: string; value?: number; onChange?: (value: number | undefined) => void }) {
  const { t } = useTranslation('lease-billing');
  const options = useRenterOptions();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('renterPlaceholder')}
      options={options.map(({ value, label }) => ({ value, label }))}
      {...props}
    />
  );
}
