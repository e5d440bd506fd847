import { payableEndpoints } from '@console/contract/http/payables';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { readsOf } from '../../lib/endpoint-query.ts';

/** A payment or a void changes the payables, and the margins the revenue analysis shows beside its machines. */
export const PAYABLE_READS = [...readsOf(payableEndpoints), ...readsOf(revenueEndpoints)];
