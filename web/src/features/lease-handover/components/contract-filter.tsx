import { useQuery } from '@tanstack/react-query';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** The contracts the user sees (in execution, closed or terminated: those machines went out under) to pick one. */
export function ContractFilter(props: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  /** Only contracts in execution (where a new entry or exit may go). */
  running?: boolean;
  width?: number;
}) {
  const { running, width = 220, ...rest } = props;
  const list = useQuery(
    endpointQuery(leaseContractEndpoints.list, {
      pageSize: 200,
      ...(running ? { status: LEASE_STATUS.inExecution } : {}),
    }),
  );
  const shown = (list.data?.list ?? []).filter((c) => c.status >= LEASE_STATUS.inExecution);
  return (
    <FilterSelect
      {...rest}
      width={width}
      options={shown.map((c) => ({ value: String(c.id), label: `${c.number} ${c.renterName}` }))}
    />
  );
}
