import { eq } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import { isRegionPair } from '@console/contract/codes/region-list';
import { MAINLAND_MOBILE } from '@console/contract/http/fields';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { route, type RouteDef } from '../../lib/route.ts';
import { ownedDevice } from '../../lib/device-access.ts';

/**
 * A new work order's contact and place from what is known of its machine: the customer renting it (who calls and
 * where the machine works), or its owner while it is not rented. A place outside the region list is left for the
 * user to pick, never filled with text the list does not hold.
 */
export const workOrderContactRoutes: RouteDef[] = [
  route(workOrderEndpoints.machineContact, async ({ query, user, data }) => {
    const device = await ownedDevice(data, user, query.deviceId);
    const org = await data
      .select()
      .from(organisations, data.orgScope(organisations.id))
      .where(eq(organisations.id, device.customerOrgId ?? device.orgId))
      .get();
    // A mainland mobile is filled with +86; another number is the user's to enter with its area code.
    const phone = MAINLAND_MOBILE.test(org?.contactPhone ?? '') ? org!.contactPhone : '';
    const placed = org && org.province !== '' && isRegionPair(org.province, org.city);
    return {
      areaCode: phone ? '86' : '',
      phone,
      province: placed ? org.province : '',
      city: placed ? org.city : '',
      district: placed ? org.district : '',
      address: placed ? org.address : '',
    };
  }),
];
