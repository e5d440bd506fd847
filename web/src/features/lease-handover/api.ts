import { leaseHandoverEndpoints } from '@console/contract/http/lease-handover';
import { HANDOVER_WRITERS } from '@console/contract/access/lease-handover';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useHasRole } from '../../lib/session.ts';

/**
 * A confirmation moves machines and opens or closes periods: it re-reads the entries, exits, periods, the contract
 * pages (their periods) and the device lists (a machine's lease status and customer).
 */
export const HANDOVER_READS = [...readsOf(leaseHandoverEndpoints), ...readsOf(leaseContractEndpoints)];

/** The lessor's 5, 6 and 10 write entries and exits; the server decides under which contracts. */
export const useIsHandoverWriter = () => useHasRole(HANDOVER_WRITERS);

/** The detail page of an entry or an exit. */
export const handoverHref = (row: { kind: 'entry' | 'exit'; id: number }) =>
  href(row.kind === 'entry' ? leaseHandoverScreens.enterDetail : leaseHandoverScreens.quitDetail, { id: row.id });
