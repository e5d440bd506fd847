import { useQuery } from '@tanstack/react-query';
import { processEndpoints } from '@console/contract/http/processes';
import { endpointQuery, readsOf } from '../../lib/endpoint-query.ts';

/** Every read of the area: a design, a deployment or a decision re-reads what it changed. */
export const PROCESS_READS = readsOf(processEndpoints);

/** The working people of an organisation (default the reader's): assignees, CC and transfer targets. */
export function usePeople(orgId?: number) {
  const query = useQuery({ ...endpointQuery(processEndpoints.people, orgId ? { orgId } : {}), staleTime: 60_000 });
  return query.data?.list ?? [];
}

/** The organisations a maintainer publishes to. */
export function usePublishOrgs() {
  const query = useQuery({ ...endpointQuery(processEndpoints.orgs), staleTime: 60_000 });
  return query.data?.list ?? [];
}
