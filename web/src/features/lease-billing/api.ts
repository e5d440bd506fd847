import { billingEndpoints } from '@console/contract/http/lease-billing';
import { OPENING_WRITERS, RECEIPT_WRITERS } from '@console/contract/access/lease-billing';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useSession } from '../../lib/session.ts';

/** Everything the area shows, and the renters' arrears the master data shows: a receipt or a void changes them. */
export const BILLING_READS = [...readsOf(billingEndpoints), partyEndpoints.renterList, partyEndpoints.renterDetail];

/** Whether the signed-in role records receipts; the server decides again, per renter. */
export function useRecordsReceipts(): boolean {
  const { roleId } = useSession();
  return (RECEIPT_WRITERS as readonly number[]).includes(roleId);
}

/** Whether the signed-in role brings renters' balances forward; the server decides again, per renter. */
export function useRecordsOpeningBalances(): boolean {
  const { roleId } = useSession();
  return (OPENING_WRITERS as readonly number[]).includes(roleId);
}
