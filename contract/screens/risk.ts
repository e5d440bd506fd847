import { RISK_LOCKERS, RISK_READERS } from '../access/risk.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Risk control: lock tasks, risk records, lock day settings. */
export const riskScreens = defineScreens({
  /** `deviceId` shows one machine's tasks (its detail's risk tab leads here). */
  tasks: { path: '/riskManagement/index', title: 'risk:tasks.title', query: { deviceId: 'number' } },
  task: { path: '/riskManagement/task', title: 'risk:detail.routeTitle', query: { id: 'id' } },
  records: { path: '/riskManagement/history', title: 'risk:records.title' },
  lockDays: { path: '/riskManagement/lockDays', title: 'risk:lockDays.title' },
});

// Lock tasks and records for those who follow commands; the lock day settings for those who may lock.
export const riskMenu: AreaMenu<typeof riskScreens> = [
  { screen: 'tasks', group: 'risk', order: 10, title: 'lockTasks', icon: 'lock', roles: RISK_READERS },
  { screen: 'records', group: 'risk', order: 20, title: 'riskRecords', icon: 'file-text', roles: RISK_READERS },
  { screen: 'lockDays', group: 'risk', order: 30, title: 'lockDays', icon: 'schedule', roles: RISK_LOCKERS },
];
