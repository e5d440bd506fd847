import { bindEndpoints, verificationEndpoints } from '@console/contract/http/approvals';
import { customerEndpoints } from '@console/contract/http/customers';
import { userEndpoints } from '@console/contract/http/users';
import { readsOf } from '../../lib/endpoint-query.ts';

/** What a decision changes: the queues, and the accounts and customers whose membership or verification moved. */
export const APPROVAL_READS = [
  ...readsOf(bindEndpoints),
  ...readsOf(verificationEndpoints),
  ...readsOf(userEndpoints),
  ...readsOf(customerEndpoints),
];
