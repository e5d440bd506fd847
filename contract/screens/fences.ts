import { FENCE_READERS } from '../access/fences.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Electronic fences: the list, and one fence's editor with its machines and alarms (a new fence without `id`). */
export const fenceScreens = defineScreens({
  list: { path: '/fenceManagement/list', title: 'fences:list.title' },
  // Its path sits under device management (spec), its place in the breadcrumb under the fence list.
  editor: {
    path: '/deviceManagement/fence',
    title: 'fences:detail.routeTitle',
    createTitle: 'fences:detail.newTitle',
    query: { id: 'number' },
    parent: 'list',
  },
});

// Everyone who reads machines: editors keep their fences, the others (customers, distributors, sales,
// technicians) see read-only the fences holding machines they see, to know where a machine may go.
export const fenceMenu: AreaMenu<typeof fenceScreens> = [
  { screen: 'list', group: 'fences', order: 10, title: 'fenceList', icon: 'environment', roles: FENCE_READERS },
];
