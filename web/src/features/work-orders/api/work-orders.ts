import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ROLE } from '@console/contract/codes/roles';
import type { BodyOf } from '@console/contract/http/endpoint';
import { technicianEndpoints } from '@console/contract/http/technicians';
import { warningEndpoints } from '@console/contract/http/warning';
import { WORK_ORDER_KEEPERS, workOrderEndpoints } from '@console/contract/http/work-orders';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** Query keys of the area: [area, resource, params]. The lists are ListPage's (area 'work-orders'). */
export const workOrdersKey = ['work-orders'] as const;

export const ticketHref = (id: number) => `/warning/ticketDetail?id=${id}`;
export const ticketListHref = '/warning/ticket';
export const machineHref = (deviceId: number) => `/deviceManagement/detail?id=${deviceId}`;
/** The alarm centre on the machine's alarms, with the alarm's details open. */
export const alarmHref = (deviceId: number, alarmId: number) => `/warning/all?deviceId=${deviceId}&alarmId=${alarmId}`;
/** Where an order's source record is: the feedback's own page, or the machine's fault records or reminders. */
export const sourceHref = (order: { source: string; sourceId: number | null; device: { serialNumber: string } }) => {
  const serial = encodeURIComponent(order.device.serialNumber);
  if (order.source === 'feedback') return `/warning/feedbackDetail?id=${order.sourceId}`;
  if (order.source === 'fault') return `/warning/fault?keyword=${serial}`;
  if (order.source === 'upkeep') return `/warning/upkeep?keyword=${serial}`;
  return null;
};

export const workOrderQuery = (id: number) =>
  queryOptions({
    queryKey: ['work-orders', 'detail', id],
    queryFn: ({ signal }) => callApi(workOrderEndpoints.detail, { query: { id } }, { signal }),
  });

export const technicianChoicesQuery = () =>
  queryOptions({
    queryKey: ['work-orders', 'technicians'],
    queryFn: ({ signal }) => callApi(workOrderEndpoints.technicians, {}, { background: true, signal }),
    staleTime: 30000,
  });

/** The alarm a work order is raised from (`/warning/ticket?fromAlarm=`). */
export const alarmQuery = (id: number) =>
  queryOptions({
    queryKey: ['work-orders', 'alarm', id],
    queryFn: ({ signal }) => callApi(warningEndpoints.detail, { query: { id } }, { signal }),
  });

/** Those who keep the machines create, edit and assign; the server decides per order too. */
export const useIsKeeper = () => (WORK_ORDER_KEEPERS as readonly number[]).includes(useSession().roleId);
export const useIsTechnician = () => useSession().roleId === ROLE.technician;

export const refreshWorkOrders = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: workOrdersKey });

// Silent: the dialogs show a refusal on its field (or as the usual toast when it belongs to no field).
export const createWorkOrder = (body: BodyOf<typeof workOrderEndpoints.create>) =>
  callApi(workOrderEndpoints.create, { body }, { silent: true });
export const updateWorkOrder = (body: BodyOf<typeof workOrderEndpoints.update>) =>
  callApi(workOrderEndpoints.update, { body }, { silent: true });
export const saveTechnicianProfile = (body: BodyOf<typeof technicianEndpoints.saveProfile>) =>
  callApi(technicianEndpoints.saveProfile, { body }, { silent: true });
