import { FAULT_READERS } from '../access/faults.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Fault handling: fault records of the machines, typed in or from fault alarms (`alarmId` opens that form). */
export const faultScreens = defineScreens({
  list: { path: '/warning/fault', title: 'faults:title', query: { keyword: 'string', alarmId: 'number' } },
});

export const faultMenu: AreaMenu<typeof faultScreens> = [
  { screen: 'list', group: 'warning', order: 50, title: 'faults', icon: 'bug', roles: FAULT_READERS },
];
