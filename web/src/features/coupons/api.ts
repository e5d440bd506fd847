import { COUPON_WRITERS, couponEndpoints } from '@console/contract/http/coupons';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useHasRole } from '../../lib/session.ts';

/** Everything the coupon page shows: a grant, a stop or a delete re-reads it. */
export const COUPON_READS = readsOf(couponEndpoints);

export const useIsCouponWriter = () => useHasRole(COUPON_WRITERS);
