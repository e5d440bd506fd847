import { deviceEndpoints } from '@console/contract/http/devices';
import { fenceEndpoints } from '@console/contract/http/fences';
import { readsOf } from '../../../lib/endpoint-query.ts';

/** A change of a fence or its machines: every fence list, record and choice, and the device list's fence column. */
export const FENCE_READS = [...readsOf(fenceEndpoints), deviceEndpoints.list];
