import { TECHNICIAN_ROLES } from '../codes/roles.ts';
import { WORK_ORDER_KEEPERS, WORK_ORDER_READERS } from '../access/work-orders.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Maintenance work orders and technicians, under the alarms and maintenance group (spec /warning). */
export const workOrderScreens = defineScreens({
  /** `fromAlarm` opens the create dialog filled from that alarm; `assigneeId` and `open` filter by technician. */
  list: {
    path: '/warning/ticket',
    title: 'work-orders:list.title',
    query: { fromAlarm: 'number', assigneeId: 'number', open: 'number' },
  },
  detail: {
    path: '/warning/ticketDetail',
    title: 'work-orders:detail.routeTitle',
    query: { id: 'id' },
    parent: 'list',
  },
  technicians: { path: '/warning/worker', title: 'work-orders:technicians.title' },
});

// A technician's list holds only the orders assigned to them: "My work orders".
export const workOrderMenu: AreaMenu<typeof workOrderScreens> = [
  {
    screen: 'list',
    group: 'warning',
    order: 30,
    title: 'workOrders',
    icon: 'tool',
    roles: WORK_ORDER_READERS,
    except: TECHNICIAN_ROLES,
  },
  { screen: 'list', group: 'warning', order: 31, title: 'myWorkOrders', icon: 'tool', roles: TECHNICIAN_ROLES },
  {
    screen: 'technicians',
    group: 'warning',
    order: 40,
    title: 'technicians',
    icon: 'team',
    roles: WORK_ORDER_KEEPERS,
  },
];
