import { useQuery } from '@tanstack/react-query';
import { customerEndpoints } from '@console/contract/http/customers';
import { CUSTOMER_WRITERS, PEOPLE_OPERATORS } from '@console/contract/access/customers';
import { endpointQuery, readsOf } from '../../lib/endpoint-query.ts';
import { useSession } from '../../lib/session.ts';

/** Everything the area shows: a change re-reads it. */
export const CUSTOMER_READS = readsOf(customerEndpoints);

/** What the signed-in role may do here; the server decides again, per record. */
export function useCustomerRights() {
  const { roleId } = useSession();
  return {
    writes: (CUSTOMER_WRITERS as readonly number[]).includes(roleId),
    /** The operator's staff: choose a customer's rental company, manage distributors and assign them. */
    operates: (PEOPLE_OPERATORS as readonly number[]).includes(roleId),
  };
}

/** The rental companies and distributors the operator's forms offer (asked only by the operator's staff). */
export function useFormOptions(enabled: boolean) {
  return useQuery({ ...endpointQuery(customerEndpoints.formOptions, {}), enabled, staleTime: 60_000 });
}
