import { ASSET_READERS } from '../access/accessories.ts';
import { PERIPHERAL_READERS } from '../access/peripherals.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Peripheral registries beside the machines: virtual hosts, controllers, GPS gateways, accessories. */
export const peripheralScreens = defineScreens({
  virtualHosts: { path: '/deviceManagement/virtualHosts', title: 'peripherals:virtualHosts.title' },
  controllers: { path: '/deviceManagement/controllers', title: 'peripherals:controllers.title' },
  gpsGateways: { path: '/deviceManagement/gpsGateways', title: 'peripherals:gpsGateways.title' },
  accessories: { path: '/deviceManagement/accessories', title: 'peripherals:accessories.title' },
});

export const peripheralMenu: AreaMenu<typeof peripheralScreens> = [
  {
    screen: 'virtualHosts',
    group: 'devices',
    order: 60,
    title: 'virtualHosts',
    icon: 'cluster',
    roles: PERIPHERAL_READERS,
  },
  {
    screen: 'controllers',
    group: 'devices',
    order: 70,
    title: 'controllers',
    icon: 'control',
    roles: PERIPHERAL_READERS,
  },
  {
    screen: 'gpsGateways',
    group: 'devices',
    order: 80,
    title: 'gpsGateways',
    icon: 'car',
    roles: PERIPHERAL_READERS,
  },
  {
    screen: 'accessories',
    group: 'devices',
    order: 90,
    title: 'accessories',
    icon: 'container',
    roles: ASSET_READERS,
  },
];
