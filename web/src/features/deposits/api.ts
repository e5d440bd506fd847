import { depositEndpoints } from '@console/contract/http/deposits';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { readsOf } from '../../lib/endpoint-query.ts';

/** A deposit's move changes the deposits, and (a receipt, an allocation) the bills, receipts and bill record. */
export const DEPOSIT_READS = [...readsOf(depositEndpoints), ...readsOf(billingEndpoints)];
