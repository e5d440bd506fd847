import { useQuery } from '@tanstack/react-query';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useIsContractWriter } from '../api.ts';

/**
 * The company's renters, stores or salespeople to filter by, from what the contract form picks from (the lessor's
 * people; the others see the renters, stores and salespeople in the list itself).
 */
export function OptionFilter(props: {
  of: 'renters' | 'stores' | 'salespeople';
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
}) {
  const { of, ...rest } = props;
  const writer = useIsContractWriter();
  const options = useQuery({ ...endpointQuery(leaseContractEndpoints.options), enabled: writer });
  return (
    <FilterSelect
      {...rest}
      width={200}
      options={(options.data?.[of] ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
    />
  );
}
