import { ROLE } from '@console/contract/codes/roles';
import { technicianEndpoints } from '@console/contract/http/technicians';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { WORK_ORDER_KEEPERS } from '@console/contract/access/work-orders';
import { endpointQuery, readsOf } from '../../../lib/endpoint-query.ts';
import { useHasRole, useSession } from '../../../lib/session.ts';
import { href } from '@console/contract/screens/screen';
import { faultScreens } from '@console/contract/screens/faults';
import { feedbackScreens } from '@console/contract/screens/feedback';
import { upkeepScreens } from '@console/contract/screens/upkeep';

/** Everything the area shows (orders, their details, the technicians and their loads): a change refreshes it. */
export const WORK_ORDER_READS = [...readsOf(workOrderEndpoints), ...readsOf(technicianEndpoints)];

/** Where an order's source record is: the feedback's own page, or the machine's fault records or reminders. */
export const sourceHref = (order: { source: string; sourceId: number | null; device: { serialNumber: string } }) => {
  const keyword = order.device.serialNumber;
  if (order.source === 'feedback' && order.sourceId) return href(feedbackScreens.detail, { id: order.sourceId });
  if (order.source === 'fault') return href(faultScreens.list, { keyword });
  if (order.source === 'upkeep') return href(upkeepScreens.list, { keyword });
  return null;
};

/** The user's technicians; with orders, those who can take every one of them (and why none can, when none can). */
export const technicianChoicesQuery = (ids: number[] = []) => ({
  ...endpointQuery(workOrderEndpoints.technicians, ids.length > 0 ? { ids: ids.join(',') } : {}, { background: true }),
  staleTime: 30000,
});

/** Those who keep the machines create, edit and assign; the server decides per order too. */
export const useIsKeeper = () => useHasRole(WORK_ORDER_KEEPERS);
export const useIsTechnician = () => useSession().roleId === ROLE.technician;
