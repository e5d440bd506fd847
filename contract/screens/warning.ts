import { RULE_READERS } from '../access/alarm-rules.ts';
import { ALARM_READERS } from '../access/warning.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Alarms: the alarm centre (spec /warning/all) and the thresholds that raise alarms. */
export const warningScreens = defineScreens({
  /** `deviceId` and `alarmId` open one machine's alarms with that alarm's detail. */
  centre: { path: '/warning/all', title: 'warning:centre.title', query: { deviceId: 'number', alarmId: 'number' } },
  rules: { path: '/warning/rules', title: 'warning:rules.title' },
});

export const warningMenu: AreaMenu<typeof warningScreens> = [
  { screen: 'centre', group: 'warning', order: 10, title: 'alarmCentre', icon: 'alert', roles: ALARM_READERS },
  { screen: 'rules', group: 'warning', order: 20, title: 'alarmRules', icon: 'control', roles: RULE_READERS },
];
