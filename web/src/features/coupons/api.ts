import { couponEndpoints } from '@console/contract/http/coupons';
import { COUPON_WRITERS } from '@console/contract/access/coupons';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useHasRole } from '../../lib/session.ts';

/** Everything the coupon page shows: a grant, a stop or a delete re-reads it. */
export const COUPON_READS = readsOf(couponEndpoints);

export const useIsCouponWriter = () => useHasRole(COUPON_WRITERS);
