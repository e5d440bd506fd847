import { DEVICE_EDITORS, DEVICE_READERS } from '../access/devices.ts';
import { SIM_READERS } from '../access/sim-cards.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Device management: the registry of machines and their types. */
export const deviceScreens = defineScreens({
  list: {
    path: '/deviceManagement',
    title: 'devices:list.title',
    // The home page's figures, a model's and a fence's machine counts lead here filtered; a new host's form
    // back here on its serial.
    query: {
      status: 'number',
      kind: 'string',
      expiry: 'number',
      modelId: 'number',
      fenceId: 'number',
      serialNumber: 'string',
    },
  },
  models: { path: '/deviceManagement/models', title: 'devices:models.title' },
  /** Add a host, or edit the one with `id`. */
  form: { path: '/deviceManagement/addMachine', title: 'devices:form.routeTitle', query: { id: 'number' } },
  overview: {
    path: '/deviceManagement/deviceOverview',
    title: 'devices:overview.title',
    query: { kind: 'string' },
    keepAlive: true,
  },
  simCards: { path: '/deviceManagement/simCards', title: 'devices:sims.title' },
});

export const deviceMenu: AreaMenu<typeof deviceScreens> = [
  { screen: 'list', group: 'devices', order: 10, title: 'deviceList', icon: 'appstore', roles: DEVICE_READERS },
  {
    screen: 'overview',
    group: 'devices',
    order: 20,
    title: 'deviceOverview',
    icon: 'dashboard',
    roles: DEVICE_READERS,
  },
  { screen: 'models', group: 'devices', order: 40, title: 'deviceModels', icon: 'profile', roles: DEVICE_EDITORS },
  { screen: 'simCards', group: 'devices', order: 50, title: 'simCards', icon: 'idcard', roles: SIM_READERS },
];
